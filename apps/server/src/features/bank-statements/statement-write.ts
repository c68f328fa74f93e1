import {
  bankStatementMessages as m,
  formatDate,
  moneyToDecimal,
  payerVoenPattern,
  receiptCandidates,
  voenCandidates,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { bankEntries, bankStatements } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { insertAsJson } from '../../lib/bulk-insert';
import { conflict } from '../../lib/http-errors';
import { uniqueViolation } from '../../lib/db-errors';
import { matchStatement } from './repository';
import { accountRules, caughtByRules, type AccountRule } from './rule-match';
import { accountKey, entriesDigest, statementIdentity, type StatementFacts } from './statement-identity';
import type { EntryText, ParsedEntry } from './statement';
import type { ReadStatement } from './statement-reader-thread';

/** Entries are written this many to a statement. */
const entryBatch = 5_000;
/** The unique indexes a concurrent match of the same payment trips (issue 57: the links' too). */
export const linkKeys = new Set([
  'bank_entries_payment_id_key',
  'bank_links_whole_payment_key',
  'bank_links_entry_payment_key',
]);
/** A match that lost a race for a payment's link is tried again, then seeing the link (contested). */
const matchAttempts = 3;

/**
 * What an entry's texts name (issue 57): the receipt keys to look payments up by, the VÖEN tokens of its payer, and
 * what the account's rules catch in them (rules.ts).
 */
export function namedBy(payerCode: string, texts: EntryText[], rules: AccountRule[] = []) {
  const words = texts.map((t) => t.text);
  const caught = caughtByRules(rules, words);
  return {
    receiptKeys: [...new Set([...caught.receiptKeys, ...receiptCandidates(words)])],
    voenTokens: [
      ...new Set([...(payerVoenPattern.test(payerCode) ? [payerCode] : []), ...caught.voens, ...voenCandidates(words)]),
    ],
  };
}

/** An entry's row as it is kept: its texts, and what they name. */
export function entryRow(
  statementId: number,
  position: number,
  entry: Omit<ParsedEntry, 'amount'> & { amount: string },
  rules: AccountRule[] = [],
) {
  return {
    statementId,
    position,
    bookingDate: entry.bookingDate,
    direction: entry.direction,
    amount: entry.amount,
    reference: entry.reference,
    payerCode: entry.payerCode,
    payerName: entry.payerName,
    bankReference: entry.bankReference,
    payerAccount: entry.payerAccount,
    texts: entry.texts,
    ...namedBy(entry.payerCode, entry.texts, rules),
    matchState: entry.direction === 'credit' ? 'no_payment' : null,
  };
}

/**
 * A statement number is the account's for a year at least (banks restart the sequence at most yearly): a statement
 * of the account and number kept with another period within 366 days is a 409 naming that period, not a second
 * statement whose credits would all come back contested (issue 56: the same statement with its period moved a day
 * imported again). Uploads of one account and number take turns (an advisory lock to the commit), so two at once
 * cannot both pass.
 */
async function refuseNumberOfOtherPeriod(tx: Executor, facts: StatementFacts) {
  if (facts.number === '') return;
  const account = accountKey(facts.account);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bank:statement:${account}\n${facts.number}`}))`);
  const day = facts.fromDate ?? facts.toDate;
  const [other] = (
    (await tx.execute(sql`
      SELECT from_date::text AS "from", to_date::text AS "to" FROM bank_statements
      WHERE number = ${facts.number} AND upper(regexp_replace(account, '[[:space:]]', '', 'g')) = ${account}
        AND NOT (from_date IS NOT DISTINCT FROM ${facts.fromDate}::date AND to_date IS NOT DISTINCT FROM ${facts.toDate}::date)
        AND (${day}::date IS NULL OR coalesce(from_date, to_date) IS NULL
          OR abs(coalesce(from_date, to_date) - ${day}::date) <= 366)
      LIMIT 1`)) as unknown as { rows: { from: string | null; to: string | null }[] }
  ).rows;
  if (other) throw conflict(m.numberOtherPeriod(facts.number, periodText(other.from, other.to)));
}

const periodText = (from: string | null, to: string | null) =>
  [from, to].map((day) => (day === null ? '…' : formatDate(day))).join('–');

