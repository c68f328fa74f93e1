import { findAppRoute } from '@dnx/shared';
import { Alert, Card, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A screen of the route table whose feature is not built yet: the real frame, clearly marked. */
export function PlaceholderScreen({ routeKey }: { routeKey: string }) {
  const { t } = useTranslation();
  const route = findAppRoute(routeKey);
  return (
    <div data-testid="placeholder-screen">
      <PageHeader title={t(`routes.${routeKey}`, { defaultValue: route?.title ?? routeKey })} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('common.inProgressTitle')} description={t('common.inProgressText')} />
        <Card>
          <Skeleton title={false} paragraph={{ rows: 8 }} />
        </Card>
      </Space>
    </div>
  );
}
