import type { ReportFilters } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldReportSummaries, rebuildReportSummaries, reportSummaryDifferences } from '../../db/report-summaries';
import type { AuthUser } from '../../plugins/auth';
import type { SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { countFormsFromBase, paymentFiguresFromBase } from './report-base-figures-test-kit';
import { countForms, paymentFigures } from './report-figures';
import { foldForms, groupKey, periodOf } from './report-repository';

/**
 * The summary tables (issue 31, migration 0046) against the base tables: random writes through the API, many at a
 * time, across region and month boundaries, through acceptances, shares, voids, payments paid and cancelled and
 * annulments; after each round every summary row equals the count from the base tables, and every report figure
 * read from the summaries equals the one read from the base tables.
 */

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('report summaries', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let bakuOperator: SignedIn;
  let types: number[];
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    bakuOperator = await k.userOf('operator', k.baku);
    types = (await rowsOf<{ id: number }>(sql`select id from transport_types order by id limit 2`)).map((r) => r.id);
  }, 120_000);
  afterAll(async () => t?.close());

  const expectExact = async () =>
    expect(await reportSummaryDifferences(t.database.db)).toEqual({ forms: 0, shapes: 0, payments: 0 });

  /** The reports' figures: from the summaries as from the base tables, for several filters and groupings. */
  const expectReportsFromBase = async () => {
    const national = { isNational: true, regionId: null } as unknown as AuthUser;
    const regional = { isNational: false, regionId: k.baku } as unknown as AuthUser;
    const db = t.database.db;
    for (const [actor, filters] of [
      [national, {}],
      [national, { date_from: '2026-02-01', date_to: '2026-03-31' }],
      [national, { date_to: '2026-01-31' }],
      [national, { form_status: 4 }],
      [national, { form_status: 1, date_from: '2026-01-01' }],
      [national, { form_status: 0, transport_type: types[1] }],
      [national, { payment_status: 4, validity: 3 }],
      [national, { payment_status: 2, region: k.ganja }],
      [regional, { operator: bakuOperator.userId }],
    ] as [AuthUser, ReportFilters][]) {
      const options = { actor, filters, period: periodOf(filters) };
      for (const dims of [['region'], ['operator'], ['transport_type'], ['region', 'transport_type']] as const) {
        for (const byMonth of [false, true]) {
          const key = groupKey(byMonth ? 'month' : dims.map((_d, i) => i));
          const fromSummary = foldForms(await countForms(db, options, dims, byMonth), key);
          const fromBase = foldForms(await countFormsFromBase(db, options, dims, byMonth), key);
          expect(fromSummary, JSON.stringify(filters)).toEqual(fromBase);
        }
      }
      const paymentDims = ['region', 'transport_type', 'month'] as const;
      const sets = [[0, 1], [0], [1], [2], []];
      expect(await paymentFigures(db, options, paymentDims, sets), JSON.stringify(filters)).toEqual(
        await paymentFiguresFromBase(db, options, paymentDims, sets),
      );
      for (const groupBy of ['operator', 'month'] as const)
        expect(await paymentFigures(db, options, [groupBy], [[0], []])).toEqual(
          await paymentFiguresFromBase(db, options, [groupBy], [[0], []]),
        );
    }
  };

  it('stay equal to the base tables through random concurrent writes, and so do the reports', async () => {
    const seed = 31;
    const rnd = random(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
    const [coefficient] = await rowsOf<{ c: string }>(
      sql`select coefficient::text as c from fn_coefficients where id = ${k.coefficient}`,
    );
    const statuses: number[] = [];
    let serial = 0;
    const send = async (method: 'POST' | 'PUT', url: string, who: SignedIn, payload?: object) => {
      const res = await k.request(method, url, who, payload);
      statuses.push(res.statusCode);
      // Concurrent writers may refuse each other (409, 400); none may fail.
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      return res;
    };
    const operatorOf = (region: number) => (region === k.baku ? bakuOperator : k.as.operator);
    const pickedForms = (stage: string, limit: number) =>
      rowsOf<{ id: number; region: number; series: string; number: number; operator: number }>(
        sql`select f.id, b.region_id as region, f.series, f.number, b.operator_id as operator
          from fn_forms f join fn_batches b on b.id = f.batch_id
          where f.stage = ${stage} and b.series like 'S%' order by f.id`,
      ).then((rows) => Array.from({ length: Math.min(limit, rows.length) }, () => pick(rows)!));
    const batchesOf = (status: string) =>
      rowsOf<{ id: number; version: number; region: number; series: string; start: number; finish: number }>(
        sql`select id, version, region_id as region, series, start_number as start, finish_number as finish
          from fn_batches where status = ${status} and series like 'S%' order by id`,
      );
    const paymentsOf = (status: number) =>
      rowsOf<{ id: number }>(sql`select id from payments where status = ${status} order by id`);

    const operations: (() => Promise<unknown>)[] = [
      async () => {
        serial += 1;
        const region = pick([k.ganja, k.baku])!;
        await send('POST', '/api/fn/batches/', k.as.central, {
          ...k.batchBody({
            series: `S${String.fromCharCode(65 + (serial % 26))}${String.fromCharCode(65 + Math.floor(serial / 26))}`,
            finish_number: String(3 + Math.floor(rnd() * 8)).padStart(6, '0'),
            region,
            operator: operatorOf(region).userId,
            transport_type: pick(types),
            expire_date: pick([1, 3, 6]),
            expire_date_type: pick(['month', 'quarter']),
          }),
        });
      },
      async () => {
        const batch = pick(await batchesOf('issued'));
        if (batch) await send('POST', `/api/fn/batches/${batch.id}/accept/`, operatorOf(batch.region));
      },
      async () => {
        // A batch still new changes its dimensions: its forms move to other classes.
        const batch = pick(await batchesOf('issued'));
        if (!batch) return;
        const region = pick([k.ganja, k.baku])!;
        await send('PUT', `/api/fn/batches/${batch.id}/`, k.as.central, {
          ...k.batchBody({
            series: batch.series,
            start_number: String(batch.start).padStart(6, '0'),
            finish_number: String(batch.finish).padStart(6, '0'),
            region,
            operator: operatorOf(region).userId,
            transport_type: pick(types),
            expire_date: pick([2, 12]),
          }),
          version: batch.version,
        });
      },
      async () => {
        const batch = pick(await batchesOf('issued'));
        if (batch && rnd() < 0.3)
          await send('POST', '/api/fn/batches/delete-multiple/', k.as.central, { pkList: [batch.id] });
      },
      async () => {
        const [form] = await pickedForms('active', 1);
        if (form && form.region === k.ganja)
          await send('POST', '/api/fn/forms/share/', k.as.operator, {
            inspector: k.as.inspector.userId,
            series: form.series,
            number_from: String(form.number).padStart(6, '0'),
            number_to: String(form.number).padStart(6, '0'),
          });
      },
      async () => {
        const [form] = await pickedForms(pick(['active', 'shared'])!, 1);
        if (form) await send('POST', `/api/fn/forms/${form.id}/void/`, k.as.central, { reason: 'Korlanıb' });
      },
      async () => {
        const forms = await pickedForms('active', 3);
        const region = forms[0]?.region;
        const rows = [...new Map(forms.filter((f) => f.region === region).map((f) => [f.id, f])).values()];
        if (rows.length === 0) return;
        const day = new Date().toISOString().slice(0, 10);
        await send('POST', '/api/payments/', k.as.central, {
          owner_code: '1234567891',
          owner_name: 'Əliyev Vəli',
          mdssh_number: 'M-1',
          mdssh_date: day,
          mdssh_amount: pick(['10.25', '0.10', '7.33']),
          itsda_number: 'I-1',
          itsda_date: day,
          itsda_amount: '12.50',
          region,
          rows: rows.map((f) => ({
            form: f.id,
            plate: `10-SU-${String(f.id).padStart(3, '0').slice(-3)}`,
            seats_count: 18,
            transport_type: pick(types),
            coefficient: coefficient!.c,
            expire_date: 3,
          })),
        });
      },
      async () => {
        const payment = pick(await paymentsOf(1));
        if (payment) await send('POST', `/api/payments/${payment.id}/submit/`, k.as.central);
      },
      async () => {
        const payment = pick(await paymentsOf(2));
        serial += 1;
        if (payment)
          await send('POST', `/api/payments/${payment.id}/pay/`, k.as.central, {
            payment_receipt_number: `SUM-${seed}-${serial}-${Date.now()}`,
            payment_receipt_date: new Date().toISOString().slice(0, 10),
          });
      },
      async () => {
        const payment = pick([...(await paymentsOf(1)), ...(await paymentsOf(2))]);
        if (payment) await send('POST', `/api/payments/${payment.id}/cancel/`, k.as.central, { reason: 'Səhv' });
      },
      async () => {
        const [form] = await pickedForms('paid', 1);
        if (form && rnd() < 0.5)
          await send('POST', '/api/fn/paid/delete-multiple/', k.as.admin, { pkList: [form.id], reason: 'Səhv ödəniş' });
      },
    ];

    for (let round = 0; round < 8; round += 1) {
      // Batches first, so that every round has forms to move; then everything at once.
      await Promise.all([operations[0]!(), operations[0]!(), operations[1]!()]);
      await Promise.all(Array.from({ length: 14 }, () => pick(operations)!()));
      if (round % 2 === 1) {
        // Across month boundaries (UTC), and expiries either side of today, by the tables' own writers.
        await t.writeOutside(async (db) => {
          await db.execute(sql`update fn_batches set created_at = case when id % 2 = 0
            then timestamptz '2026-01-31 23:59:59+00' else timestamptz '2026-02-01 00:00:00+00' end
            where series like 'S%' and id % 3 = ${round % 3}`);
          await db.execute(sql`update fn_forms set stage_at = case when id % 2 = 0
            then timestamptz '2026-02-28 23:59:59+00' else timestamptz '2026-03-01 00:00:01+00' end
            where series like 'S%' and id % 4 = ${round % 4}`);
          await db.execute(sql`update fn_forms set valid_to = current_date + (id % 3 - 1)
            where stage = 'paid' and series like 'S%' and id % 2 = ${round % 2}`);
          await db.execute(sql`update payments set status_at = case when id % 2 = 0
            then timestamptz '2026-03-31 23:59:59+00' else timestamptz '2026-04-01 00:00:00+00' end
            where id % 3 = ${round % 3}`);
        });
      }
      await expectExact();
    }
    // The writes did happen, in every kind.
    const [counts] = await rowsOf<{ stages: number; paid: number; cancelled: number; annulled: number }>(
      sql`select (select count(distinct stage) from fn_forms where series like 'S%')::int as stages,
        (select count(*) from payments where status = 3)::int as paid,
        (select count(*) from payments where status = 4)::int as cancelled,
        (select count(*) from fn_forms where annulled)::int as annulled`,
    );
    expect(counts!.stages).toBeGreaterThanOrEqual(5);
    expect(counts!.paid).toBeGreaterThan(0);
    expect(counts!.cancelled).toBeGreaterThan(0);
    expect(statuses.filter((s) => s < 300).length).toBeGreaterThan(50);

    await expectReportsFromBase();
  }, 300_000);

  it('read a key written on several stripes as one, and the fold leaves one row a key (migration 0050)', async () => {
    await k.payForms('1234567893', 3);
    // One row a key to split (the writes so far went to their connection's stripe).
    await foldReportSummaries(t.database.db);
    const stripes = async () =>
      (
        await rowsOf<{ n: number }>(sql`select ((select count(*) from report_form_counts where stripe <> 0)
          + (select count(*) from report_payment_days where stripe <> 0))::int as n`)
      )[0]!.n;
    // Each key's figures split over stripes as concurrent writers leave them: forms moved to stripe 7, a pair that
    // sums to nothing on stripes 3 and 9; a payment moved to stripe 4 where a day has two, and tax with no payment.
    await t.writeOutside(async (db) => {
      await db.execute(sql`insert into report_form_counts
        select kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, 1, 7
        from report_form_counts where stripe = 0 and forms > 1`);
      await db.execute(sql`update report_form_counts set forms = forms - 1 where stripe = 0 and forms > 1`);
      await db.execute(sql`insert into report_form_counts
        select kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to,
          s * 2, s * 3 + 6
        from (select * from report_form_counts where stripe = 0 limit 5) c cross join (values (-1), (1)) v(s)`);
      await db.execute(sql`insert into report_payment_days
        select status, day, combos, case when payments > 1 then 1 else 0 end,
          array_fill(0::numeric, array[cardinality(taxes)]), 0, 0, 4
        from report_payment_days where stripe = 0`);
      await db.execute(sql`update report_payment_days set taxes[1] = taxes[1] + 1.25 where stripe = 4`);
      await db.execute(sql`update report_payment_days
        set payments = payments - case when payments > 1 then 1 else 0 end, taxes[1] = taxes[1] - 1.25
        where stripe = 0`);
    });
    const [moved] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from report_payment_days where stripe = 4 and payments = 1`,
    );
    expect(moved!.n).toBeGreaterThan(0);
    await expectExact();
    await expectReportsFromBase();
    const folded = await foldReportSummaries(t.database.db);
    expect(folded.form_rows).toBeGreaterThan(0);
    expect(folded.payment_rows).toBeGreaterThan(0);
    expect(await stripes()).toBe(0);
    await expectExact();
    await expectReportsFromBase();
  });

  it('the rebuild restores summaries that were corrupted', async () => {
    await k.payForms('1234567892', 2);
    await t.writeOutside(async (db) => {
      await db.execute(
        sql`update report_form_counts set forms = forms + 1 where ctid = (select min(ctid) from report_form_counts)`,
      );
      // A row that counts something: after the random writes above, a row may add up to nothing (its payments
      // cancelled), and removing it would change no sum.
      await db.execute(
        sql`delete from report_payment_days where ctid = (select ctid from report_payment_days where payments <> 0 limit 1)`,
      );
      await db.execute(sql`update report_payment_shapes set mdssh = mdssh + 1`);
    });
    const broken = await reportSummaryDifferences(t.database.db);
    expect(broken.forms).toBeGreaterThan(0);
    expect(broken.shapes).toBeGreaterThan(0);
    expect(broken.payments).toBeGreaterThan(0);
    const rebuilt = await rebuildReportSummaries(t.database.db);
    expect(rebuilt.form_rows).toBeGreaterThan(0);
    await expectExact();
  });
});
