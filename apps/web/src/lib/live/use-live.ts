import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { refreshAccessToken } from '../api-client';
import { tokenStorage } from '../token-storage';
import { liveBus, stopLiveStream, type LiveRefusal, type LiveStatus } from './bus';
import type { CountersEvent, LiveEvent } from './events';
import { createQuerySync, liveCountersKey } from './query-sync';
import { startWhenQuiet } from './quiet-start';
import { takeReadPosition } from './read-position';

/**
 * Runs the tab's one stream while the signed-in frame is shown (AppLayout): it opens after sign-in, once the first
 * screen's reads are done (its client loaded then), and closes at sign-out; it follows the browser going offline and
 * online, and feeds the events into the query cache.
 */
export function useLiveStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let shown = true;
    const sync = createQuerySync(queryClient);
    const unsubscribe = liveBus.subscribe(sync.handle);
    const offline = () => liveBus.connection?.suspend();
    const online = () => liveBus.connection?.reconnect();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    const cancelStart = startWhenQuiet(queryClient, () => {
      void import('./live-client').then(({ LiveClient }) => {
        if (!shown || liveBus.connection) return;
        const client = new LiveClient({
          token: () => tokenStorage.access,
          refresh: refreshAccessToken,
          onRefused: (refusal) => liveBus.setRefusal(refusal),
        });
        client.onStatus((status) => liveBus.setStatus(status));
        client.subscribe((event) => liveBus.emit(event));
        liveBus.connection = client;
        // The first screen's reads were made before the stream opened: it resumes from where they stood.
        client.lastEventId = takeReadPosition();
        client.start();
      });
    });
    return () => {
      shown = false;
      cancelStart();
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      unsubscribe();
      sync.dispose();
      stopLiveStream();
      // The next person's first stream starts from their own first reads.
      takeReadPosition();
    };
  }, [queryClient]);
}

const subscribeStatus = (listener: () => void) => liveBus.onStatus(listener);
const readStatus = () => liveBus.status;

/** The stream's state now, for the header's indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, readStatus, () => 'off' as const);
}

const readRefusal = () => liveBus.refusal;

/** Why the server refused the stream and when it is tried again, while it is refused (issue 56); else null. */
export function useLiveRefusal(): LiveRefusal | null {
  return useSyncExternalStore(subscribeStatus, readRefusal, () => null);
}

/** Calls `listener` with every event of the stream while the component is shown (the latest listener). */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => liveBus.subscribe((event) => latest.current(event)), []);
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
