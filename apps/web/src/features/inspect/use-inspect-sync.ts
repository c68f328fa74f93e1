import { hasPermissions } from '@dnx/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryClient } from '../../app/query-client';
import { ApiError } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { tokenStorage } from '../../lib/token-storage';
import { keptList, type KeptList } from './kept-list';
import { queuedChecks } from './store';
import { sendQueuedChecks, SnapshotOlder, SnapshotRefused, syncSnapshot, type SendResult } from './sync';

/** Where the screen stands with the server: what it tells the inspector above the buttons. */
export type SyncState =
  'idle' | 'syncing' | 'synced' | 'refused' | 'older' | 'failed' | 'offline' | 'signedOut' | 'forbidden';

/** The checks the server refused for good since the page opened, by reason. */
export type RefusedChecks = { detail: string; count: number }[];

function addRefused(before: RefusedChecks, refused: SendResult['refused']): RefusedChecks {
  const next = before.map((r) => ({ ...r }));
  for (const { detail } of refused) {
    const same = next.find((r) => r.detail === detail);
    if (same) same.count += 1;
    else next.push({ detail, count: 1 });
  }
  return next;
}

/**
 * The kept list (checked again from storage at start) and the queue of checks, synced with the server whenever the
 * phone is online and signed in (at start and on each `online` event).
 */
export function useInspectSync() {
  const [list, setList] = useState<KeptList | undefined>();
  const [sync, setSync] = useState<SyncState>('idle');
  const [pending, setPending] = useState(0);
  /** How many checks the server answered for since the page opened: "all sent" only means something after one. */
  const [sent, setSent] = useState(0);
  const [refused, setRefused] = useState<RefusedChecks>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const busy = useRef(false);

  const refreshQueue = useCallback(async () => setPending((await queuedChecks()).length), []);

  /** Sends the queue of `inspector` and tells the screen what came of it. */
  const send = useCallback(async (inspector: number | undefined) => {
    const result = await sendQueuedChecks(inspector);
    setPending(result.pending);
    setSent((count) => count + result.answered);
    if (result.refused.length > 0) setRefused((before) => addRefused(before, result.refused));
  }, []);

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
      const kept = await keptList();
      try {
        if (kept.status === 'ok') await send(kept.meta.userId);
      } catch {
        // The checks stay queued; the snapshot still syncs.
      }
      const synced = await syncSnapshot(user.id, kept);
      setList(synced);
      setSync('synced');
      // Checks made before the first list of this inspector are theirs too once it is kept.
      await send(synced.meta.userId).catch(() => undefined);
    } catch (error) {
      if (error instanceof SnapshotOlder) setSync('older');
      else if (error instanceof SnapshotRefused) setSync('refused');
      else if (error instanceof ApiError && error.status === 401) setSync('signedOut');
      else if (error instanceof ApiError && error.status === 403) setSync('forbidden');
      // A request that never got an answer (fetch's TypeError): the network is down, whatever navigator.onLine says.
      else setSync(error instanceof TypeError || !navigator.onLine ? 'offline' : 'failed');
    } finally {
      busy.current = false;
    }
  }, [send]);

  useEffect(() => {
    // At start, after the first render: the kept list checked again, the queue, then the server when online.
    queueMicrotask(() => {
      void keptList().then(setList);
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

  return { list, sync, pending, sent, refused, online, connect, refreshQueue, send };
}
