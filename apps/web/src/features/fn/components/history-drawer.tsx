import { fnMovementLabels, formatDateTime, type FnHistoryEntry } from '@dnx/shared';
import { Alert, Drawer, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/notify';
import { useFocusReturn } from '../../../lib/page-focus';
import { useFnHistory, type HistorySubject } from '../api/history';

const movementColor: Partial<Record<FnHistoryEntry['movement'], string>> = {
  create: 'blue',
  accept: 'green',
  share: 'geekblue',
  unshare: 'gray',
  void: 'red',
  annul: 'red',
  delete: 'red',
  expire: 'orange',
};

function EntryText({ entry }: { entry: FnHistoryEntry }) {
  const { t } = useTranslation();
  const range =
    entry.number_from && entry.number_to
      ? entry.number_from === entry.number_to
        ? entry.number_from
        : `${entry.number_from} - ${entry.number_to}`
      : null;
  return (
    <div data-testid="fn-history-entry">
      <Typography.Text strong>{fnMovementLabels[entry.movement]}</Typography.Text>
      {range && (
        <span>
          {' · '}
          {range} ({t('fn.formsCount', { count: entry.forms })})
        </span>
      )}
      <div>
        <Typography.Text type="secondary">
          {formatDateTime(entry.at)} · {entry.actor_email ?? '—'}
        </Typography.Text>
      </div>
      {entry.reason && (
        <div>
          {t('fn.reason')}: {entry.reason}
        </div>
      )}
    </div>
  );
}

/** A batch's or a form's timeline from the ledger, oldest first. */
export function HistoryDrawer({ subject, onClose }: { subject: HistorySubject | null; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useFnHistory(subject);
  useFocusReturn(subject !== null);
  return (
    <Drawer
      open={subject !== null}
      onClose={onClose}
      focusable={{ focusTriggerAfterClose: false }}
      title={subject ? `${t('fn.history')}: ${subject.title}` : t('fn.history')}
      size="large"
      data-testid="fn-history-drawer"
    >
      {history.isPending && subject !== null ? (
        <Skeleton active />
      ) : history.isError ? (
        <Alert type="error" showIcon message={failureMessage(history.error)} />
      ) : (history.data ?? []).length === 0 ? (
        <Empty description={t('fn.noHistory')} />
      ) : (
        <Timeline
          items={(history.data ?? []).map((entry) => ({
            key: entry.id ?? `${entry.movement}-${entry.at}`,
            color: movementColor[entry.movement] ?? 'gray',
            content: <EntryText entry={entry} />,
          }))}
        />
      )}
    </Drawer>
  );
}
