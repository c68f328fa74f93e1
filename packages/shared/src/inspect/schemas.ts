import { z } from 'zod';
import { momentOutSchema } from '../api/input';
import { fnMessages } from '../fn/messages';
import { fnNumberPattern, fnSeriesSchema } from '../fn/schemas';
import { inspectMessages as m } from './messages';

/**
 * The inspector's phone (issue 46): the states a check answers, the signed receipt's claims, the published keys, the
 * signed snapshot of the marks and the checks the phone sends back. Both sides read these; the server signs, the
 * phone verifies offline with the published keys.
 */

/**
 * What a check answers about a mark; `unknown`: the snapshot does not hold it; `voided`: the blank was spoiled or lost
 * and voided with a reason (a state of its own, never "not issued", so an inspector can tell it from a blank that
 * awaits payment).
 */
export const markStates = ['valid', 'expired', 'annulled', 'voided', 'not_issued', 'unknown'] as const;
export type MarkState = (typeof markStates)[number];
/** A check's answer: a mark state, or `not_genuine` when a receipt's signature fails. */
export const checkAnswers = [...markStates, 'not_genuine'] as const;
export type CheckAnswer = (typeof checkAnswers)[number];

/**
 * The state a snapshot entry carries, as of its making: paid to a vehicle (`valid`, until its validTo), `annulled`,
 * `voided` (with its reason as the tuple's tenth element), or `not_issued` (issued to no vehicle: new, active, shared,
 * used in an unpaid payment). `expired` is not sent: it follows from validTo at the moment of the check (markStateAt).
 */
export const snapshotMarkStates = ['valid', 'annulled', 'voided', 'not_issued'] as const;
export type SnapshotMarkState = (typeof snapshotMarkStates)[number];

/** The answers in Azerbaijani, as a form's history names a check's. */
export const checkAnswerLabels: Record<CheckAnswer, string> = {
  valid: 'Etibarlıdır',
  expired: 'Müddəti bitib',
  annulled: 'Ləğv edilib',
  voided: 'Blank etibarsız sayılıb',
  not_issued: 'Nəqliyyat vasitəsinə verilməyib',
  unknown: 'Tapılmadı',
  not_genuine: 'Saxtadır',
};

/** The key a mark is found by: series and 6-digit number ("AB-000123"). */
export const markKey = (series: string, number: string): string => `${series}-${number}`;

/** The part of a mark that decides its state. Dates are yyyy-mm-dd (the application's UTC days). */
export interface MarkStateInput {
  state: SnapshotMarkState;
  validTo: string | null;
}

/**
 * The state of a mark at a moment: annulled, not issued to a vehicle, expired when the moment's UTC day is past
 * validTo, else valid. A mark the snapshot does not hold is `unknown` (pass null).
 */
export function markStateAt(mark: MarkStateInput | null | undefined, now: Date): MarkState {
  if (!mark) return 'unknown';
  if (mark.state === 'annulled') return 'annulled';
  if (mark.state === 'voided') return 'voided';
  if (mark.state === 'not_issued') return 'not_issued';
  if (mark.validTo === null) return 'not_issued';
  const today = now.toISOString().slice(0, 10);
  return today > mark.validTo ? 'expired' : 'valid';
}

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An exact decimal, never a float: "97.20". */
const amountSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

/** The JWS header `typ` of a receipt, and of a snapshot. */
export const receiptJwsType = 'dnx-receipt+jws';
export const snapshotJwsType = 'dnx-snapshot+jws';

/**
 * What a receipt's QR code carries, signed (one QR per vehicle row of the receipt): the payment's verify code and
 * the row's mark, vehicle, validity and amount. The QR text is `{PUBLIC_URL}/verify/{code}#r={compact JWS}`.
 */
export const receiptClaimsSchema = z.object({
  v: z.literal(1),
  code: z.string(),
  series: z.string(),
  number: z.string(),
  plate: z.string(),
  /** The transport type's name in Azerbaijani. */
  transportType: z.string(),
  validFrom: daySchema,
  validTo: daySchema,
  amount: amountSchema,
  paidAt: momentOutSchema,
});
export type ReceiptClaims = z.infer<typeof receiptClaimsSchema>;

