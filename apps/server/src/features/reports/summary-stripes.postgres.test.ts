import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldReportSummaries, reportSummaryDifferences } from '../../db/report-summaries';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Two writers of one summary key on two connections (migration 0050; a PostgreSQL-only test): the first holds its
 * flushed summary rows in an open transaction, and the second still commits at once, on its own stripe; before the
 * stripes it waited for the first's commit (here: its lock timeout). The summaries stay exact, and the fold leaves
 * one row a key.
 */
describe('report summaries on stripes', () => {
  let t: TestApp;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    await t?.close();
  });

  const connect = async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    clients.push(client);
    return client;
  };
  const stripeOf = async (client: pg.Client) =>
    (await client.query<{ stripe: number }>('select dnx_report_stripe() as stripe')).rows[0]!.stripe;

  it('lets a second writer of the same key commit while the first holds its rows, and stays exact', async () => {
    const first = await connect();
    let second = await connect();
    // Two connections on different stripes (a pid modulo 16 can repeat).
    while ((await stripeOf(second)) === (await stripeOf(first))) second = await connect();

    // Two forms of one summary key: the same batch, stage, status, day and validity.
    const { rows } = await first.query<{ ids: number[] }>(`select array_agg(id order by id) as ids from fn_forms
      where not annulled group by batch_id, stage, status, valid_to, stage_at having count(*) >= 2 limit 1`);
    const [one, two] = rows[0]!.ids;

    await first.query('begin');
    await first.query('update fn_forms set annulled = true where id = $1', [one]);
    // The flush now, not at the commit: the first writer holds its summary rows until it ends.
    await first.query('set constraints all immediate');
    await second.query(`set lock_timeout = '3s'`);
    await second.query('begin');
    await second.query('update fn_forms set annulled = true where id = $1', [two]);
    await expect(second.query('commit')).resolves.toBeDefined();
    await first.query('commit');

    const stripes = async () =>
      (
        await first.query<{ n: number }>(`select (select count(*) from report_form_counts where stripe <> 0)
          + (select count(*) from report_payment_days where stripe <> 0) as n`)
      ).rows[0]!.n;
    expect(Number(await stripes())).toBeGreaterThan(0);
    expect(await reportSummaryDifferences(t.database.db)).toEqual({ forms: 0, shapes: 0, payments: 0 });
    const folded = await foldReportSummaries(t.database.db);
    expect(folded.form_rows).toBeGreaterThan(0);
    expect(Number(await stripes())).toBe(0);
    expect(await reportSummaryDifferences(t.database.db)).toEqual({ forms: 0, shapes: 0, payments: 0 });
  });
});
