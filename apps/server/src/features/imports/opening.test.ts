import { moneyToDecimal, openingColumns, openingMessages, parseMoney, paymentMessages } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importKit } from './import-test-kit';

/**
 * Opening balances through the API (issue 28), on both databases: batches issued before go-live with each form's
 * state and the paid forms' payments; they pass the ledger check, reconcile, and a second import changes nothing;
 * rows across the file are checked together (a batch's numbers once each, one payment per receipt).
 */
describe('imports: opening balances', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const { imported, apply, settled, csv, rowsOf } = importKit(
    () => t,
    () => admin,
  );
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

  /** dd.mm.yyyy `days` ago (UTC). */
  const daysAgo = (days: number) => {
    const d = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    return d.split('-').reverse().join('.');
  };
  type Line = Partial<Record<(typeof openingColumns)[number]['key'], string>>;
  const batchOf = (series: string, start: string, finish: string): Line => ({
    series,
    batch_start: start,
    batch_finish: finish,
    issued_on: daysAgo(100),
    operator: 'operator@demo.az',
    region: 'Gəncə',
    transport_type: 'Avtobus',
    coefficient: '1,5',
    expire_date: '1',
    expire_date_type: 'Ay',
  });
  const file = (lines: Line[]) =>
    csv([
      openingColumns.map((c) => c.label).join(';'),
      ...lines.map((line) => openingColumns.map((c) => line[c.key] ?? '').join(';')),
    ]);
  const paid = (number: string, receipt: string, days: number, amount: string, plate: string): Line => ({
    number_from: number,
    number_to: number,
    state: days > 31 ? 'Müddəti bitib' : 'Ödənilib',
    receipt_number: receipt,
    receipt_date: daysAgo(days),
    owner_code: '1234567891',
    owner_name: 'Köhnə Daşıyıcı MMC',
    plate,
    amount,
  });
  const ob = batchOf('OB', '000001', '000010');
  const opening: Line[] = [
    { ...ob, number_from: '000001', number_to: '000003', state: 'Aktiv' },
    { ...ob, number_from: '000004', number_to: '000004', state: 'Müfəttişə verilib', inspector: 'inspector@demo.az' },
    { ...ob, ...paid('000005', 'OB-Q-1', 10, '97,20', '10-AA-101') },
    { ...ob, ...paid('000006', 'OB-Q-1', 10, '48,60', '10-AA-102') },
    { ...ob, ...paid('000007', 'OB-Q-2', 50, '97,20', '10 aa 103') },
    { ...ob, number_from: '8', number_to: '8', state: 'ləğv edilib', void_reason: 'Zədələnib' },
    { ...ob, number_from: '000009', number_to: '000010', state: 'Aktiv' },
    { ...batchOf('OC', '000001', '000005'), number_from: '000001', number_to: '000005', state: 'Yeni' },
  ];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
  });
  afterAll(async () => t?.close());

  it('serves the template with every column', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/imports/templates/opening-balances.xlsx',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('writes batches, forms and payments as they stood; they reconcile, chain, and a second import changes nothing', async () => {
    const from = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
    const report = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/reports/?date_from=${from}`, headers: admin })).json().totals;
    const reportBefore = await report();
    const checked = await imported('opening-balances', file(opening), 'opening.csv');
    expect(checked.status, checked.error).toBe('previewed');
    expect(checked.counts, JSON.stringify(await rowsOf(checked.id, 'error'))).toEqual({
      new: 8,
      changed: 0,
      unchanged: 0,
      error: 0,
    });
    expect((await apply(checked.id)).statusCode).toBe(202);
    const done = await settled(checked.id, ['applied', 'failed']);
    expect(done.status, done.error).toBe('applied');

    const stages = await rows<{ series: string; stage: string; n: number }>(
      sql`select series, stage, count(*)::int as n from fn_forms where series in ('OB', 'OC') group by 1, 2 order by 1, 2`,
    );
    expect(stages).toEqual([
      { series: 'OB', stage: 'active', n: 5 },
      { series: 'OB', stage: 'paid', n: 3 },
      { series: 'OB', stage: 'shared', n: 1 },
      { series: 'OB', stage: 'voided', n: 1 },
      { series: 'OC', stage: 'new', n: 5 },
    ]);
    const batches = await rows<{ series: string; status: string; issued: string }>(
      sql`select series, status, to_char(created_at at time zone 'UTC', 'DD.MM.YYYY') as issued from fn_batches where series in ('OB', 'OC') order by series`,
    );
    expect(batches).toEqual([
      { series: 'OB', status: 'accepted', issued: daysAgo(100) },
      { series: 'OC', status: 'issued', issued: daysAgo(100) },
    ]);

    // The payments: one per receipt, paid, its rows' amounts summed exactly, on the receipt's day.
    const paidRows = await rows<{ receipt: string; status: number; total: string; rows: number; paid_on: string }>(
      sql`select p.payment_receipt_number as receipt, p.status, p.total::text, count(r.id)::int as rows,
            to_char(p.status_at at time zone 'UTC', 'DD.MM.YYYY') as paid_on
          from payments p join payment_rows r on r.payment_id = p.id
          where p.payment_receipt_number like 'OB-Q-%' group by p.id order by 1`,
    );
    expect(paidRows).toEqual([
      { receipt: 'OB-Q-1', status: 3, total: '145.80', rows: 2, paid_on: daysAgo(10) },
      { receipt: 'OB-Q-2', status: 3, total: '97.20', rows: 1, paid_on: daysAgo(50) },
    ]);
    const expired = await t.app.inject({ method: 'GET', url: '/api/fn/paid/?series=OB&status=1', headers: admin });
    expect(expired.statusCode, expired.body).toBe(200);
    expect(expired.json().results.map((f: { number: string }) => f.number)).toEqual(['000007']);

    // The report counts them from the first day: 15 forms issued, two payments, their amounts exactly.
    const reportAfter = await report();
    expect(reportAfter.issued - reportBefore.issued).toBe(15);
    expect(reportAfter.payments - reportBefore.payments).toBe(2);
    expect(reportAfter.voided - reportBefore.voided).toBe(1);
    expect(moneyToDecimal(parseMoney(reportAfter.tax) - parseMoney(reportBefore.tax))).toBe('243.00');

    // The reconciliation balances, the ledger's chain holds, and its rows say "opening".
    const reconciliation = (
      await t.app.inject({ method: 'GET', url: '/api/fn/reconciliation/?series=OB', headers: admin })
    ).json();
    expect(reconciliation.consistent).toBe(true);
    expect(reconciliation.totals).toMatchObject({
      issued: 10,
      active: 5,
      shared: 1,
      paid: 2,
      expired: 1,
      voided: 1,
      balanced: true,
    });
    const verify = (await t.app.inject({ method: 'GET', url: '/api/fn/ledger/verify/', headers: admin })).json();
    expect(verify).toMatchObject({ ok: true, first_broken_id: null });
    const ledger = await rows<{ movement: string; n: number }>(
      sql`select movement, count(*)::int as n from fn_ledger where series in ('OB', 'OC') group by 1`,
    );
    expect(ledger).toEqual([{ movement: 'opening', n: 9 }]);
    const audited = await rows<{ resource: string; n: number }>(
      sql`select resource, count(*)::int as n from audit_log where detail->>'import' = ${String(checked.id)} group by 1 order by 1`,
    );
    expect(audited).toEqual([
      { resource: 'fnbatch', n: 2 },
      { resource: 'payment', n: 2 },
    ]);

    // The same file again: every row unchanged, and its apply writes nothing.
    const again = await imported('opening-balances', file(opening), 'opening.csv');
    expect(again.counts).toEqual({ new: 0, changed: 0, unchanged: 8, error: 0 });
    expect((await apply(again.id)).statusCode).toBe(202);
    expect((await settled(again.id, ['applied', 'failed'])).status).toBe('applied');
    expect(await rows(sql`select id from fn_batches where series = 'OB'`)).toHaveLength(1);
  });

  it('checks rows across the file: every number once, batches agree, one payment per receipt, no taken receipt', async () => {
    const od = batchOf('OD', '000001', '000006');
    const bad: Line[] = [
      { ...od, number_from: '000001', number_to: '000002', state: 'Aktiv' },
      // Overlaps the row above.
      { ...od, number_from: '000002', number_to: '000003', state: 'Aktiv' },
      // The batch's fields differ from its first row.
      { ...od, expire_date: '3', number_from: '000004', number_to: '000004', state: 'Aktiv' },
      // A paid row of two numbers.
      { ...od, ...paid('000005', 'OD-Q-1', 5, '10', '10-AA-201'), number_to: '000006' },
      // New beside accepted in another batch.
      { ...batchOf('OE', '000001', '000002'), number_from: '000001', number_to: '000001', state: 'Yeni' },
      { ...batchOf('OE', '000001', '000002'), number_from: '000002', number_to: '000002', state: 'Aktiv' },
      // A receipt the first test's payment holds; a batch that meets the first test's.
      { ...batchOf('OF', '000001', '000001'), ...paid('000001', 'OB-Q-1', 5, '10', '10-AA-202') },
      { ...batchOf('OB', '000005', '000020'), number_from: '000011', number_to: '000020', state: 'Aktiv' },
    ];
    const checked = await imported('opening-balances', file(bad), 'bad.csv');
    expect(checked.status).toBe('previewed');
    const errors = Object.fromEntries((await rowsOf(checked.id, 'error')).map((r) => [r.row, r.errors]));
    // Row 2 (the first data row) gives the batch's fields.
    expect(errors[3]).toEqual({ number_from: [openingMessages.runOverlap(2)] });
    expect(errors[4]).toEqual({ series: [openingMessages.batchDiffers(2)] });
    expect(errors[5]).toEqual({ number_to: [openingMessages.paidOneNumber] });
    expect(errors[6]).toEqual({ state: [openingMessages.newBesideAccepted] });
    expect(errors[8]).toEqual({ receipt_number: [paymentMessages.receiptNumberTaken] });
    expect(errors[9]!.batch_start![0]).toMatch(/OB seriyasının №\d+ buraxılışı \(000001 - 000010\)/);
    // The overlapping run is not counted, so number 3 is missing from the batch (named on its first row).
    expect(errors[2]).toEqual({ number_from: [openingMessages.runsMissing(1, 'OD 000003')] });
    expect(errors[9]!.number_from).toEqual([openingMessages.runsMissing(6, 'OB 000005')]);
    expect(checked.counts.error).toBe(7);
    expect((await apply(checked.id)).statusCode).toBe(409);

    // A batch whose numbers are not all given names the first missing one.
    const gap = await imported(
      'opening-balances',
      file([{ ...od, number_from: '000001', number_to: '000004', state: 'Aktiv' }]),
      'gap.csv',
    );
    expect((await rowsOf(gap.id, 'error'))[0]!.errors).toEqual({
      number_from: [openingMessages.runsMissing(2, 'OD 000005')],
    });
  });
});
