import { formatCount, type Language } from '@dnx/shared';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rememberInitialUrl } from '../../auth/session';
import { isStale } from '../answer';
import { snapshotClock } from '../snapshot-time';
import type { SnapshotMeta } from '../store';
import type { SyncState } from '../use-inspector';
import '../texts';

const notices: Partial<Record<SyncState, { type: 'info' | 'warning' | 'error'; key: string }>> = {
  offline: { type: 'info', key: 'inspect.offline' },
  refused: { type: 'error', key: 'inspect.syncRefused' },
  failed: { type: 'warning', key: 'inspect.syncFailed' },
  forbidden: { type: 'error', key: 'inspect.forbidden' },
};

/** An allowed age in hours: "12", "1.5". */
const ageText = (minutes: number) => (minutes % 60 === 0 ? String(minutes / 60) : (minutes / 60).toFixed(1));

/** What the phone holds and where it stands with the server: the snapshot's age, the sync, the checks not sent. */
export function InspectStatus({
  meta,
  sync,
  pending,
  online,
  now,
  onSync,
}: {
  meta: SnapshotMeta | undefined;
  sync: SyncState;
  pending: number;
  online: boolean;
  now: Date;
  onSync: () => void;
}) {
  const { t, i18n } = useTranslation();
  // The allowed age comes signed with the snapshot (the server's INSPECT_SNAPSHOT_MAX_AGE).
  const maxAgeMinutes = meta?.maxAgeMinutes ?? 0;
  const stale = isStale(meta?.generatedAt ?? null, now, maxAgeMinutes * 60_000);
  const notice = notices[sync];
  return (
    <section className="inspect-status" aria-label={t('inspect.sync')}>
      {meta ? (
        <p data-testid="inspect-snapshot">
          {t('inspect.snapshotStatus', {
            marks: formatCount(meta.marks, i18n.language as Language),
            time: snapshotClock(meta.generatedAt, now, i18n.language as Language),
          })}
        </p>
      ) : (
        <Alert type="warning" showIcon message={t('inspect.snapshotNone')} data-testid="inspect-no-snapshot" />
      )}
      {meta && stale && (
        <Alert
          type="warning"
          showIcon
          message={t('inspect.snapshotStale', { age: ageText(maxAgeMinutes) })}
          data-testid="inspect-stale"
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
          {pending ? t('inspect.pending', { count: pending }) : t('inspect.allSent')}
        </span>
      </div>
    </section>
  );
}