/** The statement's columns that say what it is and how much it moves. */
export function factsOf(read: ReadStatement): StatementFacts {
  const parsed = read.statement;
  return {
    account: parsed.account,
    number: parsed.number,
    fromDate: parsed.fromDate,
    toDate: parsed.toDate,
    openingBalance: moneyToDecimal(parsed.opening),
    closingBalance: moneyToDecimal(parsed.closing),
    creditsTotal: moneyToDecimal(read.credits),
    debitsTotal: moneyToDecimal(read.debits),
    entryCount: parsed.entries.length,
    entriesDigest:
      parsed.number === ''
        ? entriesDigest(parsed.entries.map((e) => ({ ...e, amount: moneyToDecimal(e.amount) })))
        : undefined,
  };
}

/** The facts that are the statement's columns. */
const columnsOf = ({ entriesDigest: _digest, ...columns }: StatementFacts) => columns;

/**
 * Matches a statement's credits inside the caller's transaction, in a savepoint: a concurrent match that linked a
 * payment first fails this one on the link's unique index, and the match runs again and sees the link (contested).
 * Then the statement is marked matched.
 */
export async function matchInTransaction(tx: Executor, statementId: number, windowDays: number) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await (tx as Database).transaction((savepoint) => matchStatement(savepoint, statementId, windowDays));
      break;
    } catch (err) {
      if (attempt >= matchAttempts || !linkKeys.has(uniqueViolation(err) ?? '')) throw err;
    }
  }
  await tx
    .update(bankStatements)
    .set({ matchedAt: sql`now()` })
    .where(eq(bankStatements.id, statementId));
}

/**
 * A statement read from a file, written with its entries, audited and its credits matched, in ONE transaction
 * (issue 56): a crash at any point leaves nothing, and the next upload does it all. Null when a statement of the same
 * identity is kept already (or was written meanwhile by a concurrent upload: the unique index waits for it).
 */
export async function writeStatement(
  db: Database,
  actor: AuditActor,
  { contentHash, fileName, read }: { contentHash: string; fileName: string; read: ReadStatement },
  windowDays: number,
): Promise<number | null> {
  const parsed = read.statement;
  const facts = factsOf(read);
  return db.transaction(async (tx) => {
    await refuseNumberOfOtherPeriod(tx, facts);
    const [created] = await tx
      .insert(bankStatements)
      .values({
        ...columnsOf(facts),
        identity: statementIdentity(facts),
        contentHash,
        format: parsed.format,
        fileName,
        currency: parsed.currency,
        createdBy: actor.id,
      })
      .onConflictDoNothing({ target: bankStatements.identity })
      .returning({ id: bankStatements.id });
    if (!created) return null;
    const rules = await accountRules(tx, parsed.account);
    for (let at = 0; at < parsed.entries.length; at += entryBatch) {
      await insertAsJson(
        tx,
        bankEntries,
        parsed.entries
          .slice(at, at + entryBatch)
          .map((entry, i) =>
            entryRow(created.id, at + i + 1, { ...entry, amount: moneyToDecimal(entry.amount) }, rules),
          ),
      );
    }
    await recordAudit(tx, {
      actor,
      action: 'create',
      resource: 'bankstatement',
      recordId: created.id,
      after: {
        file_name: fileName,
        format: parsed.format,
        account: parsed.account,
        number: parsed.number,
        ...(parsed.unbooked > 0 ? { unbooked_entries_left_out: parsed.unbooked } : {}),
      },
    });
    await matchInTransaction(tx, created.id, windowDays);
    return created.id;
  });
}

/**
 * Finishes a kept statement whose credits were never matched (kept before issue 56 by an upload that stopped between
 * storing and matching): matched once, however many uploads ask at once (the statement's row is locked).
 */
export async function finishStatement(db: Database, statementId: number, windowDays: number) {
  await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: bankStatements.id })
      .from(bankStatements)
      .where(sql`${bankStatements.id} = ${statementId} and ${bankStatements.matchedAt} is null`)
      .for('update');
    if (open) await matchInTransaction(tx, statementId, windowDays);
  });
}
