import { payerVoenPattern, receiptKey } from '@dnx/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankMatchRules } from '../../db/schema';
import { accountKey } from './statement-identity';

/**
 * An account's rules at work (issue 57): each pattern, compiled once per import, tried on each text of a credit
 * (140 characters at most, and the patterns are checked safe when saved); a `receipt` group gives a receipt's key, a
 * `voen` group a VÖEN. More evidence for the matching, never a link by itself.
 */

export interface AccountRule {
  pattern: RegExp;
}

export const compileRule = (pattern: string): AccountRule => ({ pattern: new RegExp(pattern, 'gu') });

/** The rules of the statement's account, in order. */
export async function accountRules(db: Executor, account: string): Promise<AccountRule[]> {
  const rows = await db
    .select({ pattern: bankMatchRules.pattern })
    .from(bankMatchRules)
    .where(eq(bankMatchRules.account, accountKey(account)))
    .orderBy(asc(bankMatchRules.position), asc(bankMatchRules.id));
  return rows.map((row) => compileRule(row.pattern));
}

/** What the rules catch in the texts: receipts' keys and VÖENs. */
export function caughtByRules(rules: AccountRule[], texts: string[]) {
  const receiptKeys = new Set<string>();
  const voens = new Set<string>();
  for (const { pattern } of rules)
    for (const text of texts)
      for (const match of text.matchAll(pattern)) {
        const receipt = match.groups?.receipt;
        const voen = match.groups?.voen;
        if (receipt && receiptKey(receipt) !== '') receiptKeys.add(receiptKey(receipt));
        if (voen && payerVoenPattern.test(voen)) voens.add(voen);
        if (match[0] === '') break;
      }
  return { receiptKeys, voens };
}
