import { bankStatementMessages, moneyToDecimal, parseMoney, reportMessages } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { closingOf, statementCsv, type DraftEntry } from './statement-files';

/**
 * The money side of the forms' reconciliation (issue 48), on both databases: per day and region, the paid payments'
 * sum against the credits linked to them, the difference to the qəpik, with a credit linked by hand for another amount.
 */
describe("the forms' reconciliation, its money side", () => {
  let t: TestApp;
  let admin: Record<string, string>;

  interface Paid {
    id: number;
    receipt: string;
    day: string;
    region: number;
    voen: string;
    total: string;
  }
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  const get = (query: string, headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/bank-statements/reconciliation/?${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
    // The demo's statements credit most of its payments: this test credits its own.
    await t.database.db.execute(sql`delete from bank_entries`);
    await t.database.db.execute(sql`delete from bank_statements`);
  });
  afterAll(async () => t?.close());

  it('sums per day and region what the register took and what the bank credited, exactly', async () => {
    // A day and region with three paid payments at least: one credited in full, one linked by hand for 0.10, one not.
    const [busy] = await rows<{ day: string; region: number }>(sql`
      select to_char(payment_receipt_date, 'YYYY-MM-DD') as day, region_id as region from payments
      where status = 3 and total > 1 group by payment_receipt_date, region_id having count(*) >= 3
      order by payment_receipt_date, region_id limit 1`);
    expect(busy).toBeDefined();
    const payments = await rows<Paid>(sql`
      select id, payment_receipt_number as receipt, to_char(payment_receipt_date, 'YYYY-MM-DD') as day,
        region_id as region, owner_code as voen, total::text as total
      from payments where status = 3 and payment_receipt_date = ${busy!.day}::date and region_id = ${busy!.region}
      order by id`);
    const [full, byHand] = payments as [Paid, Paid];
    const credit = (payment: Paid, amount: string, reference = payment.receipt): DraftEntry => ({
      date: payment.day,
      direction: 'credit',
      amount,
      reference,
      payerCode: payment.voen,
    });
    const entries = [credit(full, full.total), credit(byHand, '0.10', 'typo')];
    const file = statementCsv({
      account: 'AZ21NABZ00000000137010001944',
      number: 'RECON-1',
      from: busy!.day,
      to: busy!.day,
      opening: '0.00',
      closing: closingOf('0.00', entries),
      entries,
    });
    const body = multipart({ file: { file: Buffer.from(file), name: 's.csv', type: 'text/csv' } });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/bank-statements/',
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [, open] = (
      await rows<{ id: number }>(
        sql`select id from bank_entries where statement_id = ${uploaded.json().statement.id} order by position`,
      )
    ).map((r) => r.id);
    const linked = await t.app.inject({
      method: 'POST',
      url: `/api/bank-statements/entries/${open}/resolve/`,
      payload: { action: 'link', payment_id: byHand.id, reason: 'Qəbzin nömrəsi səhv' },
      headers: admin,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    // 0.10 for a larger payment is not a match: it stays a difference until a person accepts it with a reason.
    expect(linked.json()).toMatchObject({ match_state: 'amount_differs', payment_id: byHand.id });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/bank-statements/entries/${open}/resolve/`,
      payload: { action: 'accept_difference', reason: 'Qalanı kassada ödənilib' },
      headers: admin,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      match_state: 'matched',
      payment_id: byHand.id,
      accepted_difference: moneyToDecimal(parseMoney(byHand.total) - 10n),
    });

    const res = await get(`date_from=${busy!.day}&date_to=${busy!.day}&region=${busy!.region}`);
    expect(res.statusCode, res.body).toBe(200);
    const paid = payments.reduce((sum, p) => sum + parseMoney(p.total), 0n);
    const credited = parseMoney(full.total) + 10n;
    const expected = {
      paid: moneyToDecimal(paid),
      credited: moneyToDecimal(credited),
      difference: moneyToDecimal(paid - credited),
    };
    expect(res.json().rows).toEqual([
      {
        day: busy!.day,
        region: busy!.region,
        region_name: expect.any(String),
        payments: payments.length,
        credited_payments: 2,
        ...expected,
      },
    ]);
    expect(res.json().totals).toEqual(expected);
    expect(res.json()).toMatchObject({ date_from: busy!.day, date_to: busy!.day });

    // Every region of the day: this region's line among them, the totals their exact sum.
    const day = (await get(`date_from=${busy!.day}&date_to=${busy!.day}`)).json();
    expect(day.rows).toContainEqual(expect.objectContaining({ region: busy!.region, ...expected }));
    const sum = (key: 'paid' | 'credited' | 'difference') =>
      moneyToDecimal(
        day.rows.reduce((total: bigint, row: Record<string, string>) => total + parseMoney(row[key]!), 0n),
      );
    expect(day.totals).toEqual({ paid: sum('paid'), credited: sum('credited'), difference: sum('difference') });
  });

  it('takes the last 31 days by default; refuses a period reversed, too long or not a date', async () => {
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    const { date_from: from, date_to: to } = res.json();
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(30);
    const reversed = await get('date_from=2026-02-02&date_to=2026-02-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ date_to: [reportMessages.periodInvalid] });
    const long = await get('date_from=2024-01-01&date_to=2025-01-01');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ date_to: [bankStatementMessages.periodTooLong] });
    expect((await get('date_from=2025-01-01&date_to=2026-01-01')).statusCode).toBe(200);
    expect((await get('date_from=2026-02-30')).json()).toEqual({ date_from: [reportMessages.dateInvalid] });
    expect((await get('region=abc')).statusCode).toBe(400);
    const cashier = (await signInAs(t, 'cashier@demo.az')).headers;
    expect((await get('', cashier)).statusCode).toBe(403);
  });
});
