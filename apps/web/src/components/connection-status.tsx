import { onlineManager } from '@tanstack/react-query';
import { Alert } from 'antd';
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
  return (
    <Alert type="warning" banner showIcon role="alert" message={t('errors.offline')} data-testid="connection-lost" />
  );
}
