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

/** The list an answer was read from: within its allowed age, older than it, or no list on the phone at all. */
export type ListStanding = 'fresh' | 'stale' | 'none';

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
  /** Why a voided blank was voided. */
  voidReason: string | null;
  source: 'scan' | 'typed';
  basis: AnswerBasis;
  /** A scanned receipt whose payment is no longer the mark's (the snapshot names another one). */
  otherPayment: boolean;
  /** A scanned receipt without a signature (made before receipts were signed). */
  unsigned: boolean;
  /** When the snapshot the answer read was made; null without one. */
  snapshotAt: string | null;
  /** When the check was made (the server's time when the phone's clock is off). */
  checkedAt: string;
  list: ListStanding;
  /** The phone's clock is off by this many ms (past the limit); null when it is not, or not known. */
  clockSkewMs: number | null;
  /** The phone's own clock would judge the expiry otherwise than the server's time does. */
  clockDoubt: boolean;
}

/** The moment of a look-up and the list it reads. */
export interface Moment {
  /** The check's time: the phone's clock, or the server's time when the phone's is off (phone-clock.ts). */
  now: Date;
  /** The phone's own clock, when it is off (the expiry is judged by both). */
  phoneNow?: Date;
  clockSkewMs?: number | null;
  snapshotAt: string | null;
  list: ListStanding;
}

const blank = { plate: null, transportType: null, validFrom: null, validTo: null, amount: null, voidReason: null };

const momentOf = ({ now, clockSkewMs = null, snapshotAt, list }: Moment) => ({
  snapshotAt,
  checkedAt: now.toISOString(),
  list,
  clockSkewMs,
  clockDoubt: false,
});

/** The state of a mark at the check's time, and whether the phone's own (off) clock would say otherwise. */
function stateOf(mark: { state: SnapshotMark[2]; validTo: string | null }, moment: Moment) {
  const answer = markStateAt(mark, moment.now);
  const doubt = moment.phoneNow !== undefined && markStateAt(mark, moment.phoneNow) !== answer;
  return { answer, clockDoubt: doubt };
}

/** A typed (or looked-up) series and number against the snapshot: its state at `now`, unknown when it lacks it. */
export function answerFromMark(
  series: string,
  number: string,
  mark: SnapshotMark | undefined,
  moment: Moment & { source?: 'scan' | 'typed' },
): InspectAnswer {
  const base = { series, number, source: moment.source ?? 'typed', otherPayment: false, unsigned: false };
  if (!mark) return { ...base, ...blank, ...momentOf(moment), answer: 'unknown', basis: 'none' };
  const m = readSnapshotMark(mark);
  return {
    ...base,
    ...momentOf(moment),
    ...stateOf(m, moment),
    plate: m.plate,
    transportType: m.transportType,
    validFrom: m.validFrom,
    validTo: m.validTo,
    amount: m.amount,
    voidReason: m.state === 'voided' ? m.voidReason : null,
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
    ...momentOf(moment),
    ...stateOf({ state: 'valid', validTo: claims.validTo }, moment),
    series: claims.series,
    number: claims.number,
    plate: claims.plate,
    transportType: claims.transportType,
    validFrom: claims.validFrom,
    validTo: claims.validTo,
    amount: claims.amount,
    voidReason: null,
    source: 'scan',
    basis: 'receipt',
    otherPayment: false,
    unsigned: false,
  };
}

/** A QR whose signature failed, or an unsigned one that cannot be looked up: nothing of it is shown as true. */
export function notGenuineAnswer(moment: Moment, unsigned = false): InspectAnswer {
  return {
    ...blank,
    ...momentOf(moment),
    answer: 'not_genuine',
    series: null,
    number: null,
    source: 'scan',
    basis: 'none',
    otherPayment: false,
    unsigned,
  };
}

/**
 * The answer's look: its own colour, or `doubt` (amber) for a valid answer that cannot be given in full: read from
 * a list past its allowed age or with no list, or judged otherwise by the phone's own clock. Only a fresh list and
 * clocks that agree give the full green "valid".
 */
export function answerTone(answer: InspectAnswer): CheckAnswer | 'doubt' {
  if (answer.answer === 'valid' && (answer.list !== 'fresh' || answer.clockDoubt)) return 'doubt';
  return answer.answer;
}

/** Whether a check is a finding to record: never with no list on the phone (it could not be judged). */
export const isFinding = (answer: InspectAnswer): boolean => answer.list !== 'none';

/** Whether the snapshot is older than the allowed age (or missing). */
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
