import {
  formatBakuDateTime,
  parseMoney,
  moneyToDecimal,
  reportFigureKeys,
  reportFormFigureKeys,
  reportMessages,
  type GeneralReport,
  type Report,
  type ReportFigures,
  type Statistics,
} from '@dnx/shared';
import { sql } from 'drizzle-orm';
import readExcelFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { zeroFigures } from './report-repository';

/**
 * Reports (issue 16) against an oracle: every figure is computed again here, in JavaScript, from the base tables'
 * raw rows, by the rules of docs/decisions/0035-reports.md, for random filters; and with no period each form figure
 * equals the count of the forms list it names.
 */

interface FormFact {
  stage: string;
  status: number | null;
  annulled: boolean;
  valid_to: string | null;
  stage_on: string;
  issued_on: string;
  region: number;
  operator: number;
  transport_type: number;
  validity: number;
}
interface PaymentFact {
  id: number;
  status: number;
  status_on: string;
  mdssh: string | null;
  itsda: string | null;
  rows: { tax: string; region: number; operator: number; transport_type: number; validity: number }[];
}
interface Filters {
  date_from?: string;
  date_to?: string;
  region?: number;
  operator?: number;
  transport_type?: number;
  form_status?: number;
  payment_status?: number;
  validity?: number;
  group_by: 'region' | 'operator' | 'transport_type' | 'month';
}

const today = () => new Date().toISOString().slice(0, 10);

/** The report by the rules, from the facts: figures per group key, and the totals. */
function oracle(forms: FormFact[], payments: PaymentFact[], f: Filters, regionScope: number | null) {
  const to = f.date_to ?? today();
  const inPeriod = (day: string) => (!f.date_from || day >= f.date_from) && day <= to;
  const now = today();
  const batchOk = (b: { region: number; operator: number; transport_type: number; validity: number }) =>
    (regionScope === null || b.region === regionScope) &&
    (f.region === undefined || b.region === f.region) &&
    (f.operator === undefined || b.operator === f.operator) &&
    (f.transport_type === undefined || b.transport_type === f.transport_type) &&
    (f.validity === undefined || b.validity === f.validity);
  const effective = (x: FormFact) =>
    x.status !== null && [2, 3, 4].includes(x.status) && x.valid_to !== null && x.valid_to < now ? 1 : x.status;
  const groups = new Map<string, ReportFigures>();
  const zero = zeroFigures;
  const at = (key: string) => {
    if (!groups.has(key)) groups.set(key, zero());
    return groups.get(key)!;
  };
  const keyOf = (b: { region: number; operator: number; transport_type: number }, day: string) =>
    f.group_by === 'month' ? day.slice(0, 7) : String(b[f.group_by]);
  const totals = zero();
  for (const x of forms) {
    if (!batchOk(x)) continue;
    if (f.form_status !== undefined && (effective(x) !== f.form_status || x.annulled)) continue;
    if (inPeriod(x.issued_on)) {
      at(keyOf(x, x.issued_on)).issued += 1;
      totals.issued += 1;
    }
    const state =
      x.stage === 'active' || x.stage === 'shared' || x.stage === 'voided'
        ? x.stage
        : !x.annulled && effective(x) === 4
          ? 'paid'
          : !x.annulled && effective(x) === 1
            ? 'expired'
            : null;
    if (!state) continue;
    const day = state === 'expired' ? x.valid_to! : x.stage_on;
    if (!inPeriod(day)) continue;
    at(keyOf(x, day))[state as 'active'] += 1;
    totals[state as 'active'] += 1;
  }
  const add = (a: string, b: string | null) => moneyToDecimal(parseMoney(a) + parseMoney(b ?? '0'));
  for (const p of payments) {
    if (p.status !== (f.payment_status ?? 3) || !inPeriod(p.status_on)) continue;
    const rows = p.rows.filter(batchOk);
    if (rows.length === 0) continue;
    const byKey = new Map<string, string>();
    for (const r of rows) {
      const key = keyOf(r, p.status_on);
      byKey.set(key, add(byKey.get(key) ?? '0', r.tax));
    }
    for (const [key, tax] of byKey) {
      const g = at(key);
      g.payments += 1;
      g.tax = add(g.tax, tax);
      g.mdssh = add(g.mdssh, p.mdssh);
      g.itsda = add(g.itsda, p.itsda);
    }
    totals.payments += 1;
    totals.tax = add(
      totals.tax,
      [...byKey.values()].reduce((s, v) => add(s, v), '0'),
    );
    totals.mdssh = add(totals.mdssh, p.mdssh);
    totals.itsda = add(totals.itsda, p.itsda);
  }
  return { groups, totals };
}

