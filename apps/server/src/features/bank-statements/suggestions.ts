import {
  bankSuggestionScore,
  bankSuggestionsMax,
  moneyToDecimal,
  oneEditApart,
  parseMoney,
  payerNameKey,
  receiptKey,
  type BankPayerRule,
  type BankSuggestion,
  type BankSuggestionKind,
} from '@dnx/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { daysApart, evidenceOf, type EntryRow } from './evidence';

/**
 * Ranked suggestions for a credit (issue 57), for everything the automatic links leave: a receipt named with another
 * amount (a part or an over-payment, its residual kept), a receipt one edit away for the same payer or amount, the
 * payer by name (transliteration folded) and the amount, the payer by VÖEN with another amount, last the amount
 * alone in the window. A receipt credited already is flagged as paid twice, naming the first credit. A payment
 * rejected for this credit, or undone from it, is never suggested again. With `q`, the payments a person searches for
 * (by receipt, VÖEN, payer or amount, at any date), each described by the same evidence.
 */

const paid = 3;
/** The candidates read for one credit at most (the window's payments of its amount or payer). */
const candidatesMax = 300;

interface Candidate {
  id: number;
  receipt_number: string;
  receipt_key: string;
  receipt_date: string;
  total: string;
  credited: string;
  owner_code: string;
  owner_name: string;
  credited_by: number | null;
  whole_linked: boolean;
}

/** The VÖENs the credit's payer is known by, with how: its texts', then what confirmations taught. */
async function payerVoens(db: Executor, entry: EntryRow) {
  const known = new Map<string, BankPayerRule>();
  if (entry.payerCode !== '') known.set(entry.payerCode, 'debtor_id');
  for (const token of entry.voenTokens) if (!known.has(token)) known.set(token, 'text_voen');
  const nameKey = payerNameKey(entry.payerName);
  if (entry.payerAccount !== '' || nameKey !== '') {
    const learnt = (await db.execute(sql`
      select voen, account = ${entry.payerAccount} and account <> '' as by_account from bank_payer_accounts
      where (account = ${entry.payerAccount} and account <> '') or (name_key = ${nameKey} and name_key <> '')
      limit 20`)) as unknown as { rows: { voen: string; by_account: boolean }[] };
    for (const row of learnt.rows)
      if (!known.has(row.voen)) known.set(row.voen, row.by_account ? 'learnt_account' : 'learnt_name');
  }
  return known;
}

const candidateColumns = (entryId: number) => sql`
  p.id, p.payment_receipt_number as receipt_number, p.receipt_key,
  to_char(p.payment_receipt_date, 'YYYY-MM-DD') as receipt_date, p.total::text as total, p.owner_code, p.owner_name,
  coalesce((select sum(l.amount) from bank_links l where l.payment_id = p.id), 0)::numeric(14, 2)::text as credited,
  coalesce((select min(l.entry_id) from bank_links l where l.payment_id = p.id and l.entry_id <> ${entryId}),
    (select x.id from bank_entries x where x.payment_id = p.id and x.id <> ${entryId})) as credited_by,
  exists (select 1 from bank_links l where l.payment_id = p.id and l.whole) as whole_linked`;

/** Not rejected for the credit (a person's search still finds it), not linked to it already. */
const notRejected = (entryId: number) => sql`
  not exists (select 1 from bank_rejections r where r.entry_id = ${entryId} and r.payment_id = p.id)`;
const notLinkedHere = (entryId: number) =>
  sql`not exists (select 1 from bank_links l where l.payment_id = p.id and l.entry_id = ${entryId})`;

async function candidates(db: Executor, where: SQL, order: SQL, entryId: number, searched: boolean) {
  const result = (await db.execute(sql`
    select ${candidateColumns(entryId)} from payments p
    where p.status = ${paid} and ${notLinkedHere(entryId)} and ${searched ? sql`true` : notRejected(entryId)}
      and (${where})
    order by ${order} limit ${candidatesMax}`)) as unknown as { rows: Candidate[] };
  return result.rows;
}

/** The paid payments the credit may be about: the receipts it names (any date), its payer's or amount's in the window. */
function evidenceCandidates(db: Executor, entry: EntryRow, voens: string[], windowDays: number) {
  const keys = entry.receiptKeys.length > 0 ? entry.receiptKeys : [''];
  const owners = voens.length > 0 ? voens : [''];
  const inWindow = sql`p.payment_receipt_date between ${entry.bookingDate}::date - ${windowDays}::int
    and ${entry.bookingDate}::date + ${windowDays}::int`;
  return candidates(
    db,
    sql`p.receipt_key in ${keys} or (${inWindow} and (p.owner_code in ${owners} or p.total = ${entry.amount}::numeric))`,
    sql`abs(p.payment_receipt_date - ${entry.bookingDate}::date), p.id`,
    entry.id,
    false,
  );
}

