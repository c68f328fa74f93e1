import { hasPermissions } from '@dnx/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryClient } from '../../app/query-client';
import { ApiError } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { tokenStorage } from '../../lib/token-storage';
import { queuedChecks, snapshotMeta, type SnapshotMeta } from './store';
import { sendQueuedChecks, SnapshotRefused, syncSnapshot } from './sync';

/** Where the screen stands with the server: what it tells the inspector above the buttons. */
export type SyncState = 'idle' | 'syncing' | 'synced' | 'refused' | 'failed' | 'offline' | 'signedOut' | 'forbidden';

/**
 * The kept snapshot and the queue of checks, synced with the server whenever the phone is online and signed in (at
 * start and on each `online` event).
 */
export function useInspectSync() {
  const [meta, setMeta] = useState<SnapshotMeta | undefined>();
  const [sync, setSync] = useState<SyncState>('idle');
  const [pending, setPending] = useState(0);
  const [online, setOnline] = useState(() => navigator.onLine);
  const busy = useRef(false);

  const refreshQueue = useCallback(async () => setPending((await queuedChecks()).length), []);

  const connect = useCallback(async () => {
    if (busy.current) return;
    if (!tokenStorage.access) return setSync('signedOut');
    if (!navigator.onLine) return setSync('offline');
    busy.current = true;
    setSync('syncing');
    try {
      // No retries: a phone at the roadside learns at once that the server is out of reach.
      const user = await queryClient.fetchQuery({ ...currentUserQuery, retry: false });
      if (!hasPermissions(user.permissions, ['check_fn'])) return setSync('forbidden');
      try {
        setPending(await sendQueuedChecks());
      } catch {
        // The checks stay queued; the snapshot still syncs.
      }
      setMeta(await syncSnapshot(user.id));
      setSync('synced');
    } catch (error) {
      if (error instanceof SnapshotRefused) setSync('refused');
      else if (error instanceof ApiError && error.status === 401) setSync('signedOut');
      else if (error instanceof ApiError && error.status === 403) setSync('forbidden');
      // A request that never got an answer (fetch's TypeError): the network is down, whatever navigator.onLine says.
      else setSync(error instanceof TypeError || !navigator.onLine ? 'offline' : 'failed');
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    // At start, after the first render: the kept snapshot, the queue, then the server when online.
    queueMicrotask(() => {
      void snapshotMeta().then(setMeta);
      void refreshQueue();
      void connect();
    });
    const up = () => {
      setOnline(true);
      void connect();
    };
    const down = () => {
      setOnline(false);
      setSync('offline');
    };
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [connect, refreshQueue]);

  return { meta, sync, pending, setPending, online, connect, refreshQueue };
}
