import { DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { reportGroupByLabels, type ReportSubscription } from '@dnx/shared';
import { Button, Card, List, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import type { ReportParams } from '../api/get-report';
import { paramsOf, subscriptionOf, useSubscribe, useSubscriptions, useUnsubscribe } from '../api/subscriptions';

/** "Mail me monthly": the report of the filters on screen, mailed as Excel on the 1st of each month (issue 26). */
export function SubscribeButton({ params, disabled }: { params: ReportParams; disabled?: boolean }) {
  const { t } = useTranslation();
  const subscribe = useSubscribe();
  return (
    <Popconfirm
      title={t('reports.subscribeTitle')}
      description={<div style={{ maxWidth: 320 }}>{t('reports.subscribeText')}</div>}
      okText={t('reports.subscribe')}
      cancelText={t('list.cancel')}
      onConfirm={() => subscribe.mutateAsync(subscriptionOf(params)).then(notifySuccess, notifyFailure)}
    >
      <Button icon={<MailOutlined />} disabled={disabled} loading={subscribe.isPending} data-testid="report-subscribe">
        {t('reports.subscribe')}
      </Button>
    </Popconfirm>
  );
}

function describe(subscription: ReportSubscription, t: (key: string, options?: Record<string, unknown>) => string) {
  const filters = Object.keys(paramsOf(subscription)).length - 1;
  return `${reportGroupByLabels[subscription.group_by]}${filters ? ` · ${t('reports.subscriptionFilters', { count: filters })}` : ''}`;
}

/** The user's subscriptions: each opens its filters on screen, and can be ended. Hidden while there is none. */
export function ReportSubscriptions({ onOpen }: { onOpen: (params: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const unsubscribe = useUnsubscribe();
  if (!subscriptions.data?.length) return null;
  return (
    <Card size="small" title={t('reports.subscriptions')} className="no-print" data-testid="report-subscriptions">
      <List
        size="small"
        dataSource={subscriptions.data}
        renderItem={(s) => (
          <List.Item
            data-testid={`report-subscription-${s.id}`}
            actions={[
              <Button key="open" type="link" size="small" onClick={() => onOpen(paramsOf(s))}>
                {t('reports.subscriptionOpen')}
              </Button>,
              <Popconfirm
                key="end"
                title={t('reports.unsubscribeConfirm')}
                okText={t('reports.unsubscribe')}
                cancelText={t('list.cancel')}
                onConfirm={() => unsubscribe.mutateAsync(s.id).then(notifySuccess, notifyFailure)}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('reports.unsubscribe')}: ${describe(s, t)}`}
                >
                  {t('reports.unsubscribe')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={describe(s, t)}
              description={
                <Typography.Text type="secondary">
                  {s.last_sent_period
                    ? t('reports.subscriptionLastSent', { period: s.last_sent_period })
                    : t('reports.subscriptionNotSentYet')}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
