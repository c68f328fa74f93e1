import {
  markKey,
  markStateAt,
  paymentTag,
  readSnapshotMark,
  seriesPattern,
  type CheckAnswer,
  type ReceiptClaims,
  type SnapshotMark,
} from '@dnx/shared';

/** Where an answer's details come from: the signed snapshot, the signed receipt alone, or nothing. */
export type AnswerBasis = 'snapshot' | 'receipt' | 'none';

/** What the inspector's screen shows for one look-up, and what its check records (issue 46). */
export interface InspectAnswer {
  answer: CheckAnswer;
  series: string | null;
  number: string | null;
  plate: string | null;
  transportType: string | null;
  validFrom: string | null;
  validTo: string | null;
  amount: string | null;
  source: 'scan' | 'typed';
  basis: AnswerBasis;
  /** A scanned receipt whose payment is no longer the mark's (the snapshot names another one). */
  otherPayment: boolean;
  /** A scanned receipt without a signature (made before receipts were signed). */
  unsigned: boolean;
  /** When the snapshot the answer read was made; null without one. */
  snapshotAt: string | null;
}

interface Moment {
  now: Date;
  snapshotAt: string | null;
}

const blank = { plate: null, transportType: null, validFrom: null, validTo: null, amount: null };

/** A typed (or looked-up) series and number against the snapshot: its state at `now`, unknown when it lacks it. */
export function answerFromMark(
  series: string,
  number: string,
  mark: SnapshotMark | undefined,
  { now, snapshotAt, source = 'typed' }: Moment & { source?: 'scan' | 'typed' },
): InspectAnswer {
  const base = { series, number, source, otherPayment: false, unsigned: false, snapshotAt };
  if (!mark) return { ...base, ...blank, answer: 'unknown', basis: 'none' };
  const m = readSnapshotMark(mark);
  return {
    ...base,
    answer: markStateAt(m, now),
    plate: m.plate,
    transportType: m.transportType,
    validFrom: m.validFrom,
    validTo: m.validTo,
    amount: m.amount,
    basis: 'snapshot',
  };
}

/**
 * A receipt whose signature held: the snapshot's word on its mark when it has one (an annulment or a later payment
 * shows), else the signed claims' own dates (a mark of another region).
 */
export function answerFromReceipt(
  claims: ReceiptClaims,
  mark: SnapshotMark | undefined,
  moment: Moment,
): InspectAnswer {
  if (mark) {
    const answer = answerFromMark(claims.series, claims.number, mark, { ...moment, source: 'scan' });
    const tag = readSnapshotMark(mark).paymentTag;
    return { ...answer, otherPayment: tag !== null && tag !== paymentTag(claims.code) };
  }
  return {
    answer: markStateAt({ state: 'valid', validTo: claims.validTo }, moment.now),
    series: claims.series,
    number: claims.number,
    plate: claims.plate,
    transportType: claims.transportType,
    validFrom: claims.validFrom,
    validTo: claims.validTo,
    amount: claims.amount,
    source: 'scan',
    basis: 'receipt',
    otherPayment: false,
    unsigned: false,
    snapshotAt: moment.snapshotAt,
  };
}

/** A QR whose signature failed, or an unsigned one that cannot be looked up: nothing of it is shown as true. */
export function notGenuineAnswer(snapshotAt: string | null, unsigned = false): InspectAnswer {
  return {
    ...blank,
    answer: 'not_genuine',
    series: null,
    number: null,
    source: 'scan',
    basis: 'none',
    otherPayment: false,
    unsigned,
    snapshotAt,
  };
}

/** Whether the snapshot is older than the allowed age (or missing): the screen warns. */
export function isStale(snapshotAt: string | null, now: Date, maxAgeMs: number): boolean {
  if (!snapshotAt) return true;
  return now.getTime() - Date.parse(snapshotAt) > maxAgeMs;
}

/** Typed input as the snapshot keys it: series in capitals, number zero-padded to 6 digits; null when unusable. */
export function typedMarkKey(series: string, number: string): { series: string; number: string; key: string } | null {
  const s = series.trim().toUpperCase();
  const digits = number.trim();
  if (!seriesPattern.test(s) || !/^\d{1,6}$/.test(digits) || Number(digits) < 1) return null;
  const n = digits.padStart(6, '0');
  return { series: s, number: n, key: markKey(s, n) };
}
