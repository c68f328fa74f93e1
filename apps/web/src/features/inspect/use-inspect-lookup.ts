import { parseReceiptQr, publicPaymentSchema, type CheckAnswer } from '@dnx/shared';
import { decodeJwt } from 'jose';
import { useCallback, useState } from 'react';
import { apiRequest, ApiError } from '../../lib/api-client';
import { loadJwks, storedJwks, verifyReceipt } from '../../lib/signatures';
import { tokenStorage } from '../../lib/token-storage';
import { answerFromMark, answerFromReceipt, notGenuineAnswer, typedMarkKey, type InspectAnswer } from './answer';
import { currentLocation } from './inspect-location';
import { findMark, queueCheck, type SnapshotMeta } from './store';
import { sendQueuedChecks } from './sync';

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
 * Each look-up (typed, or a scanned receipt's QR) answered from the kept snapshot, with the check it records: queued,
 * and sent at once when online.
 */
export function useInspectLookup(
  meta: SnapshotMeta | undefined,
  refreshQueue: () => Promise<void>,
  setPending: (count: number) => void,
) {
  const [answer, setAnswer] = useState<InspectAnswer | null>(null);

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
    [refreshQueue, setPending],
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

  return { answer, lookUpTyped, lookUpScanned };
}
