import { markKey, parseReceiptQr, publicPaymentSchema, type CheckAnswer, type SnapshotMark } from '@dnx/shared';
import { decodeJwt } from 'jose';
import { useCallback, useState } from 'react';
import { apiRequest, ApiError } from '../../lib/api-client';
import { loadJwks, storedJwks, verifyReceipt } from '../../lib/signatures';
import { tokenStorage } from '../../lib/token-storage';
import {
  answerFromMark,
  answerFromReceipt,
  isFinding,
  isStale,
  notGenuineAnswer,
  typedMarkKey,
  type InspectAnswer,
  type Moment,
} from './answer';
import { currentLocation } from './inspect-location';
import type { KeptList } from './kept-list';
import { clockSkew } from './phone-clock';
import { queueCheck } from './store';

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
 * The moment of a look-up against the list: the check's time (the server's when the phone's clock is off past the
 * limit, with the phone's own kept to judge the expiry both ways), and how the list stands at that time.
 */
export function lookupMoment(list: KeptList | undefined, phoneNow = new Date()): Moment {
  const skew = clockSkew();
  const now = skew === null ? phoneNow : new Date(phoneNow.getTime() + skew);
  if (list?.status !== 'ok') return { now, clockSkewMs: skew, snapshotAt: null, list: 'none' };
  const { generatedAt, maxAgeMinutes } = list.meta;
  return {
    now,
    phoneNow: skew === null ? undefined : phoneNow,
    clockSkewMs: skew,
    snapshotAt: generatedAt,
    list: isStale(generatedAt, now, maxAgeMinutes * 60_000) ? 'stale' : 'fresh',
  };
}

/**
 * Each look-up (typed, or a scanned receipt's QR) answered from the kept list, with the check it records: queued,
 * and sent at once when online. With no list on the phone the answer says so and nothing is recorded.
 */
export function useInspectLookup(
  list: KeptList | undefined,
  refreshQueue: () => Promise<void>,
  send: (inspector: number) => Promise<void>,
) {
  const [answer, setAnswer] = useState<InspectAnswer | null>(null);
  /** The typed series and number could not be a mark: shown under the field until the next look-up. */
  const [typedInvalid, setTypedInvalid] = useState(false);
  const find = useCallback(
    (series: string, number: string): SnapshotMark | undefined =>
      list?.status === 'ok' ? list.marks.get(markKey(series, number)) : undefined,
    [list],
  );

  /** Shows an answer and queues its check (sent at once when online). */
  const record = useCallback(
    async (shown: InspectAnswer, mark: { series: string; number: string } | null) => {
      setAnswer(shown);
      if (!mark || !isFinding(shown) || list?.status !== 'ok') return;
      const location = await currentLocation();
      await queueCheck({
        id: crypto.randomUUID(),
        series: mark.series,
        number: mark.number,
        checkedAt: shown.checkedAt,
        answer: shown.answer satisfies CheckAnswer,
        source: shown.source,
        snapshotAt: shown.snapshotAt,
        location,
        userId: list.meta.userId,
      });
      await refreshQueue();
      if (navigator.onLine && tokenStorage.access) {
        // Sent on the next `online` event or start when this fails.
        await send(list.meta.userId).catch(() => undefined);
      }
    },
    [list, refreshQueue, send],
  );

  const lookUpTyped = useCallback(
    async (series: string, number: string): Promise<void> => {
      const typed = typedMarkKey(series, number);
      setTypedInvalid(!typed);
      if (!typed) {
        // The previous answer must not stand beside a mark that cannot be one.
        setAnswer(null);
        return;
      }
      performance.mark('inspect-lookup-start');
      const shown = answerFromMark(typed.series, typed.number, find(typed.series, typed.number), lookupMoment(list));
      performance.measure('inspect-lookup', 'inspect-lookup-start');
      await record(shown, typed);
    },
    [find, list, record],
  );

  const lookUpScanned = useCallback(
    async (text: string) => {
      setTypedInvalid(false);
      const moment = lookupMoment(list);
      const qr = parseReceiptQr(text);
      if (!qr) return record(notGenuineAnswer(moment), null);
      if (qr.jws) {
        const jwks = storedJwks() ?? (await loadJwks());
        const claims = jwks ? await verifyReceipt(qr.jws, jwks) : null;
        if (!claims || claims.code !== qr.code) return record(notGenuineAnswer(moment), claimedMark(qr.jws));
        return record(answerFromReceipt(claims, find(claims.series, claims.number), moment), claims);
      }
      // A receipt from before the signatures: only the server can tell.
      if (!navigator.onLine) return record(notGenuineAnswer(moment, true), null);
      try {
        const body = await apiRequest<unknown>(`/api/public/payments/${encodeURIComponent(qr.code)}/`, {
          bearer: 'none',
        });
        const row = publicPaymentSchema.parse(body).rows[0];
        if (!row) return record(notGenuineAnswer(moment), null);
        const found = { series: row.form_series, number: row.form_number };
        const mark = find(found.series, found.number);
        return record(answerFromMark(found.series, found.number, mark, { ...moment, source: 'scan' }), found);
      } catch (error) {
        // No such payment: the code is not the authority's; any other failure leaves it unverified.
        const missing = error instanceof ApiError && error.status === 404;
        return record(notGenuineAnswer(moment, !missing), null);
      }
    },
    [find, list, record],
  );

  return { answer, typedInvalid, lookUpTyped, lookUpScanned };
}
