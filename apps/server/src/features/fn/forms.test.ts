import { fnFormExportColumns, fnMessages, type FnForm, type Page } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignedIn } from '../../test/auth-helpers';
import { expectedCsv } from '../../test/list-export';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from './fn-test-kit';

interface Form {
  id: number;
  number: string;
  stage: string;
  status: number | null;
  inspector: number | null;
}
interface FormPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Form[];
}

describe('fn forms API', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
  });
  afterAll(async () => t?.close());

  /** An accepted batch of the demo operator (Gəncə): its forms are active. */
  async function activeBatch(size = 10) {
    const batch = await k.createBatch({ series: k.freshSeries(), finish_number: String(size).padStart(6, '0') });
    const res = await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator);
    expect(res.statusCode).toBe(200);
    const forms = (await k.request('GET', `/api/fn/forms/?batch=${batch.id}&no_page=1`, k.as.operator)).json()
      .results as Form[];
    return { batch, forms };
  }
  const share = (body: object, who: SignedIn = k.as.operator) => k.request('POST', '/api/fn/forms/share/', who, body);

  it('lists forms with filters, region-scoped; another region by id is 404', async () => {
    const { batch, forms } = await activeBatch(5);
    expect(forms.map((f) => f.number)).toEqual(['000001', '000002', '000003', '000004', '000005']);
    expect(forms.every((f) => f.stage === 'active' && f.status === 0)).toBe(true);
    const page = (
      await k.request(
        'GET',
        `/api/fn/forms/?series=${batch.series}&number_from=000002&number_to=000003`,
        k.as.inspector,
      )
    ).json() as FormPage;
    expect(page.results.map((f) => f.number)).toEqual(['000002', '000003']);
    expect(
      (await k.request('GET', `/api/fn/forms/?series=${batch.series}&number=000004`, k.as.regional)).json().count,
    ).toBe(1);
    for (const [query, field, message] of [
      ['stage=sold', 'stage', fnMessages.stageInvalid],
      ['status=9', 'status', fnMessages.statusInvalid],
      ['number=4', 'number', fnMessages.numberInvalid],
      ['number_from=abcdef', 'number_from', fnMessages.numberInvalid],
    ]) {
      const res = await k.request('GET', `/api/fn/forms/?${query}`, k.as.regional);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ [field!]: [message] });
    }
    expect((await k.request('GET', '/api/fn/forms/?stage=&status=', k.as.regional)).statusCode).toBe(200);
    expect((await k.request('GET', '/api/fn/batches/?status=open', k.as.operator)).json()).toEqual({
      status: [fnMessages.batchStatusInvalid],
    });
    const bakuOperator = await k.userOf('operator', k.baku);
    const baku = await k.createBatch({ series: k.freshSeries(), operator: bakuOperator.userId, region: k.baku });
    const bakuForm = (await k.request('GET', `/api/fn/forms/?batch=${baku.id}`, k.as.central)).json()
      .results[0] as Form;
    for (const url of [`/api/fn/forms/${bakuForm.id}/`, `/api/fn/forms/${bakuForm.id}/history/`]) {
      expect((await k.request('GET', url, k.as.operator)).statusCode).toBe(404);
      expect((await k.request('GET', url, k.as.central)).statusCode).toBe(200);
    }
    expect((await k.request('GET', `/api/fn/forms/?batch=${baku.id}`, k.as.operator)).json().count).toBe(0);
    expect(
      (await k.request('POST', `/api/fn/forms/${bakuForm.id}/void/`, k.as.regional, { reason: 'itib' })).statusCode,
    ).toBe(404);
  });

  it('region scope on every form endpoint: another region is not found, not counted, not movable', async () => {
    const bakuOperator = await k.userOf('operator', k.baku);
    const bakuInspector = await k.userOf('inspector', k.baku);
    const series = k.freshSeries();
    const baku = await k.createBatch({
      series,
      operator: bakuOperator.userId,
      region: k.baku,
      finish_number: '000004',
    });
    expect((await k.request('POST', `/api/fn/batches/${baku.id}/accept/`, bakuOperator)).statusCode).toBe(200);
    const ids = (
      (await k.request('GET', `/api/fn/forms/?batch=${baku.id}`, k.as.central)).json().results as Form[]
    ).map((f) => f.id);
    await t.writeOutside((db) =>
      db.execute(sql`update fn_forms set stage = 'paid', status = 4, valid_to = '2999-01-01' where id = ${ids[3]!}`),
    );
    const ganja = [k.as.operator, k.as.regional];
    for (const who of ganja) {
      for (const url of [
        `/api/fn/forms/?series=${series}`,
        `/api/fn/forms/active-not-shared/?series=${series}`,
        `/api/fn/paid/?series=${series}`,
      ]) {
        expect((await k.request('GET', url, who)).json().results, url).toEqual([]);
      }
      expect((await k.request('GET', `/api/fn/batches/${baku.id}/`, k.as.operator)).statusCode).toBe(404);
      expect((await k.request('GET', `/api/fn/forms/${ids[0]!}/`, who)).statusCode).toBe(404);
      expect((await k.request('POST', `/api/fn/forms/${ids[0]!}/void/`, who, { reason: 'x' })).statusCode).toBe(404);
      const byIds = await share({ inspector: bakuInspector.userId, forms: [ids[0]!] }, who);
      expect(byIds.json()).toEqual({ forms: [fnMessages.formsNotFound] });
      const byRange = await share(
        { inspector: bakuInspector.userId, series, number_from: '000001', number_to: '000002' },
        who,
      );
      expect(byRange.json()).toEqual({ number_from: [fnMessages.rangeEmpty] });
    }
    // The national roles see and move them; check-fn finds the mark from any region.
    expect((await k.request('GET', `/api/fn/paid/?series=${series}`, k.as.central)).json().count).toBe(1);
    expect((await share({ inspector: bakuInspector.userId, forms: [ids[0]!] }, k.as.central)).statusCode).toBe(200);
    expect(
      (await k.request('GET', `/api/fn/check/?series=${series}&number=000001`, k.as.inspector)).json(),
    ).toMatchObject({
      stage: 'shared',
    });
  });

  it('shares to an inspector of the region by ids and by range, takes back, and refuses the wrong stage', async () => {
    const { batch, forms } = await activeBatch(10);
    const inspector = k.as.inspector.userId;
    let res = await share({ inspector, forms: [forms[0]!.id, forms[1]!.id, forms[2]!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 3 });
    res = await share({ inspector, series: batch.series, number_from: '000005', number_to: '000007' });
    expect(res.json()).toMatchObject({ count: 3 });
    const shared = (
      await k.request('GET', `/api/fn/forms/?batch=${batch.id}&shared=true&inspector=${inspector}`, k.as.operator)
    ).json();
    expect(shared.count).toBe(6);
    // Already shared: 409, nothing moves.
    res = await share({ inspector, forms: [forms[0]!.id, forms[3]!.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: fnMessages.wrongStage(1, 'Aktiv') });
    // An inspector of another region, or not an inspector.
    const bakuInspector = await k.userOf('inspector', k.baku);
    expect((await share({ inspector: bakuInspector.userId, forms: [forms[3]!.id] })).json()).toEqual({
      inspector: [fnMessages.inspectorInvalid],
    });
    expect((await share({ inspector: k.as.cashier.userId, forms: [forms[3]!.id] })).json()).toEqual({
      inspector: [fnMessages.inspectorInvalid],
    });
    res = await k.request('POST', '/api/fn/forms/unshare/', k.as.operator, { inspector, forms: [forms[0]!.id] });
    expect(res.json()).toMatchObject({ count: 1 });
    const history = (await k.request('GET', `/api/fn/forms/${forms[0]!.id}/history/`, k.as.operator)).json();
    expect(history.results.map((r: { movement: string }) => r.movement)).toEqual([
      'create',
      'accept',
      'share',
      'unshare',
    ]);
    // C, D may not share.
    expect((await share({ inspector, forms: [forms[3]!.id] }, k.as.inspector)).statusCode).toBe(403);
    expect((await share({ inspector, forms: [forms[3]!.id] }, k.as.cashier)).statusCode).toBe(403);
    expect((await share({ inspector, forms: [999999] })).json()).toEqual({ forms: [fnMessages.formsNotFound] });
  });

  it('picks inspectors and operators by region; the demo data has forms in every stage', async () => {
    const res = await k.request('GET', `/api/user/users/inspectors/?region=${k.ganja}`, k.as.operator);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { data: { id: number; region: number }[] }).data;
    expect(ids.map((u) => u.id)).toContain(k.as.inspector.userId);
    expect(ids.every((u) => u.region === k.ganja)).toBe(true);
    expect((await k.request('GET', `/api/user/users/inspectors/?region=${k.baku}`, k.as.operator)).json()).toEqual({
      data: [],
    });
    // A cashier names a row's inspector; the inspector picks none.
    const forCashier = await k.request('GET', `/api/user/users/inspectors/?region=${k.ganja}`, k.as.cashier);
    expect((forCashier.json() as { data: { id: number }[] }).data.map((u) => u.id)).toContain(k.as.inspector.userId);
    expect((await k.request('GET', '/api/user/users/inspectors/', k.as.inspector)).statusCode).toBe(403);
    const operators = (await k.request('GET', `/api/user/users/operators/?region=${k.ganja}`, k.as.central)).json();
    expect(operators.data.map((u: { id: number }) => u.id)).toContain(k.as.operator.userId);
    const stages = await k.count(
      sql`select count(distinct stage)::int as n from fn_forms where series in ('GA', 'GB')`,
    );
    // new, active, shared, voided, and the demo payments' used and paid.
    expect(stages).toBe(6);
  });

  it('two concurrent shares of one form to two inspectors leave one', async () => {
    const { forms } = await activeBatch(3);
    const second = await k.userOf('inspector', k.ganja);
    const answers = await Promise.all([
      share({ inspector: k.as.inspector.userId, forms: [forms[0]!.id] }),
      share({ inspector: second.userId, forms: [forms[0]!.id] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const form = (await k.request('GET', `/api/fn/forms/${forms[0]!.id}/`, k.as.operator)).json() as Form;
    const winner = answers[0]!.statusCode === 200 ? k.as.inspector.userId : second.userId;
    expect(form).toMatchObject({ stage: 'shared', inspector: winner });
    expect(
      await k.count(
        sql`select count(*)::int as n from fn_ledger where movement = 'share' and number_from = 1 and batch_id = (select batch_id from fn_forms where id = ${forms[0]!.id})`,
      ),
    ).toBe(1);
  });

  it('voids with a reason (never deleted), once', async () => {
    const { forms } = await activeBatch(3);
    expect(
      (await k.request('POST', `/api/fn/forms/${forms[1]!.id}/void/`, k.as.operator, { reason: '' })).json(),
    ).toEqual({
      reason: [fnMessages.reasonRequired],
    });
    const res = await k.request('POST', `/api/fn/forms/${forms[1]!.id}/void/`, k.as.operator, { reason: 'Korlanıb' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'voided', void_reason: 'Korlanıb' });
    expect(
      (await k.request('POST', `/api/fn/forms/${forms[1]!.id}/void/`, k.as.operator, { reason: 'x' })).statusCode,
    ).toBe(409);
    expect(
      (await k.request('POST', `/api/fn/forms/${forms[2]!.id}/void/`, k.as.inspector, { reason: 'x' })).statusCode,
    ).toBe(403);
  });

  it('pages active-not-shared by cursor with next and previous links', async () => {
    const { batch, forms } = await activeBatch(25);
    await share({ inspector: k.as.inspector.userId, forms: [forms[0]!.id] });
    const first = (
      await k.request('GET', `/api/fn/forms/active-not-shared/?batch=${batch.id}&per_page=10`, k.as.operator)
    ).json() as FormPage;
    expect(first.results.map((f) => f.number)[0]).toBe('000002');
    expect(first.results).toHaveLength(10);
    expect(first.next).toMatch(/cursor=/);
    const next = new URL(first.next!);
    const second = (await k.request('GET', `${next.pathname}${next.search}`, k.as.operator)).json() as FormPage;
    expect(second.results.map((f) => f.number)[0]).toBe('000012');
    expect(second.previous).toMatch(/cursor=/);
    const back = new URL(second.previous!);
    const again = (await k.request('GET', `${back.pathname}${back.search}`, k.as.operator)).json() as FormPage;
    expect(again.results.map((f) => f.id)).toEqual(first.results.map((f) => f.id));
    expect((await k.request('GET', '/api/fn/forms/active-not-shared/?cursor=forged', k.as.operator)).statusCode).toBe(
      400,
    );
    expect((await k.request('GET', '/api/fn/forms/active-not-shared/', k.as.inspector)).statusCode).toBe(403);
  });

  it('check-fn answers any region, and a clear 404 for a number never issued', async () => {
    const { batch } = await activeBatch(2);
    const res = await k.request('GET', `/api/fn/check/?series=${batch.series}&number=000002`, k.as.inspector);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      series: batch.series,
      number: '000002',
      stage: 'active',
      status: 0,
      status_label: 'Aktiv',
    });
    const missing = await k.request('GET', `/api/fn/check/?series=${batch.series}&number=000099`, k.as.inspector);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: fnMessages.unknownNumber(batch.series, '000099') });
    expect((await k.request('GET', '/api/fn/check/?series=ab&number=1', k.as.inspector)).json()).toMatchObject({
      series: [fnMessages.seriesInvalid],
      number: [fnMessages.numberInvalid],
    });
  });

  it('a paid form past its validity reads as expired in lists, filters and check; A annuls with a reason', async () => {
    const { batch, forms } = await activeBatch(3);
    // The payments issue moves forms to paid; here the row is written as it would.
    await t.writeOutside((db) =>
      db.execute(sql`update fn_forms set stage = 'paid', status = 4, valid_from = '2020-01-01',
        valid_to = case when number = 1 then date '2020-03-31' else date '2999-01-01' end where batch_id = ${batch.id}`),
    );
    const paid = (await k.request('GET', `/api/fn/paid/?batch=${batch.id}&no_page=1`, k.as.cashier)).json() as FormPage;
    expect(paid.results.map((f) => [f.number, f.status])).toEqual([
      ['000001', 1],
      ['000002', 4],
      ['000003', 4],
    ]);
    expect((await k.request('GET', `/api/fn/forms/?batch=${batch.id}&status=1`, k.as.admin)).json().count).toBe(1);
    expect(
      (await k.request('GET', `/api/fn/check/?series=${batch.series}&number=000001`, k.as.inspector)).json(),
    ).toMatchObject({ status: 1 });
    // Its timeline ends with the expiry as seen today (no ledger row); a form still valid shows none.
    const history = async (id: number) =>
      (await k.request('GET', `/api/fn/forms/${id}/history/`, k.as.admin)).json().results as {
        id: number | null;
        movement: string;
      }[];
    expect((await history(forms[0]!.id)).at(-1)).toMatchObject({
      id: null,
      movement: 'expire',
      at: '2020-04-01T00:00:00.000Z',
      after: { status: 1 },
    });
    expect((await history(forms[1]!.id)).map((e) => e.movement)).not.toContain('expire');

    const annul = (who: SignedIn, pkList: number[]) =>
      k.request('POST', '/api/fn/paid/delete-multiple/', who, { pkList, reason: 'Səhv ödəniş' });
    expect((await annul(k.as.central, [forms[1]!.id])).statusCode).toBe(403);
    const res = await annul(k.as.admin, [forms[1]!.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await k.request('GET', `/api/fn/paid/?batch=${batch.id}`, k.as.admin)).json().count).toBe(2);
    expect((await annul(k.as.admin, [forms[1]!.id])).statusCode).toBe(409);
  });
  it('a kept count follows every write, and a day boundary moves a paid form past its validity to expired', async () => {
    const { batch, forms } = await activeBatch(3);
    const count = async (query: string) =>
      (await k.request('GET', `/api/fn/forms/?batch=${batch.id}&${query}`, k.as.admin)).json().count as number;
    expect(await count('stage=active')).toBe(3);
    expect(await count('stage=active')).toBe(3);
    const voided = await k.request('POST', `/api/fn/forms/${forms[0]!.id}/void/`, k.as.operator, { reason: 'Cırılıb' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await count('stage=active')).toBe(2);

    // Paid, valid to yesterday (UTC): expired today. A day earlier the same row is still paid (4): the day is the
    // application's UTC day, a parameter of the query, so a count kept yesterday is not today's.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.writeOutside((db) =>
      db.execute(sql`update fn_forms set stage = 'paid', status = 4, valid_from = '2020-01-01',
        valid_to = ${yesterday}::date where id = ${forms[1]!.id}`),
    );
    expect(await count('status=1')).toBe(1);
    expect(await count('status=4')).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 86_400_000 });
    try {
      expect(await count('status=1')).toBe(0);
      expect(await count('status=4')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(await count('status=1')).toBe(1);
  });

  it("exports the forms and the paid forms as CSV: their rows in their order; a regional user's file holds their region", async () => {
    const series = k.freshSeries();
    const bakuOperator = await k.userOf('operator', k.baku);
    await k.createBatch({ series, finish_number: '000004' });
    await k.createBatch({
      series,
      start_number: '000005',
      finish_number: '000008',
      operator: bakuOperator.userId,
      region: k.baku,
    });
    // Paid forms of both regions and an annulled one: paid-fn lists those paid and not annulled.
    await t.writeOutside((db) =>
      db.execute(sql`update fn_forms set stage = 'paid', status = 4, valid_to = '2999-01-01', annulled = (number = 2)
        where series = ${series} and number in (1, 2, 5)`),
    );
    const columns = ['series', 'number', 'stage', 'status', 'inspector', 'updated_at'];
    const query = `series=${series}&order_by=number&order=desc`;
    for (const path of ['/api/fn/forms/', '/api/fn/paid/']) {
      for (const [who, regions] of [
        [k.as.admin, [k.ganja, k.baku]],
        [k.as.regional, [k.ganja]],
      ] as const) {
        const list = (await k.request('GET', `${path}?no_page=1&${query}`, who)).json() as Page<FnForm>;
        expect(new Set(list.results.map((f) => f.region)), path).toEqual(new Set(regions));
        const res = await k.request('GET', `${path}export/?format=csv&columns=${columns.join(',')}&${query}`, who);
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['x-export-rows']).toBe(String(list.count));
        expect(res.body).toBe(expectedCsv(fnFormExportColumns, list.results, columns));
      }
    }
    const paid = await k.request('GET', `/api/fn/paid/export/?format=csv&columns=number&${query}`, k.as.admin);
    expect(paid.body).toBe('\uFEFFNömrə\r\n000005\r\n000001\r\n');
  });
});
