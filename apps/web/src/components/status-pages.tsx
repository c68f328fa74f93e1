import { homePath } from '@dnx/shared';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title';
import { LinkButton } from './link-button';

export function NotFoundResult() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.notFoundTitle'));
  return (
    <Result
      status="404"
      title={t('common.notFoundTitle')}
      subTitle={t('common.notFoundText')}
      extra={
        <LinkButton to={homePath} type="primary">
          {t('common.backHome')}
        </LinkButton>
      }
    />
  );
}

export function ForbiddenResult() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('common.forbiddenTitle')}
      subTitle={t('common.forbiddenText')}
      extra={
        <LinkButton to={homePath} type="primary">
          {t('common.backHome')}
        </LinkButton>
      }
    />
  );
}

/** A full page for unknown paths outside /app. */
export function NotFoundPage() {
  return (
    <div style={{ minHeight: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <NotFoundResult />
    </div>
  );
}