/** The fragment key of the receipt's JWS in the QR text. */
export const receiptFragmentKey = 'r';

/** The QR text's parts: `{origin}/verify/{code}#r={jws}`; null when it is not such a link. */
export function parseReceiptQr(text: string): { origin: string; code: string; jws: string | null } | null {
  const match = /^(https?:\/\/[^/]+(?:\/[^#]*?)?)\/verify\/([A-Za-z0-9_-]{27})\/?(?:#(.*))?$/.exec(text.trim());
  if (!match) return null;
  const part = (match[3] ?? '').split('&').find((p) => p.startsWith(`${receiptFragmentKey}=`));
  const jws = part ? part.slice(receiptFragmentKey.length + 1) : null;
  return { origin: match[1]!, code: match[2]!, jws: jws || null };
}

/** One published public key. */
export const jwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  use: z.literal('sig'),
  alg: z.literal('EdDSA'),
});
/** GET /.well-known/jwks.json: the current key and the retired ones still inside their verify window. */
export const jwksSchema = z.object({ keys: z.array(jwkSchema) });
export type Jwks = z.infer<typeof jwksSchema>;

/** GET /api/inspect/snapshot/?since= : an absent or unusable cursor answers the full snapshot. */
export const snapshotQuerySchema = z.object({ since: z.string().max(200).optional() });

/**
 * One mark of a snapshot: [series, number, state, plate, transportTypeName, validFrom, validTo, amount, paymentTag,
 * voidReason?]; the tenth element is sent only for a voided mark (the reason it was voided with).
 * paymentTag is the first 4 characters of the payment's verify code (a receipt's `code` starts with it): enough to
 * tell a receipt of another payment, while the whole code (160 random bits, incompressible) would not fit 100,000 marks
 * in 2 MB gzipped.
 */
export const snapshotMarkSchema = z.tuple([
  z.string(),
  z.string(),
  z.enum(snapshotMarkStates),
  z.string().nullable(),
  z.string().nullable(),
  daySchema.nullable(),
  daySchema.nullable(),
  amountSchema.nullable(),
  z.string().nullable(),
  z.string().nullable().optional(),
]);
export type SnapshotMark = z.infer<typeof snapshotMarkSchema>;
export const paymentTagLength = 4;
export const paymentTag = (code: string): string => code.slice(0, paymentTagLength);

/** The snapshot mark's tuple as named fields. */
export function readSnapshotMark(mark: SnapshotMark) {
  const [series, number, state, plate, transportType, validFrom, validTo, amount, paymentTag, voidReason] = mark;
  return {
    series,
    number,
    state,
    plate,
    transportType,
    validFrom,
    validTo,
    amount,
    paymentTag,
    voidReason: voidReason ?? null,
  };
}

/** The signed payload of a snapshot. */
export const snapshotPayloadSchema = z.object({
  v: z.literal(1),
  /** Opaque: pass it back as `since`. */
  cursor: z.string(),
  /**
   * The cursor this delta continues from (the `since` it answers); null for a full snapshot. A phone applies a delta
   * only onto the snapshot whose cursor this is.
   */
  from: z.string().nullable(),
  /** true: the marks are every mark of the regions (drop what was kept); false: the changes since `since`. */
  full: z.boolean(),
  generatedAt: momentOutSchema,
  /** The regions the snapshot covers; empty: every region (a person without a region limit). */
  regions: z.array(z.number().int()),
  /** The phone warns that its snapshot is old past this many minutes (INSPECT_SNAPSHOT_MAX_AGE). */
  maxAgeMinutes: z.number().int(),
  marks: z.array(snapshotMarkSchema),
  /** Marks gone from the regions since `since` (deleted with their batch). */
  removed: z.array(z.tuple([z.string(), z.string()])),
});
export type SnapshotPayload = z.infer<typeof snapshotPayloadSchema>;

/**
 * The snapshot as answered: a JWS in flattened JSON serialization with an unencoded payload (RFC 7797: header
 * `{alg:'EdDSA', kid, typ:'dnx-snapshot+jws', b64:false, crit:['b64']}`), so compression sees the JSON itself.
 * `payload` is the JSON text of a SnapshotPayload.
 */
export const signedSnapshotSchema = z.object({
  protected: z.string(),
  payload: z.string(),
  signature: z.string(),
  /**
   * The server's clock when it answered (outside the signature: a cached snapshot is signed once, answered many
   * times). The phone compares it with its own and warns when they differ by more than a few minutes.
   */
  serverTime: momentOutSchema,
});
export type SignedSnapshot = z.infer<typeof signedSnapshotSchema>;

/** At most this many checks in one POST. */
export const maxChecksPerBatch = 500;
/**
 * At most this many checks of one mark by one person are recorded in 24 hours (issue 56): beyond, each is refused, so
 * one person's checks cannot crowd the form's history.
 */
export const maxChecksOfMarkPerDay = 20;

const isoMoment = z
  .string({ error: m.checkedAtInvalid })
  .meta({ examples: ['2026-01-15T08:30:00.000Z'] })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), m.checkedAtInvalid);

