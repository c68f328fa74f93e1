import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { useDocumentTitle } from '../../../lib/document-title';

/** The frame of the public screens: sign-in, forgotten and new password. Plain markup keeps /signin light. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <header className="auth-card-header">
          <img src="/favicon.svg" width={48} height={48} alt="" />
          <span className="auth-card-app">{t('common.appName')}</span>
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </header>
        {children}
        <footer className="auth-card-footer">
          <LanguageSwitch />
          {t('common.footer')}
        </footer>
      </div>
    </main>
  );
}
