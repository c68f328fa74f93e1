import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/test-app';
import { entriesDigest, statementIdentity, type StatementFacts } from './statement-identity';

const migration = readFileSync(
  new URL('../../db/migrations/0058_statement_identity.sql', import.meta.url),
  'utf8',
).split('--> statement-breakpoint');

/**
 * Migration 0058 on statements kept before it (issue 56), on both databases: each gets the identity the import
 * computes (statement-identity.ts and the SQL agree), a later copy of one statement keeps none and stays out of the
 * unique index, and a statement whose credits were never touched is left unmatched (matched_at null) for its next
 * upload. The migrated database is set back as it was before 0058's data step, which then runs again.
 */
describe('migration 0058: the identity of statements kept before', () => {
  let database: TestDatabase;
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await database.handle.db.execute(query)) as unknown as { rows: R[] }).rows;

  const kept: (StatementFacts & { name: string })[] = [
    { name: 'first', account: 'AZ21 nabz 0000', number: '7', fromDate: '2026-01-01', toDate: '2026-01-31' },
    { name: 'copy', account: 'AZ21NABZ0000', number: '7', fromDate: '2026-01-01', toDate: '2026-01-31' },
    { name: 'untouched', account: 'AZ21NABZ0000', number: '8', fromDate: '2026-02-01', toDate: '2026-02-28' },
    { name: 'no number', account: 'AZ21NABZ0000', number: '', fromDate: null, toDate: '2026-03-31' },
  ].map((facts, i) => ({
    ...facts,
    openingBalance: '-5.00',
    closingBalance: `${10 + i}.00`,
    creditsTotal: `${15 + i}.00`,
    debitsTotal: '0.00',
    entryCount: 1,
  }));

  beforeAll(async () => {
    database = await openTestDatabase('migrated');
    await database.handle.asOwner(async (db) => {
      await db.execute(sql`drop index bank_statements_identity_key`);
      for (const s of kept) {
        await db.execute(sql`
          insert into bank_statements (content_hash, format, file_name, account, number, currency, from_date, to_date,
            opening_balance, closing_balance, credits_total, debits_total, entry_count)
          values (${s.name}, 'csv', ${s.name}, ${s.account}, ${s.number}, 'AZN', ${s.fromDate}, ${s.toDate},
            ${s.openingBalance}, ${s.closingBalance}, ${s.creditsTotal}, ${s.debitsTotal}, ${s.entryCount})`);
      }
      // The first copy's credit was resolved by a person; the untouched one's never was; 'no number' has none.
      await db.execute(sql`
        insert into bank_entries (statement_id, position, booking_date, direction, amount, match_state, resolved_at)
        select id, 1, '2026-01-02'::date, 'credit', 15, case when content_hash = 'first' then 'not_ours'
            else 'no_payment' end, case when content_hash = 'first' then now() end
        from bank_statements where content_hash in ('first', 'copy', 'untouched')`);
      for (const statement of migration.filter((text) => /^\s*(--[^\n]*\n\s*)*(UPDATE|CREATE UNIQUE)/.test(text)))
        await db.execute(sql.raw(statement));
    });
  });
  afterAll(async () => database?.dispose());

  it("gives each statement the import's identity, the first copy only, and leaves an untouched one unmatched", async () => {
    const found = await rows<{ name: string; identity: string | null; matched: boolean }>(sql`
      select content_hash as name, identity, matched_at is not null as matched from bank_statements order by id`);
    const [first, , untouched, noNumber] = kept;
    expect(found).toEqual([
      { name: 'first', identity: statementIdentity(first!), matched: true },
      { name: 'copy', identity: null, matched: false },
      { name: 'untouched', identity: statementIdentity(untouched!), matched: false },
      {
        name: 'no number',
        identity: statementIdentity({ ...noNumber!, entriesDigest: entriesDigest([]) }),
        matched: true,
      },
    ]);
    // The index holds: the copy stays out of it, and the import's identity of the first is taken.
    await expect(
      database.handle.db.execute(sql`
        insert into bank_statements (content_hash, identity, format, file_name, account, number, currency,
          opening_balance, closing_balance, credits_total, debits_total, entry_count)
        values ('again', ${statementIdentity(first!)}, 'csv', 'again', 'x', '7', 'AZN', 0, 0, 0, 0, 0)`),
    ).rejects.toThrow();
  });
});
