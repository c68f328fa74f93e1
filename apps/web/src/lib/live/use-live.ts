import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { refreshAccessToken } from '../api-client';
import { tokenStorage } from '../token-storage';
import type { CountersEvent, LiveEvent } from './events';
import { LiveClient, type LiveStatus } from './live-client';
import { createQuerySync, liveCountersKey } from './query-sync';
import { startWhenQuiet } from './quiet-start';

/** The tab's one stream, shared by every screen. */
export const liveClient = new LiveClient({ token: () => tokenStorage.access, refresh: refreshAccessToken });

/**
 * Runs the stream while the signed-in frame is shown (AppLayout): it opens after sign-in, once the first screen's
 * reads are done, and closes at sign-out; it follows the browser going offline and online, and feeds the events into
 * the query cache.
 */
export function useLiveStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const sync = createQuerySync(queryClient);
    const unsubscribe = liveClient.subscribe(sync.handle);
    const offline = () => liveClient.suspend();
    const online = () => liveClient.reconnect();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    const cancelStart = startWhenQuiet(queryClient, () => liveClient.start());
    return () => {
      cancelStart();
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      unsubscribe();
      sync.dispose();
      liveClient.stop();
    };
  }, [queryClient]);
}

const subscribeStatus = (listener: () => void) => liveClient.onStatus(listener);
const readStatus = () => liveClient.status;

/** The stream's state now, for the header's indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, readStatus, () => 'off' as const);
}

/** Calls `listener` with every event of the stream while the component is shown (the latest listener). */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => liveClient.subscribe((event) => latest.current(event)), []);
}

/** The menu's counts as the stream last sent them (empty until it does). */
export function useLiveCounters(): CountersEvent {
  return (
    useQuery<CountersEvent>({
      queryKey: liveCountersKey,
      // Only the stream writes them (`counters` events): never fetched, never stale.
      queryFn: () => ({}),
      enabled: false,
      staleTime: Infinity,
    }).data ?? {}
  );
}
