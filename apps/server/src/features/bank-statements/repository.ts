import {
  moneyToDecimal,
  parseMoney,
  type BankDifference,
  type BankDifferenceKind,
  type BankEntry,
  type BankLink,
  type BankLinkRule,
  type BankMatchState,
  type BankReconciliation,
  type BankStatement,
} from '@dnx/shared';
import { and, asc, count, desc, eq, getTableColumns, gt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankEntries, bankStatements, users } from '../../db/schema';
import { linksOf } from './evidence';
import { linkCredits } from './matching';

/**
 * The statements' queries (issue 48). Payments are read here through SQL, never through the payments feature:
 * a paid payment is status 3 with its receipt's number and day (db/schema/payments.ts).
 */

const paid = 3;

type StatementRow = typeof bankStatements.$inferSelect & { createdByEmail: string | null };

export function statementView(row: StatementRow, states: Partial<Record<BankMatchState, number>>): BankStatement {
  return {
    id: row.id,
    format: row.format as BankStatement['format'],
    file_name: row.fileName,
    account: row.account,
    number: row.number,
    currency: row.currency,
    from_date: row.fromDate,
    to_date: row.toDate,
    opening_balance: row.openingBalance,
    closing_balance: row.closingBalance,
    credits_total: row.creditsTotal,
    debits_total: row.debitsTotal,
    entry_count: row.entryCount,
    states: { matched: 0, amount_differs: 0, no_payment: 0, contested: 0, not_ours: 0, ...states },
    created_by: row.createdByEmail,
    created_at: row.createdAt.toISOString(),
  };
}

const statementSelection = () => ({ ...getTableColumns(bankStatements), createdByEmail: users.email });

