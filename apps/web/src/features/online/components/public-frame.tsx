import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import './public-page.css';

/**
 * The frame of the carriers' public pages (no sign-in): the app's name, the links between the request and its
 * status, the page's heading; one column that fits a phone of 360 px.
 */
export function PublicFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="public-page">
      <header className="public-page-header no-print">
        <span className="public-page-brand">
          <img src="/favicon.svg" width={32} height={32} alt="" />
          <span>{t('common.appName')}</span>
        </span>
        <nav aria-label={t('online.navigation')} className="public-page-nav">
          <NavLink to="/online" end>
            {t('online.requestsLink')}
          </NavLink>
          <NavLink to="/online/status">{t('online.statusLink')}</NavLink>
        </nav>
      </header>
      <main className="public-page-main">
        <h1 className="public-page-title">{title}</h1>
        {subtitle && <p className="public-page-subtitle no-print">{subtitle}</p>}
        {children}
      </main>
      <footer className="public-page-footer no-print">{t('common.footer')}</footer>
    </div>
  );
}
