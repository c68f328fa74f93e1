import { markKey } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { fetchSnapshot, marksByKey, syncUntil } from './inspect-test-kit';

/**
 * A writer's transaction that began before a snapshot was read and commits after it is not lost: its change comes in
 * the next delta. PostgreSQL only (DATABASE_URL's server): PGlite has one connection, so no two transactions overlap.
 */
describe('the snapshot under a concurrent writer', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let writer: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    writer = new pg.Client({ connectionString: t.databaseUrl });
    await writer.connect();
  }, 120_000);
  afterAll(async () => {
    await writer?.end();
    await t?.close();
  });

  it('gives the change of a transaction still open at the read in the delta after it commits', async () => {
    const { forms } = await k.payForms('1234567891', 2);
    const before = await fetchSnapshot(t, k.as.inspector);
    expect(marksByKey(before).get(markKey(forms[0]!.series, forms[0]!.number))![2]).toBe('valid');

    // The writer begins and changes a mark; a later transaction commits a change of its own before the read.
    await writer.query('BEGIN');
    await writer.query(`UPDATE fn_forms SET annulled = true, annul_reason = 'slow' WHERE id = $1`, [forms[0]!.id]);
    await t.database.db.execute(
      sql`UPDATE fn_forms SET annulled = true, annul_reason = 'fast' WHERE id = ${forms[1]!.id}`,
    );
    const during = await fetchSnapshot(t, k.as.inspector, before.cursor);
    // Neither comes yet: the open one is not visible, and the committed one is newer than the oldest open transaction
    // (the cursor stays below it, so both come next time).
    expect(during.marks).toEqual([]);
    await writer.query('COMMIT');

    const { marks: changed } = await syncUntil(t, k.as.inspector, during.cursor, (marks) =>
      forms.every((f) => marks.has(markKey(f.series, f.number))),
    );
    expect(changed.get(markKey(forms[0]!.series, forms[0]!.number))?.[2]).toBe('annulled');
    expect(changed.get(markKey(forms[1]!.series, forms[1]!.number))?.[2]).toBe('annulled');
    // The cursor had not passed the open transaction: a sequence number taken at its write would have been passed
    // by the fast one's and the slow change lost.
    const [, duringXmin] = during.cursor.split('.');
    const writerXid = (
      await writer.query<{ xid: string }>(`SELECT xid::text FROM fn_form_changes WHERE series = $1 AND number = $2`, [
        forms[0]!.series,
        Number(forms[0]!.number),
      ])
    ).rows[0]!.xid;
    expect(BigInt(writerXid)).toBeGreaterThanOrEqual(BigInt(duringXmin!));
  });
});
