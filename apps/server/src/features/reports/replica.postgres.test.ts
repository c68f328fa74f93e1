import type { Report } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../../../scripts/lib/postgres-cluster.mjs';
import { createThrowawayDatabase, databaseUrl, queryRows } from '../../../../../scripts/lib/throwaway-database.mjs';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';

/**
 * Reports from a real streaming replica (issue 25; a PostgreSQL-only test, run once, by the PostgreSQL pass): a cluster of the test's own and a replica made of it with
 * `pg_basebackup -R`; the app writes to the primary and reads its reports from the replica. While the replica's
 * replay is paused, a batch issued on the primary is in the lists at once and in the report only once the replica
 * has replayed it: the report answers from the replica, and its lag is what the report lags.
 */

const query = queryRows;

describe('reports from a streaming replica', () => {
  let primary: Cluster;
  let replica: Cluster;
  let t: TestApp;
  let replicaDatabase: string;

  /** Waits (at most 20 s) until the replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    const lsn = (await query<{ lsn: string }>(primary.url, 'select pg_current_wal_lsn()::text as lsn'))[0]!.lsn;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [row] = await query<{ behind: boolean }>(
        replica.url,
        `select pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn as behind`,
      );
      if (!row!.behind) return;
      if (Date.now() > deadline) throw new Error(`the replica has not replayed up to ${lsn} in 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    primary = await startCluster();
    replica = await primary.startReplica();
    const database = await createThrowawayDatabase(primary.url, 'dnx_replica');
    // The replica follows every database of the cluster: this one, made after it, too.
    replicaDatabase = databaseUrl(replica.url, database.name);
    t = await createTestApp({ databaseUrl: database.url, seed: true, env: { REPORTS_DATABASE_URL: replicaDatabase } });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    replica?.stop();
    primary?.stop();
  });

  it('is a hot standby, and a report answers from it, as far as it has replayed', async () => {
    expect(
      (await query<{ standby: boolean }>(replicaDatabase, 'select pg_is_in_recovery() as standby'))[0]!.standby,
    ).toBe(true);
    const k = await fnKit(t);
    const reportNow = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/reports/', headers: k.as.central.headers });
      expect(res.statusCode).toBe(200);
      const report = res.json() as Report;
      return { issued: report.totals.issued, asOf: Date.parse(report.as_of) };
    };
    await caughtUp();
    const before = await reportNow();

    await query(replicaDatabase, 'select pg_wal_replay_pause()');
    const batch = await k.createBatch({ series: k.freshSeries(), finish_number: '000025' });
    const issuedAt = Date.parse(batch.created_at);
    // The lists read the primary: the forms are there; the report reads the paused replica: not yet, and it says
    // its figures are of a moment before the batch.
    const forms = await k.request('GET', `/api/fn/forms/?batch=${batch.id}`, k.as.central);
    expect(forms.json().count).toBe(25);
    const behind = await reportNow();
    expect(behind.issued).toBe(before.issued);
    expect(behind.asOf).toBeLessThan(issuedAt);

    await query(replicaDatabase, 'select pg_wal_replay_resume()');
    await caughtUp();
    const current = await reportNow();
    expect(current.issued).toBe(before.issued + 25);
    expect(current.asOf).toBeGreaterThanOrEqual(issuedAt);
  });
});
