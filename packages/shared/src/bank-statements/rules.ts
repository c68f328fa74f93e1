import { z } from 'zod';
import { countSchema, idSchema, momentOutSchema } from '../api/input';

/**
 * An administrator's rule for a bank's odd layout (issue 57): per bank account, a regular expression with a named
 * group `receipt` or `voen` (or both), tried on each text of that account's credits; what a group catches is more
 * evidence for the matching (a receipt's key, a VÖEN), never a link by itself. Rules are tried in their order; the
 * defaults need none. A pattern is at most 200 characters, compiles as a Unicode expression, and the server refuses
 * one whose backtracking could run away (a quantifier inside a quantifier).
 */

export const bankRuleMessages = {
  patternInvalid: (reason: string) => `İfadə düzgün deyil: ${reason}.`,
  groupRequired: 'İfadədə (?<receipt>…) və ya (?<voen>…) adlı qrup olmalıdır.',
  patternUnsafe:
    'İfadə çox yavaş ola bilər (kəmiyyət göstəricisi içində kəmiyyət göstəricisi, məsələn (a+)+): sadələşdirin.',
  accountRequired: 'Bank hesabını yazın.',
  noStatement: 'Bu hesabın hələ çıxarışı yoxdur: qayda sınanmadı.',
} as const;

export const bankRulePatternMax = 200;

/** The pattern as the client and the server check it: compiles, names a receipt or a VÖEN. */
export function bankRulePatternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
  } catch (err) {
    return bankRuleMessages.patternInvalid(err instanceof Error ? err.message : String(err));
  }
  return /\(\?<(receipt|voen)>/.test(pattern) ? null : bankRuleMessages.groupRequired;
}

export const bankRuleInputSchema = z
  .object({
    /** The bank account (IBAN) whose statements the rule reads, spaces ignored. */
    account: z
      .string()
      .trim()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().min(1, bankRuleMessages.accountRequired).max(34)),
    pattern: z.string().min(1, bankRuleMessages.groupRequired).max(bankRulePatternMax),
    /** Its place among the account's rules (tried in order); none: after the others. */
    position: z.number().int().min(1).max(1000).optional(),
  })
  .superRefine((value, context) => {
    const problem = bankRulePatternProblem(value.pattern);
    if (problem) context.addIssue({ code: 'custom', path: ['pattern'], message: problem });
  });
export type BankRuleInput = z.infer<typeof bankRuleInputSchema>;

export const bankRuleSchema = z.object({
  id: idSchema,
  account: z.string(),
  pattern: z.string(),
  position: countSchema,
  created_by: z.string().nullable(),
  created_at: momentOutSchema,
});
export type BankRule = z.infer<typeof bankRuleSchema>;

/** What a rule would do on the account's last statement, tried and undone: credits linked more, otherwise, no more. */
export const bankRuleDryRunSchema = z.object({
  statement_id: idSchema,
  statement_number: z.string(),
  /** Credits the rule would link that are not linked now. */
  more: countSchema,
  /** Credits linked now that the rule would link to other payments. */
  differently: countSchema,
  /** Credits linked now that the rule would leave unlinked. */
  fewer: countSchema,
});
export type BankRuleDryRun = z.infer<typeof bankRuleDryRunSchema>;