const coordinate = (limit: number) =>
  z
    .string({ error: m.locationInvalid })
    .regex(/^-?\d{1,3}(\.\d{1,7})?$/, m.locationInvalid)
    .refine((value) => Math.abs(Number(value)) <= limit, m.locationInvalid);

/**
 * Where a check was made, when the person allows it: latitude and longitude as decimal strings (up to 7 decimals,
 * about a centimetre; never a binary float on the wire), the accuracy in whole metres.
 */
export const checkLocationSchema = z.object(
  {
    lat: coordinate(90).meta({ examples: ['40.6828'] }),
    lon: coordinate(180).meta({ examples: ['46.3606'] }),
    accuracy: z
      .number({ error: m.locationInvalid })
      .int(m.locationInvalid)
      .min(0, m.locationInvalid)
      .max(1_000_000, m.locationInvalid),
  },
  { error: m.locationInvalid },
);

/** One check made on the phone; `id` is made by the phone and makes a resend harmless. */
export const inspectCheckSchema = z.object({
  id: z
    .uuid({ error: m.checkIdInvalid })
    // One id in one spelling: the database answers it in lower case, and the answer's lists name it so.
    .overwrite((id) => id.toLowerCase())
    .meta({ examples: ['4b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'] }),
  series: fnSeriesSchema,
  number: z
    .string({ error: fnMessages.numberRequired })
    .meta({ examples: ['000001'] })
    .regex(fnNumberPattern, fnMessages.numberInvalid),
  checkedAt: isoMoment,
  answer: z.enum(checkAnswers, { error: m.answerInvalid }),
  source: z.enum(['scan', 'typed'], { error: m.sourceInvalid }),
  snapshotAt: isoMoment.nullable(),
  location: checkLocationSchema.nullable(),
});
export type InspectCheck = z.infer<typeof inspectCheckSchema>;

/** POST /api/inspect/checks/ */
export const inspectChecksSchema = z.object({
  checks: z
    .array(inspectCheckSchema, { error: m.checksRequired })
    .min(1, m.checksRequired)
    .max(maxChecksPerBatch, m.tooManyChecks(maxChecksPerBatch)),
});
export type InspectChecksInput = z.input<typeof inspectChecksSchema>;

/**
 * What POST /api/inspect/checks/ answers: the ids recorded now, those recorded before, and those refused with the
 * reason (a mark outside the inspector's regions, a checkedAt in the future or older than allowed, a snapshotAt after
 * the check). A refused check is final: the phone drops it from its queue. `serverTime`: the server's clock.
 */
export const inspectChecksResultSchema = z.object({
  recorded: z.array(z.uuid()),
  duplicates: z.array(z.uuid()),
  refused: z.array(z.object({ id: z.uuid(), detail: z.string() })),
  serverTime: momentOutSchema,
});
export type InspectChecksResult = z.infer<typeof inspectChecksResultSchema>;
