import { formatDateTime } from '@dnx/shared';
import { Alert, Card, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/notify';
import { useBusRouteHistory } from '../api/bus-route-history';
import { historyLines, historyLineText, type Translate } from './history-diff';

const actionColor = { create: 'green', update: 'blue', status: 'gray' } as const;

/** Every change of the route, newest first: who and when, and each difference in words. */
export function HistoryTimeline({ routeId }: { routeId: number }) {
  const { t, i18n } = useTranslation();
  const history = useBusRouteHistory(routeId);
  const translate = t as unknown as Translate;
  const body = () => {
    if (history.isPending) return <Skeleton active />;
    if (history.isError)
      return (
        <Alert
          type="error"
          showIcon
          message={t('busRoutes.history.loadFailed')}
          description={failureMessage(history.error)}
        />
      );
    if (history.data.length === 0) return <Typography.Paragraph>{t('busRoutes.history.none')}</Typography.Paragraph>;
    return (
      <Timeline
        items={history.data.map((entry) => {
          const lines = historyLines(entry).map((line) => historyLineText(line, translate, i18n.language));
          return {
            key: entry.id,
            color: actionColor[entry.action],
            content: (
              <div data-testid={`bus-route-history-${entry.id}`} data-action={entry.action}>
                <Typography.Text strong>{t(`busRoutes.history.${entry.action}`)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {t('busRoutes.history.by', {
                    who: entry.actor_email ?? t('busRoutes.history.unknownActor'),
                    when: formatDateTime(entry.at),
                  })}
                </Typography.Text>
                {lines.length === 0 ? (
                  <Typography.Paragraph type="secondary">{t('busRoutes.history.noChanges')}</Typography.Paragraph>
                ) : (
                  <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                    {lines.map((text, index) => (
                      <li key={index}>{text}</li>
                    ))}
                  </ul>
                )}
              </div>
            ),
          };
        })}
      />
    );
  };
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ fontSize: 16, margin: 0 }}>
          {t('busRoutes.history.title')}
        </Typography.Title>
      }
      data-testid="bus-route-history"
      style={{ marginTop: 16 }}
    >
      {body()}
    </Card>
  );
}
