import type { BankEntry } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { multipart } from '../../test/multipart';
import type { TestApp } from '../../test/test-app';
import { closingOf, type DraftEntry, type StatementDraft } from './statement-files';

/**
 * What the bank tests share (issue 57): the demo's paid payments to write credits for, taken one at a time so no two
 * tests credit one payment; statements drafted around them; the upload and the reads of the API. Tests only.
 */

export interface Paid {
  id: number;
  receipt: string;
  day: string;
  voen: string;
  name: string;
  total: string;
}

const paidColumns = sql`p.id, p.payment_receipt_number as receipt, to_char(p.payment_receipt_date, 'YYYY-MM-DD') as day,
  p.owner_code as voen, p.owner_name as name, p.total::text as total`;

/** The sum of amounts, exactly (qəpiks as integers). */
export function sumOf(...amounts: string[]) {
  const qepik = amounts
    .reduce((total, a) => total + BigInt(a.replace('.', '')), 0n)
    .toString()
    .padStart(3, '0');
  return `${qepik.slice(0, -2)}.${qepik.slice(-2)}`;
}

export function bankTestKit(t: TestApp, headers: () => Record<string, string>, prefix: string) {
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  let paid: Paid[] = [];
  let next = 0;
  let number = 0;
  const used = () => paid.slice(0, next).map((p) => p.id);
  /** Moves a chosen payment to the head of those not used yet, and takes it. */
  const take = (payment: Paid) => {
    paid = paid.filter((p) => p.id !== payment.id);
    paid.splice(next, 0, payment);
    return paid[next++]!;
  };

  return {
    rows,
    /** Empties the statements and reads the paid payments (the demo's). */
    async reset() {
      await t.database.db.execute(sql`delete from bank_entries`);
      await t.database.db.execute(sql`delete from bank_statements`);
      paid = await rows<Paid>(
        sql`select ${paidColumns} from payments p where p.status = 3 and p.total > 0 order by p.id`,
      );
      next = 0;
    },
    takePaid: () => paid[next++]!,
    /** A paid payment not used yet whose receipt is within 5 days of the given one's. */
    near: (payment: Paid) =>
      take(paid.find((p, i) => i >= next && Math.abs(Date.parse(p.day) - Date.parse(payment.day)) <= 5 * 86_400_000)!),
    /** A paid payment whose payer has no other paid payment of its amount within the window, not used yet. */
    async loneOfItsAmount() {
      const [row] = await rows<Paid>(sql`
        select ${paidColumns} from payments p
        where p.status = 3 and p.total > 0 and p.owner_code ~ '^[0-9]{9}[12]$'
          and p.id not in (${sql.raw(used().join(', ') || '0')})
          and not exists (select 1 from payments q where q.id <> p.id and q.status = 3 and q.owner_code = p.owner_code
            and q.total = p.total and abs(q.payment_receipt_date - p.payment_receipt_date) <= 25)
        order by p.id desc limit 1`);
      return take(row!);
    },
    draft: (entries: DraftEntry[]): StatementDraft => ({
      account: 'AZ21NABZ00000000137010001944',
      number: `${prefix}-${++number}`,
      from: '2020-01-01',
      to: '2030-12-31',
      opening: '0.00',
      closing: closingOf('0.00', entries),
      entries,
    }),
    /** A credit of the payment's amount and day, its reference free text. */
    freeCredit: (payment: Paid, reference: string, extra: Partial<DraftEntry> = {}): DraftEntry => ({
      date: payment.day,
      direction: 'credit',
      amount: payment.total,
      reference,
      payerName: '',
      bankReference: `FT${payment.id}`,
      freeText: true,
      ...extra,
    }),
    async upload(file: string) {
      const body = multipart({ file: { file: Buffer.from(file), name: 's.dat', type: 'application/octet-stream' } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bank-statements/',
        payload: body.payload,
        headers: { ...headers(), ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().statement as { id: number };
    },
    async entriesOf(statementId: number) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bank-statements/${statementId}/entries/`,
        headers: headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results as BankEntry[];
    },
  };
}
