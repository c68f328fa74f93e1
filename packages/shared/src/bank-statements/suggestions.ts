import { z } from 'zod';
import { countSchema, dayOutSchema, idSchema, momentOutSchema } from '../api/input';
import { bankStatementMessages } from './messages';

/**
 * The evidence of a credit's links and suggestions (issue 57): what named the payment, how the payer was known, the
 * amount and the days between the credit and the receipt. The kinds of suggestion are ranked: each has a base score,
 * less a point a day apart (at most 10), so the screen, the API and the export read one scale.
 */

const money = z.string().meta({ examples: ['97.20'] });

/** How the payer was known: the debtor's id, a VÖEN written in the texts, an account or a name learnt, the name. */
export const bankPayerRules = [
  'debtor_id',
  'text_voen',
  'learnt_account',
  'learnt_name',
  'payer_name',
  'not_given',
] as const;
export type BankPayerRule = (typeof bankPayerRules)[number];

/** What linked a credit: a receipt its texts name, the payer's VÖEN and the amount, or a person. */
export const bankLinkRules = ['receipt', 'voen', 'person'] as const;
export type BankLinkRule = (typeof bankLinkRules)[number];

export const bankEvidenceSchema = z.object({
  /** The field of the text that named the payment (`Ustrd`, `reference`, `details`, `payer_code`, …), or null. */
  field: z.string().nullable(),
  /** The text of that field as the bank gave it, or null. */
  text: z.string().nullable(),
  payer_rule: z.enum(bankPayerRules),
  /** The money of the credit this link or suggestion is about. */
  amount: money,
  /** Days between the credit's booking and the payment's receipt (0: the same day). */
  days_apart: countSchema,
});
export type BankEvidence = z.infer<typeof bankEvidenceSchema>;

/** A credit's link to a payment it pays (whole: the payment's total; else a part of it). */
export const bankLinkSchema = z.object({
  payment_id: idSchema,
  receipt_number: z.string(),
  amount: money,
  whole: z.boolean(),
  rule: z.enum(bankLinkRules),
  evidence: bankEvidenceSchema,
  /** Who linked it; null for an automatic link. */
  created_by: z.string().nullable(),
  created_at: momentOutSchema,
});
export type BankLink = z.infer<typeof bankLinkSchema>;

/**
 * The kinds of suggestion, best first, with their base scores. `paid_twice`: the receipt named is credited already
 * (the first credit named); it cannot be linked, only shown. `search`: a payment found by the person's search that no
 * other kind describes.
 */
export const bankSuggestionScores = {
  receipt: 95,
  receipt_other_amount: 85,
  receipt_one_edit: 75,
  payer_voen: 70,
  payer_name: 60,
  payer_voen_other_amount: 50,
  receipt_other_payer: 35,
  paid_twice: 30,
  amount: 20,
  search: 10,
} as const;
export type BankSuggestionKind = keyof typeof bankSuggestionScores;
export const bankSuggestionKinds = Object.keys(bankSuggestionScores) as BankSuggestionKind[];

/** A suggestion loses a point a day apart, at most this many. */
export const bankSuggestionDayPenaltyMax = 10;

/** A suggestion's score: its kind's base, less a point a day apart (at most 10). */
export function bankSuggestionScore(kind: BankSuggestionKind, daysApart: number): number {
  return bankSuggestionScores[kind] - Math.min(Math.max(daysApart, 0), bankSuggestionDayPenaltyMax);
}

export const bankSuggestionSchema = z.object({
  payment: z.object({
    id: idSchema,
    receipt_number: z.string(),
    receipt_date: dayOutSchema,
    total: money,
    /** What credits give the payment already (its links' sum). */
    credited: money,
    owner_code: z.string(),
    owner_name: z.string(),
  }),
  kind: z.enum(bankSuggestionKinds as [BankSuggestionKind, ...BankSuggestionKind[]]),
  score: z.number().int().min(0).max(100),
  /**
   * What confirming it does: `link` (the whole payment; another amount leaves the credit amount_differs until the
   * difference is accepted), `link_part` (the credit pays a part of what is left), null when it cannot be linked.
   */
  action: z.enum(['link', 'link_part']).nullable(),
  /** What the payment would still lack after this credit (a part), or null. */
  residual: money.nullable(),
  /** For `paid_twice`: the credit that paid the payment first. */
  duplicate_of_entry_id: idSchema.nullable(),
  evidence: bankEvidenceSchema,
});
export type BankSuggestion = z.infer<typeof bankSuggestionSchema>;

/** `GET /api/bank-statements/entries/:id/suggestions/?q=`: a search by receipt, VÖEN, payer or amount, or none. */
export const bankSuggestionsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
});

export const bankSuggestionsSchema = z.object({ results: z.array(bankSuggestionSchema) });

/** At most this many suggestions answer an entry. */
export const bankSuggestionsMax = 10;

/** `POST /api/bank-statements/:id/confirm-suggestions/`: the best suggestion of each open credit above a score. */
export const bankBulkConfirmSchema = z.object({
  min_score: z.number().int().min(bankSuggestionScores.payer_name).max(100),
  reason: z.string().trim().min(1, { message: bankStatementMessages.reasonRequired }).max(500),
});
export type BankBulkConfirm = z.infer<typeof bankBulkConfirmSchema>;

export const bankBulkConfirmResultSchema = z.object({
  /** Credits linked by their best suggestion. */
  confirmed: countSchema,
  /** Open credits whose best suggestion was under the score, not alone at the top, or shared with another credit. */
  skipped: countSchema,
});

/** The kinds and rules in Azerbaijani, as the screen shows them and the exports write them. */
export const bankSuggestionLabels: Record<BankSuggestionKind, string> = {
  receipt: 'Qəbz adı çəkilib, məbləğ tutur',
  receipt_other_amount: 'Qəbz adı çəkilib, məbləğ fərqlidir',
  receipt_one_edit: 'Qəbz bir simvolla fərqlənir',
  payer_voen: 'Ödəyicinin VÖEN-i, məbləğ tutur',
  payer_name: 'Ödəyicinin adı, məbləğ tutur',
  payer_voen_other_amount: 'Ödəyicinin VÖEN-i, məbləğ fərqlidir',
  receipt_other_payer: 'Qəbz adı çəkilib, ödəyici başqadır',
  paid_twice: 'Artıq ödənilib (ikinci dəfə)',
  amount: 'Yalnız məbləğ tutur',
  search: 'Axtarışla tapılıb',
};

export const bankPayerRuleLabels: Record<BankPayerRule, string> = {
  debtor_id: 'ödəyicinin VÖEN-i',
  text_voen: 'mətndə yazılmış VÖEN',
  learnt_account: 'öyrənilmiş hesab',
  learnt_name: 'öyrənilmiş ad',
  payer_name: 'ödəyicinin adı',
  not_given: 'ödəyici göstərilməyib',
};

export const bankLinkRuleLabels: Record<BankLinkRule, string> = {
  receipt: 'qəbz',
  voen: 'VÖEN və məbləğ',
  person: 'əl ilə',
};

/** A link's evidence in one line, as the export writes it: `qəbz: Ustrd "ödəniş DEMO-0001" · ödəyicinin VÖEN-i · 0 gün`. */
export function bankEvidenceLine(rule: BankLinkRule, evidence: BankEvidence): string {
  const named = evidence.field && evidence.text ? ` ${evidence.field} "${evidence.text}"` : '';
  return `${bankLinkRuleLabels[rule]}:${named} · ${bankPayerRuleLabels[evidence.payer_rule]} · ${evidence.days_apart} gün`;
}
