import { hasPermissions, parseReceiptQr, publicPaymentSchema, type CheckAnswer, type InspectCheck } from '@dnx/shared';
import { decodeJwt } from 'jose';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryClient } from '../../app/query-client';
import { apiRequest, ApiError } from '../../lib/api-client';
import { currentUserQuery } from '../../lib/current-user';
import { loadJwks, storedJwks, verifyReceipt } from '../../lib/signatures';
import { tokenStorage } from '../../lib/token-storage';
import { answerFromMark, answerFromReceipt, notGenuineAnswer, typedMarkKey, type InspectAnswer } from './answer';
import { findMark, queueCheck, queuedChecks, snapshotMeta, type SnapshotMeta } from './store';
import { sendQueuedChecks, SnapshotRefused, syncSnapshot } from './sync';

/** Where the screen stands with the server: what it tells the inspector above the buttons. */
export type SyncState = 'idle' | 'syncing' | 'synced' | 'refused' | 'failed' | 'offline' | 'signedOut' | 'forbidden';

const locationKey = 'dnx-inspect-location';

/**
 * The position when the inspector allowed it (the switch on and the browser's permission), else null: degrees as
 * decimal strings of 7 places (about a centimetre), the accuracy in whole metres, as the API takes them.
 */
function currentLocation(): Promise<InspectCheck['location']> {
  if (localStorage.getItem(locationKey) !== '1' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          lat: p.coords.latitude.toFixed(7),
          lon: p.coords.longitude.toFixed(7),
          accuracy: Math.round(p.coords.accuracy),
        }),
      () => resolve(null),
      { timeout: 5_000, maximumAge: 60_000 },
    );
  });
}

/** The series and number a QR claims, read without trusting it: a forged receipt's check still names its mark. */
function claimedMark(jws: string): { series: string; number: string } | null {
  try {
    const { series, number } = decodeJwt(jws) as { series?: unknown; number?: unknown };
    return typeof series === 'string' && typeof number === 'string' && /^\d{6}$/.test(number)
      ? { series, number }
      : null;
  } catch {
    return null;
  }
}

/**
 * The inspector's screen state (issue 46): the kept snapshot, syncing it and sending the queued checks whenever the
 * phone is online and signed in (at start and on each `online` event), and each look-up with the check it records.
 */
export function useInspector() {
  const [meta, setMeta] = useState<SnapshotMeta | undefined>();
  const [sync, setSync] = useState<SyncState>('idle');
  const [pending, setPending] = useState(0);
  const [answer, setAnswer] = useState<InspectAnswer | null>(null);
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

  /** Shows an answer and queues its check (sent at once when online). */
  const record = useCallback(
    async (shown: InspectAnswer, mark: { series: string; number: string } | null) => {
      setAnswer(shown);
      if (!mark) return;
      const location = await currentLocation();
      await queueCheck({
        id: crypto.randomUUID(),
        series: mark.series,
        number: mark.number,
        checkedAt: new Date().toISOString(),
        answer: shown.answer satisfies CheckAnswer,
        source: shown.source,
        snapshotAt: shown.snapshotAt,
        location,
      });
      await refreshQueue();
      if (navigator.onLine && tokenStorage.access) {
        try {
          setPending(await sendQueuedChecks());
        } catch {
          // Sent on the next `online` event or start.
        }
      }
    },
    [refreshQueue],
  );

  const lookUpTyped = useCallback(
    async (series: string, number: string): Promise<boolean> => {
      const typed = typedMarkKey(series, number);
      if (!typed) return false;
      performance.mark('inspect-lookup-start');
      const mark = await findMark(typed.series, typed.number);
      const shown = answerFromMark(typed.series, typed.number, mark, {
        now: new Date(),
        snapshotAt: meta?.generatedAt ?? null,
      });
      performance.measure('inspect-lookup', 'inspect-lookup-start');
      await record(shown, typed);
      return true;
    },
    [meta, record],
  );

  const lookUpScanned = useCallback(
    async (text: string) => {
      const snapshotAt = meta?.generatedAt ?? null;
      const now = new Date();
      const qr = parseReceiptQr(text);
      if (!qr) return record(notGenuineAnswer(snapshotAt), null);
      if (qr.jws) {
        const jwks = storedJwks() ?? (await loadJwks());
        const claims = jwks ? await verifyReceipt(qr.jws, jwks) : null;
        if (!claims || claims.code !== qr.code) return record(notGenuineAnswer(snapshotAt), claimedMark(qr.jws));
        const mark = await findMark(claims.series, claims.number);
        return record(answerFromReceipt(claims, mark, { now, snapshotAt }), claims);
      }
      // A receipt from before the signatures: only the server can tell.
      if (!navigator.onLine) return record(notGenuineAnswer(snapshotAt, true), null);
      try {
        const body = await apiRequest<unknown>(`/api/public/payments/${encodeURIComponent(qr.code)}/`, {
          bearer: 'none',
        });
        const row = publicPaymentSchema.parse(body).rows[0];
        if (!row) return record(notGenuineAnswer(snapshotAt), null);
        const found = { series: row.form_series, number: row.form_number };
        const mark = await findMark(found.series, found.number);
        return record(answerFromMark(found.series, found.number, mark, { now, snapshotAt, source: 'scan' }), found);
      } catch (error) {
        // No such payment: the code is not the authority's; any other failure leaves it unverified.
        const missing = error instanceof ApiError && error.status === 404;
        return record(notGenuineAnswer(snapshotAt, !missing), null);
      }
    },
    [meta, record],
  );

  const setShareLocation = useCallback((share: boolean) => {
    localStorage.setItem(locationKey, share ? '1' : '0');
  }, []);

  return {
    meta,
    sync,
    pending,
    answer,
    online,
    connect,
    lookUpTyped,
    lookUpScanned,
    shareLocation: () => localStorage.getItem(locationKey) === '1',
    setShareLocation,
  };
}
