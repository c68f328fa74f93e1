import {
  auditActionLabels,
  auditResultLabels,
  permissionResources,
  type AuditAction,
  type AuditEntry,
  type AuditResult,
} from '@dnx/shared';
import { Descriptions, Drawer, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../../lib/page-focus';

/** An audited value as text: strings as they are, everything else as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export const actionLabel = (action: string) => auditActionLabels[action as AuditAction] ?? action;
const resourceNames = new Map<string, string>(permissionResources.map((r) => [r.resource, r.name]));
export const resourceLabel = (resource: string) => resourceNames.get(resource) ?? resource;
export const resultLabel = (result: string) => auditResultLabels[result as AuditResult] ?? result;
/** UTC, as stored: the trail is read across offices and compared with server logs. */
export const utcTime = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
}

/** One audit row: who, when, from where, and its changed fields' values before and after, side by side. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  useFocusReturn(entry !== null);
  const changes: ChangeRow[] = Object.entries(entry?.changes ?? {}).map(([field, change]) => ({ field, ...change }));
  return (
    <Drawer
      open={entry !== null}
      onClose={onClose}
      focusable={{ focusTriggerAfterClose: false }}
      title={t('audit.details')}
      size="large"
      destroyOnHidden
    >
      {entry && (
        <div data-testid="audit-entry">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'at', label: t('audit.at'), children: utcTime(entry.at) },
              { key: 'actor', label: t('audit.actorEmail'), children: entry.actor_email ?? '—' },
              { key: 'action', label: t('audit.action'), children: actionLabel(entry.action) },
              { key: 'result', label: t('audit.result'), children: resultLabel(entry.result) },
              {
                key: 'object',
                label: t('audit.objectName'),
                children: `${resourceLabel(entry.resource)} ${entry.record_id ?? ''} ${entry.object_name ?? ''}`.trim(),
              },
              { key: 'ip', label: t('audit.ip'), children: entry.ip ?? '—' },
              { key: 'agent', label: t('audit.userAgent'), children: entry.user_agent ?? '—' },
              { key: 'request', label: t('audit.requestId'), children: entry.request_id ?? '—' },
              ...(entry.detail
                ? [{ key: 'detail', label: t('audit.detail'), children: JSON.stringify(entry.detail) }]
                : []),
            ]}
          />
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={changes}
            locale={{ emptyText: <Empty description={t('audit.noChanges')} /> }}
            data-testid="audit-changes"
            columns={[
              { key: 'field', title: t('audit.field'), dataIndex: 'field' },
              {
                key: 'before',
                title: t('audit.before'),
                render: (_: unknown, row: ChangeRow) => auditValue(row.before),
              },
              {
                key: 'after',
                title: t('audit.after'),
                render: (_: unknown, row: ChangeRow) => auditValue(row.after),
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
