import { receiptKey } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankReceiptKeySql } from '../../db/schema';
import { signInAs } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { camt053, closingOf, mt940, statementCsv, type DraftEntry, type StatementDraft } from './statement-files';

/**
 * Credits matched as payers write them (issue 57), on both databases: the receipt found in free text by its
 * normalised key (the database's `payments.receipt_key` is the shared `receiptKey`), in each format.
 */
describe('bank credits in free text', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  interface Paid {
    id: number;
    receipt: string;
    day: string;
    voen: string;
    name: string;
    total: string;
  }
  let paid: Paid[] = [];
  let next = 0;
  const takePaid = () => paid[next++]!;
  let number = 0;

  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  const draft = (entries: DraftEntry[]): StatementDraft => ({
    account: 'AZ21NABZ00000000137010001944',
    number: `FT-${++number}`,
    from: '2020-01-01',
    to: '2030-12-31',
    opening: '0.00',
    closing: closingOf('0.00', entries),
    entries,
  });
  const freeCredit = (payment: Paid, reference: string, extra: Partial<DraftEntry> = {}): DraftEntry => ({
    date: payment.day,
    direction: 'credit',
    amount: payment.total,
    reference,
    payerName: '',
    bankReference: `FT${payment.id}`,
    freeText: true,
    ...extra,
  });
  async function upload(file: string) {
    const body = multipart({ file: { file: Buffer.from(file), name: 's.dat', type: 'application/octet-stream' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bank-statements/',
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().statement as { id: number };
  }
  const entriesOf = async (statementId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bank-statements/${statementId}/entries/`,
      headers: admin,
    });
    return res.json().results as { match_state: string; payment_id: number | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
    await t.database.db.execute(sql`delete from bank_entries`);
    await t.database.db.execute(sql`delete from bank_statements`);
    paid = await rows<Paid>(sql`
      select p.id, p.payment_receipt_number as receipt, to_char(p.payment_receipt_date, 'YYYY-MM-DD') as day,
        p.owner_code as voen, p.owner_name as name, p.total::text as total
      from payments p where p.status = 3 and p.total > 0 order by p.id`);
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
});
