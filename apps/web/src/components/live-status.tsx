import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../lib/live';

/**
 * The live stream's state in the header (issue 47): a quiet "Live" while events come, "Reconnecting…" after a drop.
 * Plain markup: it is part of every signed-in screen's first download.
 */
export function LiveStatus() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (status === 'off') return null;
  const live = status === 'live';
  return (
    <span
      className={live ? 'live-status live-status-on' : 'live-status'}
      role="status"
      title={live ? t('live.liveHint') : t('live.reconnectingHint')}
      data-testid="live-status"
      data-status={status}
    >
      <span className="live-status-dot" aria-hidden />
      {live ? t('live.live') : t('live.reconnecting')}
    </span>
  );
}
