import { z } from 'zod';
import { countSchema, dayOutSchema, idSchema, isoDateSchema, momentOutSchema, textIdSchema } from '../api/input';
import { reportMessages } from '../reports/messages';
import { bankLinkRules, bankLinkSchema } from './suggestions';
import { bankStatementMessages } from './messages';
import { withoutHiddenCharacters } from './text';

export { bankStatementMessages };

/**
 * Bank statements matched to payments (issue 48): the formats a statement comes in, what an entry's match is, the
 * API's shapes and its messages. Money travels as decimal strings with two places, as everywhere.
 */

export const bankStatementFormats = ['camt053', 'mt940', 'csv'] as const;
export type BankStatementFormat = (typeof bankStatementFormats)[number];

/**
 * A credit's match: `matched` (a paid payment by its receipt number, payer and amount), `amount_differs` (the
 * payment found, another amount), `no_payment` (no paid payment claims it), `contested` (its payment is claimed by
 * another credit), `not_ours` (a person said the money is not a fee). `no_credit` is a payment's state, not an entry's:
 * a paid payment that no credit claims after the grace (the open differences list it).
 */
export const bankMatchStates = ['matched', 'amount_differs', 'no_payment', 'contested', 'not_ours'] as const;
export type BankMatchState = (typeof bankMatchStates)[number];
export const bankDifferenceKinds = ['amount_differs', 'no_payment', 'contested', 'no_credit'] as const;
export type BankDifferenceKind = (typeof bankDifferenceKinds)[number];

/** An upload is at most this large and holds at most this many entries (the bench's 100,000). */
export const bankStatementMaxBytes = 20 * 2 ** 20;
export const bankStatementMaxEntries = 100_000;

const money = z.string().meta({ examples: ['97.20'] });

