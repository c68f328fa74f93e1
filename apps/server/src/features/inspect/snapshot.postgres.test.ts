import { markKey } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { changedFrom, fetchSnapshot, marksByKey, syncUntil, roomyLimits } from './inspect-test-kit';
import { snapshotCursors } from './snapshot';

/**
 * A writer's transaction that began before a snapshot was read and commits after it is not lost: its change comes in
 * the next delta. PostgreSQL only (DATABASE_URL's server): PGlite has one connection, so no two transactions overlap.
 */
describe('the snapshot under a concurrent writer', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let writer: pg.Client;
  beforeAll(async () => {
    // A delta however far back its cursor: a transaction of another database on the server (another test file's)
    // may hold the cluster's oldest xid below the seed's changes, and a delta past INSPECT_DELTA_MAX_CHANGES would
    // be answered with the full snapshot, which holds every committed change at once.
    t = await createTestApp({ seed: true, env: { ...roomyLimits, INSPECT_DELTA_MAX_CHANGES: '10000000' } });
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
    // (the cursor stays below it, so both come next time). A mark brought again unchanged is no change (`changedFrom`).
    expect([...changedFrom(marksByKey(before), marksByKey(during))]).toEqual([]);
    await writer.query('COMMIT');

    const { marks: changed } = await syncUntil(t, k.as.inspector, during.cursor, (marks) =>
      forms.every((f) => marks.has(markKey(f.series, f.number))),
    );
    expect(changed.get(markKey(forms[0]!.series, forms[0]!.number))?.[2]).toBe('annulled');
    expect(changed.get(markKey(forms[1]!.series, forms[1]!.number))?.[2]).toBe('annulled');
    // The cursor had not passed the open transaction: a sequence number taken at its write would have been passed
    // by the fast one's and the slow change lost.
    const duringXmin = snapshotCursors(t.config.mfaKey).read(during.cursor, [k.ganja]);
    const writerXid = (
      await writer.query<{ xid: string }>(`SELECT xid::text FROM fn_form_changes WHERE series = $1 AND number = $2`, [
        forms[0]!.series,
        Number(forms[0]!.number),
      ])
    ).rows[0]!.xid;
    expect(BigInt(writerXid)).toBeGreaterThanOrEqual(BigInt(duringXmin!));
  });

  it('brings a mark again unchanged when a transaction older than its change was still running at the read', async () => {
    // Another transaction (of any database on the server: another test file's, a long report) holds the oldest xid.
    await writer.query('BEGIN');
    await writer.query('SELECT pg_current_xact_id()');
    const { forms } = await k.payForms('1234567891', 1);
    const key = markKey(forms[0]!.series, forms[0]!.number);
    const before = await fetchSnapshot(t, k.as.inspector);
    expect(marksByKey(before).get(key)?.[2]).toBe('valid');
    await writer.query('COMMIT');
    // The cursor stayed below the payment's transaction, so the next delta brings its mark again, as it was.
    const { marks: again } = await syncUntil(t, k.as.inspector, before.cursor, (marks) => marks.has(key));
    expect(again.get(key)).toEqual(marksByKey(before).get(key));
    expect([...changedFrom(marksByKey(before), again)]).toEqual([]);
  });
});