export async function findStatements(db: Executor, where: SQL | undefined, page = 1, perPage = 20) {
  return db
    .select(statementSelection())
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.createdBy))
    .where(where)
    .orderBy(desc(bankStatements.createdAt), desc(bankStatements.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

export async function countStatements(db: Executor) {
  const [row] = await db.select({ n: count() }).from(bankStatements);
  return row!.n;
}

/** Credits by match state, for each of the statements. */
export async function statesOf(db: Executor, ids: number[]) {
  const byStatement = new Map<number, Partial<Record<BankMatchState, number>>>();
  if (ids.length === 0) return byStatement;
  const rows = await db
    .select({ statementId: bankEntries.statementId, state: bankEntries.matchState, n: count() })
    .from(bankEntries)
    .where(and(sql`${bankEntries.statementId} in ${ids}`, eq(bankEntries.direction, 'credit')))
    .groupBy(bankEntries.statementId, bankEntries.matchState);
  for (const row of rows) {
    const states = byStatement.get(row.statementId) ?? {};
    states[row.state as BankMatchState] = row.n;
    byStatement.set(row.statementId, states);
  }
  return byStatement;
}

const resolver = sql<string | null>`(select email from users where users.id = ${bankEntries.resolvedBy})`;

type EntryRowWithResolver = typeof bankEntries.$inferSelect & { resolvedByEmail: string | null };

export function entryView(
  row: EntryRowWithResolver,
  links: BankLink[] = [],
  paidTwiceOf: number | null = null,
): BankEntry {
  return {
    id: row.id,
    statement_id: row.statementId,
    position: row.position,
    booking_date: row.bookingDate,
    direction: row.direction as BankEntry['direction'],
    amount: row.amount,
    reference: row.reference,
    payer_code: row.payerCode,
    payer_name: row.payerName,
    bank_reference: row.bankReference,
    payer_account: row.payerAccount,
    texts: row.texts,
    match_state: row.matchState as BankMatchState | null,
    payment_id: row.paymentId ?? row.claimedPaymentId,
    resolution_reason: row.resolutionReason,
    resolved_by: row.resolvedByEmail,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    accepted_difference: row.acceptedDifference,
    links,
    paid_twice_of: paidTwiceOf,
  };
}

/** The entries as the API answers them: each with its links and their evidence (evidence.ts). */
export async function entryViews(db: Executor, rows: EntryRowWithResolver[]): Promise<BankEntry[]> {
  const { links, paidTwiceOf } = await linksOf(db, rows);
  return rows.map((row) => entryView(row, links.get(row.id), paidTwiceOf.get(row.id) ?? null));
}

interface EntryFilters {
  match_state?: BankMatchState;
  direction?: 'credit' | 'debit';
  rule?: BankLinkRule;
}

const entriesWhere = (statementId: number, filters: EntryFilters) =>
  and(
    eq(bankEntries.statementId, statementId),
    filters.match_state ? eq(bankEntries.matchState, filters.match_state) : undefined,
    filters.direction ? eq(bankEntries.direction, filters.direction) : undefined,
    filters.rule
      ? sql`exists (select 1 from bank_links l where l.entry_id = ${bankEntries.id} and l.rule = ${filters.rule})`
      : undefined,
  );

export async function countEntries(db: Executor, statementId: number, filters: EntryFilters) {
  const [total] = await db.select({ n: count() }).from(bankEntries).where(entriesWhere(statementId, filters));
  return total!.n;
}

export async function findEntries(
  db: Executor,
  statementId: number,
  filters: EntryFilters & { page: number; per_page: number },
) {
  const where = entriesWhere(statementId, filters);
  const total = await countEntries(db, statementId, filters);
  const rows = await db
    .select({ ...getTableColumns(bankEntries), resolvedByEmail: resolver })
    .from(bankEntries)
    .where(where)
    .orderBy(asc(bankEntries.position))
    .limit(filters.per_page)
    .offset((filters.page - 1) * filters.per_page);
  return { count: total, results: await entryViews(db, rows) };
}

export async function findEntry(db: Executor, id: number) {
  const [row] = await db
    .select({ ...getTableColumns(bankEntries), resolvedByEmail: resolver })
    .from(bankEntries)
    .where(eq(bankEntries.id, id));
  return row;
}

/**
 * Matches the statement's credits not yet matched by hand or by an earlier pass (issue 57, matching.ts): the receipts
 * their texts name by key, the payer's VÖEN and the amount; each automatic link kept with its rule. The links' unique
 * indexes are the last word: a concurrent match of the same payment fails this one, and the caller matches again.
 */
export async function matchStatement(db: Executor, statementId: number, windowDays: number) {
  await linkCredits(db, sql`e.statement_id = ${statementId}`, windowDays);
}

/** The first day from which a paid payment without a credit is late: `graceDays` banking days (Mon-Fri) before `today`. */
export function noCreditCutoff(today: string, graceDays: number): string {
  const at = new Date(`${today}T00:00:00Z`);
  let left = graceDays;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() - 1);
    const weekday = at.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at.toISOString().slice(0, 10);
}

/**
 * The open differences: credits left `amount_differs`, `no_payment` or `contested`, and the paid payments without a
 * credit (`no_credit`) whose receipt is older than the cutoff and within the statements' days.
 */
function differencesQuery(cutoff: string) {
  return sql`
    select match_state as kind, id as entry_id, statement_id, claimed_payment_id as payment_id, booking_date as day,
      amount::text as amount, reference, payer_code, payer_name
    from bank_entries
    where match_state in ('amount_differs', 'no_payment', 'contested')
    union all
    select 'no_credit', null, null, p.id, p.payment_receipt_date, p.total::text, p.payment_receipt_number,
      p.owner_code, p.owner_name
    from payments p
    where p.status = ${paid} and p.total > 0 and p.payment_receipt_date < ${cutoff}::date
      and p.payment_receipt_date >= (select min(from_date) from bank_statements)
      and not exists (select 1 from bank_links l where l.payment_id = p.id)`;
}

const kindFilter = (kind: BankDifferenceKind | undefined) => (kind ? sql`where kind = ${kind}` : sql``);

export async function countDifferences(db: Executor, cutoff: string, kind?: BankDifferenceKind) {
  const total = (await db.execute(
    sql`select count(*)::int as n from (${differencesQuery(cutoff)}) d ${kindFilter(kind)}`,
  )) as unknown as { rows: { n: number }[] };
  return total.rows[0]!.n;
}

/** The open differences from `offset`, the oldest first. */
async function differencesFrom(
  db: Executor,
  cutoff: string,
  kind: BankDifferenceKind | undefined,
  offset: number,
  limit: number,
): Promise<BankDifference[]> {
  const rows = (await db.execute(
    sql`select * from (${differencesQuery(cutoff)}) d ${kindFilter(kind)}
      order by day, kind, entry_id, payment_id limit ${limit} offset ${offset}`,
  )) as unknown as { rows: (Omit<BankDifference, 'day'> & { day: string | Date })[] };
  return rows.rows.map((row) => ({
    ...row,
    day: typeof row.day === 'string' ? row.day.slice(0, 10) : row.day.toISOString().slice(0, 10),
  }));
}

/** One page of the open differences, the oldest first, and how many there are. */
export async function findDifferences(
  db: Executor,
  cutoff: string,
  filters: { kind?: BankDifferenceKind; page: number; per_page: number },
) {
  const { page, per_page: perPage } = filters;
  return {
    count: await countDifferences(db, cutoff, filters.kind),
    results: await differencesFrom(db, cutoff, filters.kind, (page - 1) * perPage, perPage),
  };
}

const exportChunk = 2_000;

/** Every open difference, the oldest first, in chunks (an export). */
export async function* streamDifferences(db: Executor, cutoff: string, kind?: BankDifferenceKind) {
  for (let offset = 0; ; offset += exportChunk) {
    const chunk = await differencesFrom(db, cutoff, kind, offset, exportChunk);
    if (chunk.length > 0) yield chunk;
    if (chunk.length < exportChunk) return;
  }
}

/** Every entry of a statement the filters select, in its order, in chunks read by position (an export). */
export async function* streamEntries(db: Executor, statementId: number, filters: EntryFilters) {
  for (let after = 0; ;) {
    const rows = await db
      .select({ ...getTableColumns(bankEntries), resolvedByEmail: resolver })
      .from(bankEntries)
      .where(and(entriesWhere(statementId, filters), gt(bankEntries.position, after)))
      .orderBy(asc(bankEntries.position))
      .limit(exportChunk);
    if (rows.length > 0) yield await entryViews(db, rows);
    if (rows.length < exportChunk) return;
    after = rows.at(-1)!.position;
  }
}

/** A paid payment's id and total, or undefined. */
export async function findPaidPayment(db: Executor, id: number) {
  const result = (await db.execute(
    sql`select id, total::text as total from payments where id = ${id} and status = ${paid}`,
  )) as unknown as { rows: { id: number; total: string }[] };
  return result.rows[0];
}

/**
 * The money side of the forms' reconciliation: per day of the receipt and region, the paid payments' sum (the
 * register) and the sum of the credits linked to them (the bank: every link, whole or partial, issue 57), and the
 * difference: a payment short paid shows its residual.
 */
export async function moneyReconciliation(
  db: Executor,
  from: string,
  to: string,
  region: number | undefined,
): Promise<BankReconciliation> {
  const result = (await db.execute(sql`
    select to_char(p.payment_receipt_date, 'YYYY-MM-DD') as day, p.region_id as region, r.name as region_name,
      count(*)::int as payments, count(l.payment_id)::int as credited_payments,
      sum(p.total)::text as paid, coalesce(sum(l.amount), 0)::text as credited
    from payments p
    join regions r on r.id = p.region_id
    left join (select payment_id, sum(amount) as amount from bank_links group by payment_id) l on l.payment_id = p.id
    where p.status = ${paid} and p.payment_receipt_date between ${from}::date and ${to}::date
      ${region === undefined ? sql`` : sql`and p.region_id = ${region}`}
    group by p.payment_receipt_date, p.region_id, r.name
    order by p.payment_receipt_date, r.name, p.region_id`)) as unknown as {
    rows: Omit<BankReconciliation['rows'][number], 'difference'>[];
  };
  let paidTotal = 0n;
  let creditedTotal = 0n;
  const rows = result.rows.map((row) => {
    const [paidQ, creditedQ] = [parseMoney(row.paid), parseMoney(row.credited)];
    paidTotal += paidQ;
    creditedTotal += creditedQ;
    return {
      ...row,
      paid: moneyToDecimal(paidQ),
      credited: moneyToDecimal(creditedQ),
      difference: moneyToDecimal(paidQ - creditedQ),
    };
  });
  return {
    date_from: from,
    date_to: to,
    rows,
    totals: {
      paid: moneyToDecimal(paidTotal),
      credited: moneyToDecimal(creditedTotal),
      difference: moneyToDecimal(paidTotal - creditedTotal),
    },
  };
}
