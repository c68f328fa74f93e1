import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { failureMessage } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/document-title';
import { useOptOut, useReminderOptOut } from '../api/opt-out';

/**
 * `/reminders/opt-out/{token}`: the link in each expiry reminder, no sign-in. Opening it changes nothing (mail
 * scanners open links); the carrier confirms with the button.
 */
export function OptOutPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const state = useReminderOptOut(token);
  const optOut = useOptOut(token);
  useDocumentTitle(t('reminders.title'));

  return (
    <main style={{ maxWidth: 640, margin: '32px auto', padding: '0 16px' }} data-testid="opt-out-page">
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('reminders.title')}
      </Typography.Title>
      {state.isPending && <Skeleton active />}
      {state.isError && (
        <Result status="404" title={t('reminders.unknownTitle')} subTitle={failureMessage(state.error)} />
      )}
      {state.data && (
        <Card>
          {state.data.expiry_reminders === 0 ? (
            <Result
              status="success"
              title={<h2 style={{ fontSize: 20, margin: 0 }}>{t('reminders.stopped')}</h2>}
              subTitle={t('reminders.stoppedText', { carrier: state.data.carrier })}
              data-testid="opt-out-done"
            />
          ) : (
            <Result
              status="info"
              title={<h2 style={{ fontSize: 20, margin: 0 }}>{state.data.carrier}</h2>}
              subTitle={t('reminders.question')}
              extra={
                <Button
                  type="primary"
                  danger
                  loading={optOut.isPending}
                  onClick={() => optOut.mutate()}
                  data-testid="opt-out-confirm"
                >
                  {t('reminders.confirm')}
                </Button>
              }
            />
          )}
          {optOut.isError && <Typography.Text type="danger">{failureMessage(optOut.error)}</Typography.Text>}
        </Card>
      )}
    </main>
  );
}
