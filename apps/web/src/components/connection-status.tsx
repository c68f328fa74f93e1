import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/**
 * While the browser is offline, a banner says so (issue 30); TanStack Query holds the lists' calls meanwhile and
 * makes them again when the connection returns (`refetchOnReconnect`), so the banner simply goes away.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  // Plain markup: the banner is part of every signed-in screen's first download.
  return (
    <div className="connection-lost" role="alert" data-testid="connection-lost">
      {t('errors.offline')}
    </div>
  );
}
