import { receiptKey } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankReceiptKeySql } from '../../db/schema';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bankTestKit, sumOf, type Paid } from './bank-test-kit';
import { camt053, mt940, statementCsv, type DraftEntry, type StatementDraft } from './statement-files';

/**
 * Credits matched as payers write them (issue 57), on both databases: the receipt found in free text by its
 * normalised key (the database's `payments.receipt_key` is the shared `receiptKey`), in each format.
 */
describe('bank credits in free text', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let kit: ReturnType<typeof bankTestKit>;
  const rows = <R>(query: ReturnType<typeof sql>) => kit.rows<R>(query);
  const takePaid = () => kit.takePaid();
  const draft = (entries: DraftEntry[]) => kit.draft(entries);
  const freeCredit = (...args: Parameters<typeof kit.freeCredit>) => kit.freeCredit(...args);
  const upload = (file: string) => kit.upload(file);
  const entriesOf = (statementId: number) => kit.entriesOf(statementId);

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
    kit = bankTestKit(t, () => admin, 'FT');
    await kit.reset();
  });
  afterAll(async () => t?.close());

  it('keys a receipt in the database as the shared receiptKey does', async () => {
    const samples = [
      'DEMO-0001',
      'demo 0001',
      'qəbz №DEMO/1',
      'ＤＥＭＯ－０１',
      'İŞÇ-ĞÖÜ ı 007x0',
      'BNK-2026-000010',
      '—',
    ];
    const keys = await rows<{ v: string; key: string }>(
      sql`select v, ${sql.raw(bankReceiptKeySql('v'))} as key from unnest(array[${sql.join(
        samples.map((v) => sql`${v}::text`),
        sql`, `,
      )}]) v`,
    );
    expect(keys.map((k) => k.key)).toEqual(samples.map(receiptKey));
    const stored = await rows<{ receipt: string; key: string }>(
      sql`select payment_receipt_number as receipt, receipt_key as key from payments where status = 3 limit 50`,
    );
    for (const row of stored) expect(row.key).toBe(receiptKey(row.receipt));
  });

  it('finds the receipt in free text, spaced, slashed, its zeros dropped, in each format', async () => {
    const spelled = (receipt: string) => [
      `ödəniş ${receipt} VOEN`,
      receipt.toLowerCase().replace(/-/g, ' '),
      `sadələşdirilmiş vergi, qəbz №${receipt.replace(/-0*/g, '/')}`,
    ];
    for (const write of [(d: StatementDraft) => camt053(d), mt940, statementCsv]) {
      const payments = [takePaid(), takePaid(), takePaid()];
      const statement = await upload(
        write(draft(payments.map((payment, i) => freeCredit(payment, spelled(payment.receipt)[i]!)))),
      );
      expect((await entriesOf(statement.id)).map((e) => [e.match_state, e.payment_id])).toEqual(
        payments.map((p) => ['matched', p.id]),
      );
    }
  });

  it('finds a receipt in the details column, and never one named beside another payer', async () => {
    const [payment, other] = [takePaid(), takePaid()];
    const statement = await upload(
      statementCsv(
        draft([
          freeCredit(payment, 'vergi', { details: [`qəbz ${payment.receipt}`], freeText: false }),
          freeCredit(other, other.receipt, { payerCode: '1999999991', freeText: false }),
        ]),
      ),
    );
    expect((await entriesOf(statement.id)).map((e) => [e.match_state, e.payment_id])).toEqual([
      ['matched', payment.id],
      ['no_payment', null],
    ]);
  });

  const linksOf = async (statementId: number) =>
    rows<{ position: number; payment_id: number; amount: string; rule: string; payer_rule: string }>(sql`
      select e.position, l.payment_id, l.amount::text as amount, l.rule, l.payer_rule
      from bank_links l join bank_entries e on e.id = l.entry_id
      where e.statement_id = ${statementId} order by e.position, l.payment_id`);
  const near = (payment: Paid) => kit.near(payment);
  const loneOfItsAmount = () => kit.loneOfItsAmount();

  it('links one credit to the several receipts it names when their totals add up to it', async () => {
    const a = takePaid();
    const b = near(a);
    const amount = sumOf(a.total, b.total);
    const statement = await upload(camt053(draft([freeCredit(a, `qəbzlər ${a.receipt} və ${b.receipt}`, { amount })])));
    expect((await entriesOf(statement.id)).map((e) => e.match_state)).toEqual(['matched']);
    expect((await linksOf(statement.id)).map((l) => [l.payment_id, l.amount, l.rule])).toEqual(
      [
        [a.id, a.total, 'receipt'],
        [b.id, b.total, 'receipt'],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
  });

  it("links by the payer's VÖEN and the amount when no receipt is named and one payment fits", async () => {
    const [byId, byText] = [await loneOfItsAmount(), await loneOfItsAmount()];
    const statement = await upload(
      mt940(
        draft([
          freeCredit(byId, 'sadələşdirilmiş vergi', { freeText: false, payerCode: byId.voen }),
          freeCredit(byText, `vergi ödənişi VÖEN ${byText.voen}`),
        ]),
      ),
    );
    expect((await entriesOf(statement.id)).map((e) => [e.match_state, e.payment_id])).toEqual([
      ['matched', byId.id],
      ['matched', byText.id],
    ]);
    expect((await linksOf(statement.id)).map((l) => [l.rule, l.payer_rule])).toEqual([
      ['voen', 'debtor_id'],
      ['voen', 'text_voen'],
    ]);
  });

  it('never links by the amount alone, the name alone, a receipt one character off, or twice for one payment', async () => {
    const [lone, named, twice] = [await loneOfItsAmount(), takePaid(), await loneOfItsAmount()];
    const offByOne = named.receipt.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    const statement = await upload(
      statementCsv(
        draft([
          freeCredit(lone, 'vergi', { freeText: false }),
          freeCredit(named, named.name, { freeText: false, payerName: named.name }),
          freeCredit(named, `qəbz ${offByOne}`, { freeText: false }),
          freeCredit(twice, 'vergi', { freeText: false, payerCode: twice.voen }),
          freeCredit(twice, 'vergi 2', { freeText: false, payerCode: twice.voen, bankReference: 'again' }),
        ]),
      ),
    );
    const states = (await entriesOf(statement.id)).map((e) => e.match_state);
    expect(states.slice(0, 2)).toEqual(['no_payment', 'no_payment']);
    expect(states[2]).not.toBe('matched');
    expect(states.slice(3)).toEqual(['no_payment', 'no_payment']);
    expect(await linksOf(statement.id)).toEqual([]);
  });

  it("counts every link's money in the reconciliation", async () => {
    const a = takePaid();
    const b = near(a);
    const amount = sumOf(a.total, b.total);
    await upload(camt053(draft([freeCredit(a, `${a.receipt}, ${b.receipt}`, { amount })])));
    for (const payment of [a, b]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bank-statements/reconciliation/?date_from=${payment.day}&date_to=${payment.day}`,
        headers: admin,
      });
      const credited = await rows<{ n: number }>(sql`
        select count(*)::int as n from bank_links where payment_id = ${payment.id} and amount = ${payment.total}::numeric`);
      expect(credited[0]!.n).toBe(1);
      expect(res.json().totals.credited).not.toBe('0.00');
    }
  });
});
