import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to load or render. Plain markup: it ships with the first download. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="route-error">
      <h2>{t('common.errorTitle')}</h2>
      <p>{t('common.errorText')}</p>
      <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
