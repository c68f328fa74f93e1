import { fnBatchExportColumns, fnMessages, userMessages, versionMessages, type FnBatch, type Page } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedCsv } from '../../test/list-export';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from './fn-test-kit';

describe('fn batches API', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
  });
  afterAll(async () => t?.close());

  const formsOf = (batch: number) => k.count(sql`select count(*)::int as n from fn_forms where batch_id = ${batch}`);
  const ledgerOf = (batch: number) => k.count(sql`select count(*)::int as n from fn_ledger where batch_id = ${batch}`);

  it('creates a batch with all its forms (stage new), a ledger row and an audit row', async () => {
    const series = k.freshSeries();
    const res = await k.request(
      'POST',
      '/api/fn/batches/',
      k.as.central,
      k.batchBody({ series, finish_number: '000250' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json();
    expect(batch).toMatchObject({
      series,
      start_number: '000001',
      finish_number: '000250',
      count: 250,
      operator: k.as.operator.userId,
      region: k.ganja,
      status: 'issued',
      version: 1,
      stages: { new: 250, active: 0, shared: 0, used: 0, paid: 0, voided: 0 },
    });
    expect(await formsOf(batch.id)).toBe(250);
    expect(await ledgerOf(batch.id)).toBe(1);
    expect(
      await k.count(
        sql`select count(*)::int as n from audit_log where resource = 'fnbatch' and record_id = ${String(batch.id)}`,
      ),
    ).toBe(1);
  });

  it('refuses an overlapping range at the boundary numbers with a 400 on start_number naming the batch', async () => {
    const series = k.freshSeries();
    const first = await k.createBatch({ series, start_number: '000100', finish_number: '000200' });
    const message = fnMessages.overlap(series, '000100', '000200', first.id);
    for (const [start, finish] of [
      ['000200', '000300'],
      ['000050', '000100'],
      ['000150', '000160'],
      ['000001', '050000'],
    ]) {
      const res = await k.request(
        'POST',
        '/api/fn/batches/',
        k.as.central,
        k.batchBody({ series, start_number: start, finish_number: finish }),
      );
      expect(res.statusCode, `${start}-${finish}`).toBe(400);
      expect(res.json()).toEqual({ start_number: [message] });
    }
    // Just outside on both sides, and the same numbers in another series, are fine.
    await k.createBatch({ series, start_number: '000201', finish_number: '000201' });
    await k.createBatch({ series, start_number: '000099', finish_number: '000099' });
    await k.createBatch({ series: k.freshSeries(), start_number: '000100', finish_number: '000200' });
  });

  it('20 concurrent overlapping creates leave exactly the non-overlapping winners, and no 500', async () => {
    const series = k.freshSeries();
    // Ten pairs; the two of a pair overlap, pairs do not.
    const bodies = Array.from({ length: 20 }, (_, i) => {
      const pair = Math.floor(i / 2);
      const start = pair * 1000 + 1 + (i % 2) * 300;
      return k.batchBody({
        series,
        start_number: String(start).padStart(6, '0'),
        finish_number: String(start + 499).padStart(6, '0'),
      });
    });
    const answers = await Promise.all(bodies.map((body) => k.request('POST', '/api/fn/batches/', k.as.central, body)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(10);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(Object.keys(refused.json())).toEqual(['start_number']);
    }
    expect(await k.count(sql`select count(*)::int as n from fn_forms where series = ${series}`)).toBe(10 * 500);
    expect(await k.count(sql`select count(*)::int as n from fn_batches where series = ${series}`)).toBe(10);
    // Concurrent writers queued on the chain's lock: it did not fork.
    expect((await k.request('GET', '/api/fn/ledger/verify/', k.as.admin)).json()).toMatchObject({ ok: true });
  });

  it('creates a batch of 100,000 numbers (the most) with its forms in one statement', async () => {
    const series = k.freshSeries();
    const started = Date.now();
    const batch = await k.createBatch({ series, start_number: '100001', finish_number: '200000' });
    expect(batch.count).toBe(100_000);
    expect(await formsOf(batch.id)).toBe(100_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    // Accepted in one statement too: every trigger on the forms (row diffs, report summaries) takes it.
    const accepted = await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('checks the operator (role F of the region), the region scope and the references', async () => {
    const bakuOperator = await k.userOf('operator', k.baku);
    let res = await k.request(
      'POST',
      '/api/fn/batches/',
      k.as.central,
      k.batchBody({ series: k.freshSeries(), operator: bakuOperator.userId }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ operator: [fnMessages.operatorInvalid] });
    res = await k.request(
      'POST',
      '/api/fn/batches/',
      k.as.central,
      k.batchBody({ series: k.freshSeries(), operator: k.as.inspector.userId }),
    );
    expect(res.json()).toEqual({ operator: [fnMessages.operatorInvalid] });
    res = await k.request(
      'POST',
      '/api/fn/batches/',
      k.as.central,
      k.batchBody({ series: k.freshSeries(), transport_type: 999999, coefficient: 999999, fnBase: 999999 }),
    );
    expect(res.json()).toEqual({
      transport_type: [fnMessages.choiceMissing],
      coefficient: [fnMessages.choiceMissing],
      fnBase: [fnMessages.fnBaseInvalid],
    });
    res = await k.request(
      'POST',
      '/api/fn/batches/',
      k.as.central,
      k.batchBody({ series: 'abc', finish_number: '100001' }),
    );
    expect(Object.keys(res.json()).sort()).toEqual(['finish_number', 'series']);
  });

  it('only A and B create, edit and delete; F, E, C, D may not', async () => {
    for (const who of [k.as.operator, k.as.regional, k.as.inspector, k.as.cashier]) {
      expect(
        (await k.request('POST', '/api/fn/batches/', who, k.batchBody({ series: k.freshSeries() }))).statusCode,
      ).toBe(403);
      expect((await k.request('POST', '/api/fn/batches/delete-multiple/', who, { pkList: [1] })).statusCode).toBe(403);
    }
    await k.createBatch({ series: k.freshSeries() }, k.as.admin);
  });

  it('region scope: a regional user sees only their region; another region by id is 404', async () => {
    const bakuOperator = await k.userOf('operator', k.baku);
    const bakuBatch = await k.createBatch({ series: k.freshSeries(), operator: bakuOperator.userId, region: k.baku });
    const ganjaBatch = await k.createBatch({ series: k.freshSeries() });
    const list = (await k.request('GET', '/api/fn/batches/?no_page=1', k.as.operator)).json() as {
      results: { id: number; region: number }[];
    };
    expect(list.results.every((b) => b.region === k.ganja)).toBe(true);
    expect(list.results.map((b) => b.id)).toContain(ganjaBatch.id);
    expect((await k.request('GET', `/api/fn/batches/${bakuBatch.id}/`, k.as.operator)).statusCode).toBe(404);
    expect((await k.request('GET', `/api/fn/batches/${bakuBatch.id}/history/`, k.as.operator)).statusCode).toBe(404);
    expect((await k.request('POST', `/api/fn/batches/${bakuBatch.id}/accept/`, k.as.operator)).statusCode).toBe(404);
    expect((await k.request('GET', `/api/fn/batches/${bakuBatch.id}/`, k.as.central)).statusCode).toBe(200);
    // Lists and filters follow the contract.
    const filtered = (
      await k.request('GET', `/api/fn/batches/?region=${k.baku}&series=${bakuBatch.series}`, k.as.admin)
    ).json();
    expect(filtered.results.map((b: { id: number }) => b.id)).toEqual([bakuBatch.id]);
    expect((await k.request('GET', '/api/fn/batches/?order_by=nope', k.as.admin)).statusCode).toBe(400);
  });

  it("exports the list as CSV: its rows in its order; a regional user's file holds their region only", async () => {
    const bakuOperator = await k.userOf('operator', k.baku);
    await k.createBatch({ series: k.freshSeries(), operator: bakuOperator.userId, region: k.baku });
    await k.createBatch({ series: k.freshSeries() });
    const query = 'order_by=series&order=desc';
    // The administrator sees every region with batches (the demo's year has them in five more), Bakı and Gəncə too.
    const everyRegion = (
      (await t.database.db.execute(sql`select distinct region_id as region from fn_batches`)) as unknown as {
        rows: { region: number }[];
      }
    ).rows.map((r) => r.region);
    expect(everyRegion).toEqual(expect.arrayContaining([k.ganja, k.baku]));
    for (const [who, regions] of [
      [k.as.admin, everyRegion],
      [k.as.operator, [k.ganja]],
    ] as const) {
      const list = (await k.request('GET', `/api/fn/batches/?no_page=1&${query}`, who)).json() as Page<FnBatch>;
      expect(new Set(list.results.map((b) => b.region))).toEqual(new Set(regions));
      const res = await k.request('GET', `/api/fn/batches/export/?format=csv&${query}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-export-rows']).toBe(String(list.count));
      expect(res.body).toBe(expectedCsv(fnBatchExportColumns, list.results));
    }
  });

  it('edits a batch while every form is new, regenerating the range; a stale version is 409', async () => {
    const batch = await k.createBatch({ series: k.freshSeries() });
    const body = k.batchBody({
      series: batch.series,
      start_number: '000005',
      finish_number: '000024',
      expire_date: 6,
      version: 1,
    });
    let res = await k.request('PUT', `/api/fn/batches/${batch.id}/`, k.as.central, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      start_number: '000005',
      finish_number: '000024',
      count: 20,
      expire_date: 6,
      version: 2,
    });
    expect(await formsOf(batch.id)).toBe(20);
    res = await k.request('PUT', `/api/fn/batches/${batch.id}/`, k.as.central, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: versionMessages.stale, code: 'stale_version' });
    // Overlap on edit, against another batch of the series.
    const other = await k.createBatch({ series: batch.series, start_number: '000100', finish_number: '000110' });
    res = await k.request('PUT', `/api/fn/batches/${batch.id}/`, k.as.central, {
      ...body,
      finish_number: '000100',
      version: 2,
    });
    expect(res.json()).toEqual({ start_number: [fnMessages.overlap(batch.series, '000100', '000110', other.id)] });
  });

  it('accepts by its operator only: forms become active (status 0); accepting twice, even concurrently, has one effect', async () => {
    const batch = await k.createBatch({ series: k.freshSeries(), finish_number: '000030' });
    expect((await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.central)).statusCode).toBe(403);
    const otherOperator = await k.userOf('operator', k.ganja);
    const refused = await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, otherOperator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: fnMessages.notTheOperator });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.json()).toMatchObject({ status: 'accepted', version: 2, stages: { new: 0, active: 30 } });
    expect(
      await k.count(
        sql`select count(*)::int as n from fn_forms where batch_id = ${batch.id} and stage = 'active' and status = 0`,
      ),
    ).toBe(30);
    expect(
      await k.count(sql`select count(*)::int as n from fn_ledger where batch_id = ${batch.id} and movement = 'accept'`),
    ).toBe(1);
    const history = (await k.request('GET', `/api/fn/batches/${batch.id}/history/`, k.as.central)).json();
    expect(history.results.map((r: { movement: string }) => r.movement)).toEqual(['create', 'accept']);
  });

  it('refuses to edit or delete a batch whose forms moved on, saying how many', async () => {
    const batch = await k.createBatch({ series: k.freshSeries(), finish_number: '000012' });
    await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator);
    const res = await k.request(
      'PUT',
      `/api/fn/batches/${batch.id}/`,
      k.as.central,
      k.batchBody({ series: batch.series, finish_number: '000012', version: 2 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: fnMessages.movedOn(12) });
    const removed = await k.request('POST', '/api/fn/batches/delete-multiple/', k.as.central, { pkList: [batch.id] });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({ detail: fnMessages.movedOn(12) });
  });

  it('deletes new batches all or none, with their forms, and keeps the ledger rows', async () => {
    const a = await k.createBatch({ series: k.freshSeries() });
    const b = await k.createBatch({ series: k.freshSeries() });
    expect(
      (await k.request('POST', '/api/fn/batches/delete-multiple/', k.as.central, { pkList: [a.id, 999999] }))
        .statusCode,
    ).toBe(404);
    const res = await k.request('POST', '/api/fn/batches/delete-multiple/', k.as.central, { pkList: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pkList: [a.id, b.id] });
    expect(await formsOf(a.id)).toBe(0);
    expect(await ledgerOf(a.id)).toBe(2);
    expect((await k.request('GET', `/api/fn/batches/${a.id}/`, k.as.central)).statusCode).toBe(404);
  });

  it('keeps the operator, transport type and coefficient of a batch from being deleted (409, not 500)', async () => {
    const operator = await k.userOf('operator', k.ganja);
    await k.createBatch({ series: k.freshSeries(), operator: operator.userId });
    const res = await k.request('POST', '/api/user/users/delete-multiple/', k.as.admin, { pkList: [operator.userId] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: userMessages.holdsFnRecords(1) });
    for (const url of ['/api/transport-types/delete-multiple/', '/api/fn-coefficients/delete-multiple/']) {
      const id = url.includes('transport') ? k.transportType : k.coefficient;
      expect((await k.request('POST', url, k.as.admin, { pkList: [id] })).statusCode).toBe(409);
    }
  });

  it('the ledger is append-only for the app, chained, and its check names a row tampered as the owner', async () => {
    const verify = () => k.request('GET', '/api/fn/ledger/verify/', k.as.admin);
    expect((await k.request('GET', '/api/fn/ledger/verify/', k.as.central)).statusCode).toBe(403);
    const before = (await verify()).json();
    expect(before).toMatchObject({ ok: true, first_broken_id: null });
    expect(before.rows).toBeGreaterThan(5);
    await expect(t.database.db.execute(sql`update fn_ledger set reason = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from fn_ledger`)).rejects.toThrow();
    // The owner is refused by the triggers too (only disabling them, which the app role cannot, lets a row change).
    await t.database.asOwner(async (owner) => {
      await expect(owner.execute(sql`update fn_ledger set reason = 'x'`)).rejects.toThrow();
      await expect(owner.execute(sql`truncate fn_ledger`)).rejects.toThrow();
    });
    await expect(t.database.db.execute(sql`alter table fn_ledger disable trigger user`)).rejects.toThrow();
    const feed = await k.count(sql`select count(*)::int as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname = c.relname || '_change_feed' and c.relname in ('fn_batches', 'fn_forms')`);
    expect(feed).toBe(2);
    const target = await k.count(sql`select min(id)::int + 2 as n from fn_ledger`);
    await t.database.asOwner(async (owner) => {
      await owner.transaction(async (tx) => {
        await tx.execute(sql`alter table fn_ledger disable trigger fn_ledger_no_update_or_delete`);
        await tx.execute(sql`update fn_ledger set forms = forms + 1 where id = ${target}`);
        await tx.execute(sql`alter table fn_ledger enable trigger fn_ledger_no_update_or_delete`);
      });
    });
    expect((await verify()).json()).toEqual({ ok: false, rows: 3, first_broken_id: target });
  });
});