/** A small deterministic generator: a failure names its seed and repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('reports API', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let bakuOperator: SignedIn;
  let otherType: number;
  let forms: FormFact[];
  let payments: PaymentFact[];

  const get = (url: string, who: SignedIn) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    bakuOperator = await k.userOf('operator', k.baku);
    otherType = (
      await rowsOf<{ id: number }>(
        sql`select id from transport_types where id <> ${k.transportType} order by id limit 1`,
      )
    )[0]!.id;
    const send = (method: 'POST' | 'PUT', url: string, who: SignedIn, payload?: object) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

    // Batches of two regions, two operators, two transport types and two validities.
    const made = [
      await k.createBatch({ series: 'RA', finish_number: '000030' }),
      await k.createBatch({ series: 'RB', finish_number: '000020', transport_type: otherType, expire_date: 6 }),
      await k.createBatch({ series: 'RC', finish_number: '000015', operator: bakuOperator.userId, region: k.baku }),
      await k.createBatch({ series: 'RD', finish_number: '000010' }),
    ];
    for (const [index, batch] of made.slice(0, 3).entries()) {
      const who = index === 2 ? bakuOperator : k.as.operator;
      expect((await send('POST', `/api/fn/batches/${batch.id}/accept/`, who)).statusCode).toBe(200);
    }
    const formsOf = async (series: string) =>
      (await get(`/api/fn/forms/?series=${series}&no_page=1&order_by=number`, k.as.central)).json().results as {
        id: number;
        number: string;
      }[];
    const [ra, rb, rc] = [await formsOf('RA'), await formsOf('RB'), await formsOf('RC')];
    // Shared and voided forms.
    expect(
      (
        await send('POST', '/api/fn/forms/share/', k.as.operator, {
          inspector: k.as.inspector.userId,
          series: 'RA',
          number_from: '000020',
          number_to: '000025',
        })
      ).statusCode,
    ).toBe(200);
    for (const form of [ra[26]!, rb[19]!, rc[14]!])
      expect(
        (await send('POST', `/api/fn/forms/${form.id}/void/`, k.as.central, { reason: 'Korlanıb' })).statusCode,
      ).toBe(200);

    // Payments in every status: each over forms of several batches (two transport types in one payment).
    const [coefficient] = await rowsOf<{ c: string }>(
      sql`select coefficient::text as c from fn_coefficients where id = ${k.coefficient}`,
    );
    let receipt = 0;
    const row = (formId: number, type: number, months = 3) => ({
      form: formId,
      plate: `10-RP-${String(formId).padStart(3, '0').slice(-3)}`,
      seats_count: 18,
      transport_type: type,
      coefficient: coefficient!.c,
      expire_date: months,
    });
    const create = async (rows: object[], who: SignedIn, region?: number) => {
      const res = await send('POST', '/api/payments/', who, {
        owner_code: '1234567891',
        owner_name: 'Əliyev Vəli',
        mdssh_number: 'M-1',
        mdssh_date: '2026-01-10',
        mdssh_amount: '10.25',
        itsda_number: 'I-1',
        itsda_date: '2026-01-10',
        itsda_amount: '12.50',
        rows,
        ...(region ? { region } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };
    const pay = async (id: number, who: SignedIn = k.as.cashier) => {
      expect((await send('POST', `/api/payments/${id}/submit/`, who)).statusCode).toBe(200);
      receipt += 1;
      const paid = await send('POST', `/api/payments/${id}/pay/`, who, {
        payment_receipt_number: `RPT-${Date.now()}-${receipt}`,
        payment_receipt_date: today(),
      });
      expect(paid.statusCode, paid.body).toBe(200);
    };
    for (let i = 0; i < 8; i += 1) {
      const payment = await create([row(ra[i]!.id, k.transportType), row(rb[i]!.id, otherType, 6)], k.as.cashier);
      if (i < 5) await pay(payment.id);
      else if (i === 5)
        expect((await send('POST', `/api/payments/${payment.id}/submit/`, k.as.cashier)).statusCode).toBe(200);
      else if (i === 6)
        expect(
          (await send('POST', `/api/payments/${payment.id}/cancel/`, k.as.cashier, { reason: 'Səhv' })).statusCode,
        ).toBe(200);
    }
    for (let i = 0; i < 3; i += 1)
      await pay((await create([row(rc[i]!.id, k.transportType)], k.as.central, k.baku)).id, k.as.central);
    // Annul one paid form (A only): it leaves the paid count.
    expect(
      (await send('POST', '/api/fn/paid/delete-multiple/', k.as.admin, { pkList: [ra[4]!.id], reason: 'Səhv ödəniş' }))
        .statusCode,
    ).toBe(200);

    // Spread the days over fourteen months, deterministically, and make some paid forms expired.
    await t.writeOutside(async (db) => {
      await db.execute(sql`update fn_batches set created_at = now() - ((id * 37) % 420) * interval '1 day'`);
      await db.execute(sql`update fn_forms f set stage_at = b.created_at + ((f.id * 13) % 30) * interval '1 day'
        from fn_batches b where b.id = f.batch_id`);
      await db.execute(sql`update fn_forms set valid_to = current_date - ((id * 7) % 90) * interval '1 day' + interval '45 days'
        where stage = 'paid'`);
      // The annulled form still valid: no figure may count it, though its stored status is 4.
      await db.execute(sql`update fn_forms set valid_to = current_date + 100 where annulled`);
      await db.execute(sql`update payments set status_at = now() - ((id * 53) % 400) * interval '1 day'`);
    });

    forms = await rowsOf<FormFact>(sql`select f.stage, f.status, f.annulled, f.valid_to::text as valid_to,
        to_char(f.stage_at at time zone 'UTC', 'YYYY-MM-DD') as stage_on,
        to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD') as issued_on,
        b.region_id as region, b.operator_id as operator, b.transport_type_id as transport_type,
        b.expire_date * (case b.expire_date_type when 'month' then 1 when 'quarter' then 3 when 'half-year' then 6 else 12 end) as validity
      from fn_forms f join fn_batches b on b.id = f.batch_id`);
    const paymentRows = await rowsOf<
      PaymentFact & { tax: string; region: number; operator: number; transport_type: number; validity: number }
    >(
      sql`select p.id, p.status, to_char(p.status_at at time zone 'UTC', 'YYYY-MM-DD') as status_on,
          p.mdssh_amount::text as mdssh, p.itsda_amount::text as itsda, r.tax_price::text as tax,
          b.region_id as region, b.operator_id as operator, b.transport_type_id as transport_type,
          b.expire_date * (case b.expire_date_type when 'month' then 1 when 'quarter' then 3 when 'half-year' then 6 else 12 end) as validity
        from payments p join payment_rows r on r.payment_id = p.id join fn_forms f on f.id = r.form_id
          join fn_batches b on b.id = f.batch_id`,
    );
    const byId = new Map<number, PaymentFact>();
    for (const r of paymentRows) {
      const p = byId.get(r.id) ?? {
        id: r.id,
        status: r.status,
        status_on: r.status_on,
        mdssh: r.mdssh,
        itsda: r.itsda,
        rows: [],
      };
      p.rows.push({
        tax: r.tax,
        region: r.region,
        operator: r.operator,
        transport_type: r.transport_type,
        validity: r.validity,
      });
      byId.set(r.id, p);
    }
    payments = [...byId.values()];
  }, 120_000);
  afterAll(async () => t?.close());

  const query = (f: Filters) =>
    new URLSearchParams(Object.entries(f).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const asMap = (report: Report) => new Map(report.rows.map(({ key, label: _label, ...figures }) => [key, figures]));
  const nonZero = (figures: ReportFigures) =>
    reportFormFigureKeys.some((key) => figures[key] !== 0) || figures.payments !== 0;

  it('equals the oracle for random filters, groupings and periods, on every figure and the totals', async () => {
    expect(forms.length).toBeGreaterThan(250);
    expect(payments.filter((p) => p.status === 3).length).toBeGreaterThanOrEqual(8);
    const next = random(20_261_124);
    const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)]!;
    const days = [...new Set(forms.map((f) => f.issued_on).concat(forms.map((f) => f.stage_on)))].sort();
    for (let run = 0; run < 30; run += 1) {
      const filters: Filters = { group_by: pick(['region', 'operator', 'transport_type', 'month'] as const) };
      if (next() < 0.6) {
        const [a, b] = [pick(days), pick(days)].sort();
        filters.date_from = a;
        filters.date_to = b;
      }
      if (next() < 0.3) filters.region = pick([k.ganja, k.baku]);
      if (next() < 0.3) filters.operator = pick([k.as.operator.userId, bakuOperator.userId]);
      if (next() < 0.3) filters.transport_type = pick([k.transportType, otherType]);
      if (next() < 0.3) filters.form_status = pick([0, 1, 4]);
      if (next() < 0.3) filters.payment_status = pick([1, 2, 3, 4]);
      if (next() < 0.2) filters.validity = pick([3, 6]);
      const res = await get(`/api/reports/?${query(filters)}`, k.as.central);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as Report;
      const expected = oracle(forms, payments, filters, null);
      const rows = asMap(report);
      const label = JSON.stringify(filters);
      for (const [key, figures] of expected.groups) expect(rows.get(key), `${label} ${key}`).toEqual(figures);
      for (const [key, figures] of rows)
        if (!expected.groups.has(key)) expect(nonZero(figures), `${label} ${key} is extra`).toBe(false);
      expect(report.totals, label).toEqual(expected.totals);
    }
  });

  it('with no period, each form figure is the count of the forms list it names, per operator', async () => {
    for (const operator of [k.as.operator.userId, bakuOperator.userId]) {
      const report = (await get(`/api/reports/?operator=${operator}&group_by=operator`, k.as.central)).json() as Report;
      const listCount = async (extra: string) =>
        ((await get(`/api/fn/forms/?operator=${operator}${extra}`, k.as.central)).json() as { count: number }).count;
      expect(report.totals.issued).toBe(await listCount(''));
      expect(report.totals.active).toBe(await listCount('&stage=active'));
      expect(report.totals.shared).toBe(await listCount('&stage=shared'));
      expect(report.totals.paid).toBe(await listCount('&status=4'));
      expect(report.totals.expired).toBe(await listCount('&status=1'));
      expect(report.totals.voided).toBe(await listCount('&stage=voided'));
    }
    const all = (await get('/api/reports/', k.as.central)).json() as Report;
    expect(all.totals.paid + all.totals.expired).toBeGreaterThan(0);
  });

  it('keeps a regional user to their region: their report is the oracle of their region, another region is zeros', async () => {
    const mine = (await get('/api/reports/?group_by=transport_type', k.as.regional)).json() as Report;
    const expected = oracle(forms, payments, { group_by: 'transport_type' }, k.ganja);
    expect(mine.totals).toEqual(expected.totals);
    const other = await get(`/api/reports/?region=${k.baku}`, k.as.regional);
    expect(other.statusCode).toBe(200);
    expect((other.json() as Report).rows).toEqual([]);
    expect(reportFormFigureKeys.every((key) => (other.json() as Report).totals[key] === 0)).toBe(true);
    expect((await get('/api/reports/', k.as.inspector)).statusCode).toBe(403);
    expect((await get('/api/reports/', k.as.cashier)).statusCode).toBe(403);
  });

  it('answers an empty period with zeros, every month of it listed; refuses what it cannot read', async () => {
    const res = await get('/api/reports/?date_from=2001-02-01&date_to=2001-03-31&group_by=month', k.as.central);
    expect(res.statusCode).toBe(200);
    const report = res.json() as Report;
    expect(report.rows.map((r) => [r.key, r.label, r.issued, r.tax])).toEqual([
      ['2001-02', 'Fevral 2001', 0, '0.00'],
      ['2001-03', 'Mart 2001', 0, '0.00'],
    ]);
    expect(report.totals).toMatchObject({ issued: 0, paid: 0, payments: 0, tax: '0.00', mdssh: '0.00' });
    const reversed = await get('/api/reports/?date_from=2026-02-01&date_to=2026-01-01', k.as.central);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ date_to: [reportMessages.periodInvalid] });
    for (const bad of ['group_by=year', 'form_status=9', 'validity=0', 'region=abc', 'date_from=2026-13-01'])
      expect((await get(`/api/reports/?${bad}`, k.as.central)).statusCode, bad).toBe(400);
  });

  it("the general report: cells, regions, types and months add up to the totals, which are the report form's", async () => {
    const period = 'date_from=2025-01-01';
    const general = (await get(`/api/reports/general/?${period}`, k.as.central)).json() as GeneralReport;
    const report = (await get(`/api/reports/?${period}`, k.as.central)).json() as Report;
    expect(general.totals).toEqual(report.totals);
    for (const key of reportFormFigureKeys) {
      const sum = (rows: ReportFigures[]) => rows.reduce((s, r) => s + r[key], 0);
      expect(sum(general.cells), key).toBe(general.totals[key]);
      expect(sum(general.regions), key).toBe(general.totals[key]);
      expect(sum(general.transport_types), key).toBe(general.totals[key]);
      expect(sum(general.months), key).toBe(general.totals[key]);
    }
    expect(general.months[0]!.key).toBe('2025-01');
    expect(general.months.at(-1)!.key).toBe(today().slice(0, 7));
    expect(general.cells.some((c) => c.transport_type === otherType && c.region === k.ganja)).toBe(true);
  });

  it('each home number is the count of the list its link opens, for every demo user', async () => {
    const api: Record<string, string> = {
      '/app/general-fn': '/api/fn/forms/',
      '/app/new-fn': '/api/fn/batches/',
      '/app/fn-payment': '/api/payments/',
      '/app/online-payment': '/api/online-payments/',
      '/app/online-carrier': '/api/online-carriers/',
    };
    const seen = new Set<string>();
    for (const who of Object.values(k.as)) {
      const res = await get('/api/reports/statistics/', who);
      expect(res.statusCode, res.body).toBe(200);
      const { results } = res.json() as Statistics;
      expect(results.length).toBeGreaterThan(0);
      for (const item of results) {
        const [path, search] = item.link.split('?');
        expect(api[path!], item.link).toBeDefined();
        const list = await get(`${api[path!]}?${search}`, who);
        expect(list.statusCode, item.link).toBe(200);
        expect(item.count, `${item.key} ${item.link}`).toBe((list.json() as { count: number }).count);
        seen.add(item.key);
      }
    }
    // Each role's numbers were asked: the country, the operator's, the cashier's, the region's, and everyone's.
    for (const key of [
      'forms-paid',
      'batches-waiting',
      'batches-to-accept',
      'payments-today-1',
      'region-payments-month-3',
      'forms-expiring',
      'online-payments-waiting',
    ])
      expect(seen, key).toContain(key);
    const central = (await get('/api/reports/statistics/', k.as.central)).json() as Statistics;
    const paidThisMonth = central.results.find((r) => r.key === 'payments-month-3')!;
    expect(paidThisMonth.amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('exports Excel (the filters, the result, every form it counts) and PDF; a bad format is 400', async () => {
    const filters = `region=${k.ganja}&group_by=transport_type&date_from=2020-01-01`;
    const xlsx = await get(`/api/reports/export/?format=xlsx&${filters}`, k.as.central);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="hesabat-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = await readExcelFile(xlsx.rawPayload);
    expect(workbook.map((s) => s.sheet)).toEqual(['Hesabat', 'Blanklar']);
    const sheet = workbook[0]!.data;
    const text = (row: number) => sheet[row - 1]!.filter((cell) => cell !== null).map(String);
    expect(text(1)).toEqual(['Hesabat']);
    expect(text(3)).toEqual(['Region', 'Gəncə']);
    const report = (await get(`/api/reports/?${filters}`, k.as.central)).json() as Report;
    // The moment the figures are of, in Baku.
    expect(
      sheet.some((row) => row[0] === 'Məlumatlar' && row[1] === `${formatBakuDateTime(report.as_of)} vəziyyətinə`),
    ).toBe(true);
    const totalsRow = sheet.at(-1)!;
    expect(totalsRow[0]).toBe('Cəmi');
    expect(totalsRow[1]).toBe(report.totals.issued);
    // Money is a number in the cell, not text.
    expect(totalsRow[1 + reportFigureKeys.indexOf('tax')]).toBe(Number(report.totals.tax));
    const detail = workbook[1]!.data;
    expect(detail[0]![0]).toBe('Seriya');
    expect(detail.length - 1).toBe(Number(xlsx.headers['x-report-rows']));
    expect(detail.length - 1).toBeGreaterThanOrEqual(report.totals.issued);
    expect(detail[1]![2]).toBe('Gəncə');

    const pdf = await get(`/api/reports/export/?format=pdf&${filters}`, k.as.central);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/reports/export/?format=csv`, k.as.central)).statusCode).toBe(400);
    expect((await get(`/api/reports/export/?format=pdf`, k.as.inspector)).statusCode).toBe(403);
  });
});

describe('reports from REPORTS_DATABASE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A replica that does not answer: the reports read from it (503), the lists from the main database.
    t = await createTestApp({ seed: true, env: { REPORTS_DATABASE_URL: 'postgres://reports@127.0.0.1:9/none' } });
  });
  afterAll(async () => t?.close());

  it('reads reports and exports from the replica, lists and the home from the main database', async () => {
    const k = await fnKit(t);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: k.as.central.headers });
    expect((await get('/api/reports/')).statusCode).toBe(503);
    expect((await get('/api/reports/general/')).statusCode).toBe(503);
    expect((await get('/api/reports/export/?format=pdf')).statusCode).toBe(503);
    expect((await get('/api/fn/forms/')).statusCode).toBe(200);
    expect((await get('/api/reports/statistics/')).statusCode).toBe(200);
  });
});
