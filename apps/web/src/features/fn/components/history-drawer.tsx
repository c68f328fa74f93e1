import { fnMovementLabels, formatDateTime, type FnHistoryEntry } from '@dnx/shared';
import { Alert, Button, Drawer, Empty, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import { failureMessage } from '../../../lib/notify';
import { useFocusReturn } from '../../../lib/page-focus';
import { useFnHistory, type HistorySubject } from '../api/history';

const movementColor: Partial<Record<FnHistoryEntry['movement'], string>> = {
  check: 'purple',
  create: 'blue',
  accept: 'green',
  share: 'geekblue',
  unshare: 'gray',
  void: 'red',
  annul: 'red',
  delete: 'red',
  expire: 'orange',
};

export function EntryText({ entry }: { entry: FnHistoryEntry }) {
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
      {entry.movement === 'check' ? (
        <CheckAnswer entry={entry} />
      ) : (
        entry.reason && (
          <div>
            {t('fn.reason')}: {entry.reason}
          </div>
        )
      )}
    </div>
  );
}

/** An inspector's check (issue 46): its answer in the reader's language and how the form was named. */
function CheckAnswer({ entry }: { entry: FnHistoryEntry }) {
  const { t } = useTranslation();
  const { answer, source } = (entry.after ?? {}) as { answer?: string; source?: string };
  const known = (key: string, value: string | undefined) => value !== undefined && i18n.exists(`${key}.${value}`);
  return (
    <div data-testid="fn-history-check">
      {t('fn.checkAnswer')}:{' '}
      <Typography.Text strong type={answer === 'valid' ? 'success' : 'danger'}>
        {known('fn.checkAnswers', answer) ? t(`fn.checkAnswers.${answer}`) : entry.reason}
      </Typography.Text>
      {known('fn.checkSources', source) && ` · ${t(`fn.checkSources.${source}`)}`}
    </div>
  );
}

/** The entries read so far, oldest first, and (a form's history is paged) a button for the next page. */
export function HistoryEntries(props: { entries: FnHistoryEntry[]; more: (() => void) | null; loadingMore: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Timeline
        items={props.entries.map((entry, i) => ({
          key: entry.id ?? `${entry.movement}-${entry.at}-${i}`,
          color: movementColor[entry.movement] ?? 'gray',
          content: <EntryText entry={entry} />,
        }))}
      />
      {props.more && (
        <Button onClick={props.more} loading={props.loadingMore} data-testid="fn-history-more">
          {t('fn.historyMore')}
        </Button>
      )}
    </>
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
        <HistoryEntries
          entries={history.data ?? []}
          more={history.hasNextPage ? () => void history.fetchNextPage() : null}
          loadingMore={history.isFetchingNextPage}
        />
      )}
    </Drawer>
  );
}
