import {
  oneEditApart,
  receiptCandidates,
  type BankEvidence,
  type BankLink,
  type BankLinkRule,
  type BankPayerRule,
} from '@dnx/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { bankEntries } from '../../db/schema';

/**
 * The evidence of a link or a suggestion (issue 57), read from what is kept: the text of the entry that names the
 * payment's receipt (or is one edit from it), the payer rule, the amount and the days apart. Worked out when read, from
 * the entry's texts and the payment's receipt key, so a link needs no copy of its text.
 */

export type EntryRow = typeof bankEntries.$inferSelect;

/** What evidence needs of a payment. */
export interface PaymentFacts {
  receiptKey: string;
  receiptDate: string;
  ownerCode: string;
}

const dayNumber = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/** Whole days between two days, never negative. */
export const daysApart = (a: string, b: string) => Math.abs(Math.round(dayNumber(a) - dayNumber(b)));

/** The entry's text naming the receipt key (or one edit from it, `near`), by its field. */
export function namingText(entry: Pick<EntryRow, 'texts'>, key: string, near = false) {
  for (const text of entry.texts) {
    const keys = receiptCandidates([text.text]);
    if (keys.includes(key) || (near && keys.some((k) => oneEditApart(k, key)))) return text;
  }
  return undefined;
}

/** The field and text that made the payer known by `rule`. */
function payerText(entry: EntryRow, rule: BankPayerRule, voen: string) {
  if (rule === 'debtor_id') return { field: 'payer_code', text: entry.payerCode };
  if (rule === 'learnt_account') return { field: 'payer_account', text: entry.payerAccount };
  if (rule === 'learnt_name' || rule === 'payer_name') return { field: 'payer_name', text: entry.payerName };
  if (rule === 'text_voen') return entry.texts.find((t) => t.text.includes(voen));
  return undefined;
}

export function evidenceOf(
  entry: EntryRow,
  payment: PaymentFacts,
  payerRule: BankPayerRule,
  amount: string,
  how: 'receipt' | 'near' | 'payer',
): BankEvidence {
  const named =
    how === 'payer'
      ? payerText(entry, payerRule, payment.ownerCode)
      : namingText(entry, payment.receiptKey, how === 'near');
  return {
    field: named?.field ?? null,
    text: named?.text ?? null,
    payer_rule: payerRule,
    amount,
    days_apart: daysApart(entry.bookingDate, payment.receiptDate),
  };
}

interface LinkRow {
  entry_id: number;
  payment_id: number;
  receipt_number: string;
  receipt_key: string;
  receipt_date: string;
  owner_code: string;
  amount: string;
  whole: boolean;
  rule: BankLinkRule;
  payer_rule: BankPayerRule;
  created_by: string | null;
  created_at: Date | string;
}

/**
 * The links of the entries, each with its evidence, and for each entry the credit that paid first the payment it
 * names when that payment is credited already (a payment paid twice): what the entries' API, screen and export show.
 */
export async function linksOf(db: Executor, entries: EntryRow[]) {
  const links = new Map<number, BankLink[]>();
  const paidTwiceOf = new Map<number, number>();
  if (entries.length === 0) return { links, paidTwiceOf };
  const ids = entries.map((e) => e.id);
  const rows = (await db.execute(sql`
    select l.entry_id, l.payment_id, p.payment_receipt_number as receipt_number, p.receipt_key,
      to_char(p.payment_receipt_date, 'YYYY-MM-DD') as receipt_date, p.owner_code, l.amount::text as amount, l.whole,
      l.rule, l.payer_rule, u.email as created_by, l.created_at
    from bank_links l join payments p on p.id = l.payment_id left join users u on u.id = l.created_by
    where l.entry_id in ${ids} order by l.entry_id, l.id`)) as unknown as { rows: LinkRow[] };
  const byId = new Map(entries.map((e) => [e.id, e]));
  for (const row of rows.rows) {
    const entry = byId.get(row.entry_id)!;
    const facts = { receiptKey: row.receipt_key, receiptDate: row.receipt_date, ownerCode: row.owner_code };
    const how = row.rule === 'voen' ? 'payer' : 'receipt';
    const list = links.get(row.entry_id) ?? [];
    list.push({
      payment_id: row.payment_id,
      receipt_number: row.receipt_number,
      amount: row.amount,
      whole: row.whole,
      rule: row.rule,
      evidence: evidenceOf(entry, facts, row.payer_rule, row.amount, how),
      created_by: row.created_by,
      created_at: new Date(row.created_at).toISOString(),
    });
    links.set(row.entry_id, list);
  }
  const claimed = entries.filter((e) => e.matchState === 'contested' && e.claimedPaymentId !== null);
  if (claimed.length > 0) {
    const first = (await db.execute(sql`
      select e.id, (select min(l.entry_id) from bank_links l where l.payment_id = e.claimed_payment_id
        and l.entry_id <> e.id) as first
      from bank_entries e where e.id in ${claimed.map((e) => e.id)}`)) as unknown as {
      rows: { id: number; first: number | null }[];
    };
    for (const row of first.rows) if (row.first !== null) paidTwiceOf.set(row.id, row.first);
  }
  return { links, paidTwiceOf };
}
