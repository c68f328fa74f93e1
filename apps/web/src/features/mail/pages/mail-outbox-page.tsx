import { RedoOutlined } from '@ant-design/icons';
import { mailExportColumns, mailKindLabels, mailStatuses, mailStatusLabels, type MailItem } from '@dnx/shared';
import { Button, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { mailOutboxEndpoint, useRetryMail } from '../api/mail-outbox';

const statusColor: Record<string, string> = { pending: 'blue', sent: 'green', failed: 'red' };

/**
 * `mail-outbox`: every mail the system sent or is sending (reset links, online requests' codes and decisions), newest
 * first, with its state and last error; a mail that could not be sent is sent again from here. Never a body.
 */
export default function MailOutboxPage() {
  const { t } = useTranslation();
  const retry = useRetryMail();

  const declaration = useMemo<ResourceListDeclaration<MailItem>>(
    () => ({
      endpoint: mailOutboxEndpoint,
      title: t('routes.mail-outbox'),
      rowKey: (m) => m.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      exportColumns: mailExportColumns,
      // At 1280 px without scrolling sideways (issue 29), with room for long addresses and subjects: the attempts and
      // the moment of sending are in the column settings (the status says whether it went, the error why not).
      defaultColumns: ['id', 'created_at', 'kind', 'to', 'subject', 'status', 'last_error'],
      columns: [
        { key: 'id', title: 'ID', sortKey: 'id' },
        { key: 'created_at', title: t('mail.createdAt'), sortKey: 'created_at' },
        { key: 'kind', title: t('mail.kind') },
        { key: 'to', title: t('mail.to'), breakAnywhere: true },
        { key: 'subject', title: t('mail.subject'), width: 240 },
        {
          key: 'status',
          title: t('mail.status'),
          render: (m) => <Tag color={statusColor[m.status]}>{mailStatusLabels[m.status]}</Tag>,
        },
        { key: 'attempts', title: t('mail.attempts') },
        { key: 'last_error', title: t('mail.lastError'), width: 240 },
        { key: 'sent_at', title: t('mail.sentAt') },
        {
          key: 'retry',
          title: t('list.actions'),
          screenOnly: true,
          render: (m) =>
            m.status === 'failed' ? (
              <Button
                size="small"
                icon={<RedoOutlined />}
                loading={retry.isPending && retry.variables === m.id}
                onClick={() => retry.mutate(m.id, { onSuccess: () => notifySuccess(), onError: notifyFailure })}
                aria-label={`${t('mail.retry')}: ${m.to}`}
                data-testid={`mail-retry-${m.id}`}
              >
                {t('mail.retry')}
              </Button>
            ) : null,
        },
      ],
      filters: [
        {
          name: 'status',
          label: t('mail.status'),
          options: mailStatuses.map((s) => ({ value: s, label: mailStatusLabels[s] })),
        },
        {
          name: 'kind',
          label: t('mail.kind'),
          options: Object.entries(mailKindLabels).map(([value, label]) => ({ value, label })),
        },
      ],
    }),
    [t, retry],
  );

  return (
    <div data-testid="mail-outbox-page">
      <PageHeader title={t('routes.mail-outbox')} />
      <ResourceTable declaration={declaration} />
    </div>
  );
}
