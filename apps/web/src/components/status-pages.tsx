import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homePath } from '@dnx/shared';

export function NotFoundResult() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('common.notFoundTitle')}
      subTitle={t('common.notFoundText')}
      extra={
        <Link to={homePath}>
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
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
        <Link to={homePath}>
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
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