export const bankStatementSchema = z.object({
  id: idSchema,
  format: z.enum(bankStatementFormats),
  file_name: z.string(),
  account: z.string(),
  /** The bank's own number of the statement. */
  number: z.string(),
  currency: z.string(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  opening_balance: money,
  closing_balance: money,
  credits_total: money,
  debits_total: money,
  entry_count: countSchema,
  /** Credits by match state. */
  states: z.object({
    matched: countSchema,
    amount_differs: countSchema,
    no_payment: countSchema,
    contested: countSchema,
    not_ours: countSchema,
  }),
  created_by: z.string().nullable(),
  created_at: momentOutSchema,
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

/** The answer to an upload: the statement, and whether this file had been imported before (then nothing changed). */
export const bankStatementImportSchema = z.object({ statement: bankStatementSchema, already_imported: z.boolean() });

export const bankEntrySchema = z.object({
  id: idSchema,
  statement_id: idSchema,
  position: countSchema,
  booking_date: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: money,
  /** What the payer wrote: the receipt's number. */
  reference: z.string(),
  payer_code: z.string(),
  payer_name: z.string(),
  bank_reference: z.string(),
  /** The payer's account as the bank gives it, or ''. */
  payer_account: z.string(),
  /** Every text of the entry by its field (camt `Ustrd`, MT940 `:86:/REMI/`, CSV `details`, …), as the bank gave it. */
  texts: z.array(z.object({ field: z.string(), text: z.string() })),
  /** A debit is not matched: null. */
  match_state: z.enum(bankMatchStates).nullable(),
  /** The payment it is linked to (matched), or that it claims (amount differs, contested). */
  payment_id: idSchema.nullable(),
  resolution_reason: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: momentOutSchema.nullable(),
  /** A link whose amounts differ, accepted by a person: the payment's total less the credit (else null). */
  accepted_difference: money.nullable(),
  /** The payments it pays (issue 57): each link with its rule and evidence. */
  links: z.array(bankLinkSchema),
  /** When the receipt it names was credited by another credit first: that credit (a payment paid twice). */
  paid_twice_of: idSchema.nullable(),
});
export type BankEntry = z.infer<typeof bankEntrySchema>;

export const bankEntriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  match_state: z.enum(bankMatchStates).optional(),
  direction: z.enum(['credit', 'debit']).optional(),
  /** Why it is linked: entries with a link of this rule (the receipt named, the VÖEN and amount, or a person). */
  rule: z.enum(bankLinkRules).optional(),
});

/** An open difference: an entry left unmatched, or a paid payment without a credit (`no_credit`). */
export const bankDifferenceSchema = z.object({
  kind: z.enum(bankDifferenceKinds),
  entry_id: idSchema.nullable(),
  statement_id: idSchema.nullable(),
  payment_id: idSchema.nullable(),
  day: z.string(),
  amount: money,
  reference: z.string(),
  payer_code: z.string(),
  payer_name: z.string(),
});
export type BankDifference = z.infer<typeof bankDifferenceSchema>;

/**
 * A person's resolution of an entry (issue 48, 57), with a reason (its bidi controls and invisible characters
 * removed): `link` it to a paid payment (`payment_id`; another amount leaves it `amount_differs`) or to several whose
 * totals add up to it (`payment_ids`, a combined transfer); `link_part`: it pays a part of what a payment still
 * lacks; mark it `not_ours`; `accept_difference` of a credit left `amount_differs` (it is then linked, the difference
 * kept); `undo` its links or its resolution (it is open again, and the payments undone are never linked to it
 * automatically again); `reject` a suggestion (`payment_id`: never suggested or linked automatically to it again;
 * the reason may be left out).
 */
export const bankEntryResolveActions = [
  'link',
  'link_part',
  'not_ours',
  'accept_difference',
  'undo',
  'reject',
] as const;
export type BankEntryResolveAction = (typeof bankEntryResolveActions)[number];
/** The most payments one credit is linked to by a person at once. */
export const bankCombinedMax = 20;
const needsPayment = new Set<BankEntryResolveAction>(['link', 'link_part', 'reject']);
/** A resolution's reason as a person types it: required for every action but `reject` (the screen's field rule). */
export const bankResolutionReasonSchema = z
  .string()
  .overwrite(withoutHiddenCharacters)
  .trim()
  .min(1, { message: bankStatementMessages.reasonRequired })
  .max(500);
export const bankEntryResolveSchema = z
  .object({
    action: z.enum(bankEntryResolveActions),
    payment_id: idSchema.nullable().default(null),
    /** Several payments a credit pays together (`link` only). */
    payment_ids: z.array(idSchema).min(2).max(bankCombinedMax).optional(),
    reason: z.string().overwrite(withoutHiddenCharacters).trim().max(500).default(''),
  })
  .superRefine((value, context) => {
    const several = value.action === 'link' && value.payment_ids !== undefined;
    if (needsPayment.has(value.action) && value.payment_id === null && !several)
      context.addIssue({ code: 'custom', path: ['payment_id'], message: bankStatementMessages.paymentRequired });
    if (value.payment_ids !== undefined && value.action !== 'link')
      context.addIssue({ code: 'custom', path: ['payment_ids'], message: bankStatementMessages.severalOnlyLink });
    if (value.payment_ids !== undefined && new Set(value.payment_ids).size !== value.payment_ids.length)
      context.addIssue({ code: 'custom', path: ['payment_ids'], message: bankStatementMessages.paymentTwice });
    if (value.action !== 'reject' && value.reason === '')
      context.addIssue({ code: 'custom', path: ['reason'], message: bankStatementMessages.reasonRequired });
  });
export type BankEntryResolve = z.infer<typeof bankEntryResolveSchema>;

/** The longest period the money's reconciliation covers, in days. */
export const bankReconciliationMaxDays = 366;
/** The period the money's reconciliation covers when the query names none: the last 31 days. */
export const bankReconciliationDefaultDays = 31;

const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * `GET /api/bank-statements/reconciliation/`: the money side of the forms' reconciliation, per day of the payment's
 * receipt and region. The period's days (none: the last 31 days to today), at most 366; optionally one region.
 */
export const bankReconciliationQuerySchema = z
  .object({
    date_from: z.preprocess(emptyIsAbsent, isoDateSchema(reportMessages.dateInvalid).optional()),
    date_to: z.preprocess(emptyIsAbsent, isoDateSchema(reportMessages.dateInvalid).optional()),
    region: z.preprocess(emptyIsAbsent, textIdSchema(reportMessages.idInvalid).optional()),
  })
  .superRefine((q, context) => {
    if (q.date_from && q.date_to && q.date_from > q.date_to)
      context.addIssue({ code: 'custom', path: ['date_to'], message: reportMessages.periodInvalid });
    else if (q.date_from && q.date_to && daysBetween(q.date_from, q.date_to) >= bankReconciliationMaxDays)
      context.addIssue({ code: 'custom', path: ['date_to'], message: bankStatementMessages.periodTooLong });
  });
export type BankReconciliationQuery = z.infer<typeof bankReconciliationQuerySchema>;

/** The money of a day and region: paid by the register, credited by the bank (matched credits), the difference. */
const bankMoneySchema = z.object({
  /** The sum of the paid payments (their receipt's day). */
  paid: money,
  /** The sum of the credits matched (or linked by hand) to those payments. */
  credited: money,
  /** paid - credited: what the register took that the bank has not (yet) credited. */
  difference: money,
});
export type BankMoney = z.infer<typeof bankMoneySchema>;

export const bankReconciliationSchema = z.object({
  date_from: dayOutSchema,
  date_to: dayOutSchema,
  rows: z.array(
    bankMoneySchema.extend({
      day: dayOutSchema,
      region: idSchema,
      region_name: z.string(),
      /** The paid payments of the day and region, and how many of them a credit covers. */
      payments: countSchema,
      credited_payments: countSchema,
    }),
  ),
  totals: bankMoneySchema,
});
export type BankReconciliation = z.infer<typeof bankReconciliationSchema>;