/** The paid payments a person's search names: a receipt (its key within), a VÖEN, a payer's name or an amount. */
function searchCandidates(db: Executor, entry: EntryRow, q: string) {
  const key = receiptKey(q);
  let amount: string | null = null;
  try {
    amount = /^\d+([.,]\d{1,2})?$/.test(q) ? moneyToDecimal(parseMoney(q.replace(',', '.'))) : null;
  } catch {
    amount = null;
  }
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return candidates(
    db,
    sql`${key.length >= 2 ? sql`p.receipt_key like ${`%${key}%`}` : sql`false`}
      or p.owner_code = ${q} or p.owner_name ilike ${like}
      ${amount !== null ? sql`or p.total = ${amount}::numeric` : sql``}`,
    sql`abs(p.payment_receipt_date - ${entry.bookingDate}::date), p.id`,
    entry.id,
    true,
  );
}

interface Described {
  kind: BankSuggestionKind;
  how: 'receipt' | 'near' | 'payer';
  payerRule: BankPayerRule;
}

/** What the evidence says of one candidate, or undefined when it is no suggestion (outside a search). */
function describe(entry: EntryRow, p: Candidate, voens: Map<string, BankPayerRule>, searched: boolean) {
  const payerRule = voens.get(p.owner_code);
  const named = entry.receiptKeys.includes(p.receipt_key);
  const sameAmount = parseMoney(p.total) === parseMoney(entry.amount);
  const creditedFully = p.whole_linked || parseMoney(p.credited) >= parseMoney(p.total);
  const contradicted = entry.payerCode !== '' && p.owner_code !== entry.payerCode;
  const sameName = entry.payerName !== '' && payerNameKey(entry.payerName) === payerNameKey(p.owner_name);
  const rule: BankPayerRule =
    payerRule ?? (sameName ? 'payer_name' : entry.payerCode !== '' ? 'debtor_id' : 'not_given');
  const described = (kind: BankSuggestionKind, how: Described['how']): Described => ({ kind, how, payerRule: rule });
  if (named && creditedFully && p.credited_by !== null) return described('paid_twice', 'receipt');
  if (creditedFully) return undefined;
  if (named && contradicted) return described('receipt_other_payer', 'receipt');
  if (named) return described(sameAmount ? 'receipt' : 'receipt_other_amount', 'receipt');
  const near = entry.receiptKeys.some((key) => oneEditApart(key, p.receipt_key));
  if (near && (payerRule !== undefined || sameAmount)) return described('receipt_one_edit', 'near');
  if (payerRule !== undefined && sameAmount) return described('payer_voen', 'payer');
  if (sameName && sameAmount) return described('payer_name', 'payer');
  if (payerRule !== undefined) return described('payer_voen_other_amount', 'payer');
  if (sameAmount) return described('amount', 'payer');
  return searched ? described('search', 'payer') : undefined;
}

/** What confirming the suggestion does, and what the payment lacks after it. */
function actionOf(entry: EntryRow, p: Candidate, kind: BankSuggestionKind) {
  if (kind === 'paid_twice') return { action: null, residual: null };
  const left = parseMoney(p.total) - parseMoney(p.credited);
  const amount = parseMoney(entry.amount);
  const parted = parseMoney(p.credited) > 0n;
  if (amount < left) return { action: 'link_part' as const, residual: moneyToDecimal(left - amount) };
  if (amount === left && parted) return { action: 'link_part' as const, residual: moneyToDecimal(0n) };
  return { action: parted ? null : ('link' as const), residual: null };
}

function suggestion(entry: EntryRow, p: Candidate, d: Described): BankSuggestion {
  const facts = { receiptKey: p.receipt_key, receiptDate: p.receipt_date, ownerCode: p.owner_code };
  return {
    payment: {
      id: p.id,
      receipt_number: p.receipt_number,
      receipt_date: p.receipt_date,
      total: p.total,
      credited: p.credited,
      owner_code: p.owner_code,
      owner_name: p.owner_name,
    },
    kind: d.kind,
    score: bankSuggestionScore(d.kind, daysApart(entry.bookingDate, p.receipt_date)),
    ...actionOf(entry, p, d.kind),
    duplicate_of_entry_id: d.kind === 'paid_twice' ? p.credited_by : null,
    evidence: evidenceOf(entry, facts, d.payerRule, entry.amount, d.how),
  };
}

/** The suggestions for a credit, best first (at most ten); with `q`, the payments searched for, best first. */
export async function suggestionsFor(
  db: Executor,
  entry: EntryRow,
  windowDays: number,
  q?: string,
): Promise<BankSuggestion[]> {
  if (entry.direction !== 'credit') return [];
  const voens = await payerVoens(db, entry);
  const searched = q !== undefined && q !== '';
  const rows = searched
    ? await searchCandidates(db, entry, q)
    : await evidenceCandidates(db, entry, [...voens.keys()], windowDays);
  const found: BankSuggestion[] = [];
  for (const row of rows) {
    const described = describe(entry, row, voens, searched);
    if (described) found.push(suggestion(entry, row, described));
  }
  return found
    .sort((a, b) => b.score - a.score || a.evidence.days_apart - b.evidence.days_apart || a.payment.id - b.payment.id)
    .slice(0, bankSuggestionsMax);
}
