import { useTranslation } from 'react-i18next';
import type { LiveStatus as Status } from '../lib/live/bus';
import { useLiveStatus } from '../lib/live';

/**
 * The live stream's state in the header (issue 47): a quiet "Live" while events come, "Reconnecting…" only after a
 * drop of a stream that was live (issue 60: a fresh session's first connection says nothing). Both words sit in one
 * cell and the box is as wide as the longer from the first paint, so no state moves the header. Plain markup: it is
 * part of every signed-in screen's first download.
 */
export function LiveStatusView({ status }: { status: Status }) {
  const { t } = useTranslation();
  if (status === 'off') return null;
  const live = status === 'live';
  const reconnecting = status === 'reconnecting';
  const hint = live ? t('live.liveHint') : reconnecting ? t('live.reconnectingHint') : undefined;
  return (
    <span
      className={`live-status live-status-${status}`}
      role="status"
      title={hint}
      data-testid="live-status"
      data-status={status}
    >
      <span className="live-status-dot" aria-hidden />
      <span className="live-status-words">
        <span aria-hidden={!live} className={live ? undefined : 'live-status-unshown'}>
          {t('live.live')}
        </span>
        <span aria-hidden={!reconnecting} className={reconnecting ? undefined : 'live-status-unshown'}>
          {t('live.reconnecting')}
        </span>
      </span>
    </span>
  );
}

export function LiveStatus() {
  return <LiveStatusView status={useLiveStatus()} />;
}
