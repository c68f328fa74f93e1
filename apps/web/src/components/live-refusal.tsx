import { useTranslation } from 'react-i18next';
import type { LiveRefusal as Refusal } from '../lib/live/bus';
import { useLiveRefusal } from '../lib/live';

/**
 * A refused stream in the header (issue 56): the server's reason (too many tabs of this browser or this person, a
 * full server) and when the tab tries again, after the server's Retry-After, instead of "Reconnecting…" for good.
 * Plain markup, as the live state beside it.
 */
export function LiveRefusalView({ refusal }: { refusal: Refusal | null }) {
  const { t } = useTranslation();
  if (!refusal) return null;
  const retry = t('live.refusedRetry', { seconds: refusal.waitSeconds });
  return (
    <span
      className="live-status live-status-refused"
      role="status"
      data-testid="live-refused"
      title={refusal.detail ? `${refusal.detail} ${retry}` : retry}
    >
      <span className="live-status-dot" aria-hidden />
      <span>{t('live.refused')}</span>
      <span className="live-refusal-detail" data-testid="live-refused-detail">
        {refusal.detail ?? ''} {retry}
      </span>
    </span>
  );
}

export function LiveRefusal() {
  return <LiveRefusalView refusal={useLiveRefusal()} />;
}
