import { formatCount, type Language } from '@dnx/shared';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rememberInitialUrl } from '../../auth';
import { isStale } from '../answer';
import type { KeptList } from '../kept-list';
import { clockSkewText, listAge, snapshotClock } from '../snapshot-time';
import type { RefusedChecks, SyncState } from '../use-inspector';
import '../texts';

const notices: Partial<Record<SyncState, { type: 'info' | 'warning' | 'error'; key: string }>> = {
  offline: { type: 'info', key: 'inspect.offline' },
  refused: { type: 'error', key: 'inspect.syncRefused' },
  older: { type: 'warning', key: 'inspect.syncOlder' },
  failed: { type: 'warning', key: 'inspect.syncFailed' },
  forbidden: { type: 'error', key: 'inspect.forbidden' },
};

/** What the phone holds: the list and its age, or that it has none (never had one, or the kept one failed its check). */
function ListStatus({ list, now }: { list: KeptList | undefined; now: Date }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  if (!list) return null;
  if (list.status === 'none')
    return <Alert type="warning" showIcon message={t('inspect.snapshotNone')} data-testid="inspect-no-snapshot" />;
  if (list.status === 'failed')
    return <Alert type="error" showIcon message={t('inspect.snapshotFailed')} data-testid="inspect-list-failed" />;
  const { meta } = list;
  const time = snapshotClock(meta.generatedAt, now, language);
  return (
    <>
      <p data-testid="inspect-snapshot">
        {t('inspect.snapshotStatus', { marks: formatCount(meta.marks, language), time })}
      </p>
      {isStale(meta.generatedAt, now, meta.maxAgeMinutes * 60_000) && (
        <Alert
          type="warning"
          showIcon
          message={t('inspect.snapshotStale', { time, age: listAge(t, meta.generatedAt, now) })}
          data-testid="inspect-stale"
        />
      )}
    </>
  );
}

/**
 * What the phone holds and where it stands with the server: the list's age, the phone's clock against the server's,
 * the sync, the checks not sent and those the server refused.
 */
export function InspectStatus({
  list,
  sync,
  pending,
  sent,
  refused,
  online,
  now,
  clockSkewMs,
  onSync,
}: {
  list: KeptList | undefined;
  sync: SyncState;
  pending: number;
  /** How many checks the server answered for since the page opened. */
  sent: number;
  refused: RefusedChecks;
  online: boolean;
  now: Date;
  clockSkewMs: number | null;
  onSync: () => void;
}) {
  const { t } = useTranslation();
  const notice = notices[sync];
  return (
    <section className="inspect-status" aria-label={t('inspect.sync')}>
      <ListStatus list={list} now={now} />
      {clockSkewMs !== null && (
        <Alert
          type="warning"
          showIcon
          message={`${clockSkewText(t, clockSkewMs)} ${t('inspect.clockJudged')}`}
          description={t('inspect.clockFix')}
          data-testid="inspect-clock"
        />
      )}
      {sync === 'signedOut' && (
        <Alert
          type="warning"
          showIcon
          message={t('inspect.signedOut')}
          data-testid="inspect-signed-out"
          action={
            <Link to="/signin" onClick={() => rememberInitialUrl('/inspect')}>
              {t('inspect.signIn')}
            </Link>
          }
        />
      )}
      {notice && <Alert type={notice.type} showIcon message={t(notice.key)} data-testid={`inspect-notice-${sync}`} />}
      {refused.map(({ detail, count }) => (
        <Alert
          key={detail}
          type="error"
          showIcon
          message={t('inspect.checksRefused', { count, detail })}
          data-testid="inspect-checks-refused"
        />
      ))}
      {sync === 'synced' && (
        <p className="inspect-synced" role="status" data-testid="inspect-synced">
          {t('inspect.synced')}
        </p>
      )}
      <div className="inspect-status-actions">
        <Button
          onClick={() => void onSync()}
          loading={sync === 'syncing'}
          disabled={!online}
          data-testid="inspect-sync"
        >
          {sync === 'syncing' ? t('inspect.syncing') : t('inspect.sync')}
        </Button>
        <span data-testid="inspect-pending" data-count={pending}>
          {pending > 0
            ? t('inspect.pending', { count: pending })
            : sent > 0 && sync !== 'signedOut' && t('inspect.allSent')}
        </span>
      </div>
    </section>
  );
}
