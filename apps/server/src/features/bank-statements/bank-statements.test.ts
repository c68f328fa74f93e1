import {
  bankDifferenceExportColumns,
  bankEntryExportColumns,
  bankStatementMessages as m,
  type BankDifference,
} from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paid as PaidPayment } from './bank-test-kit';
import { demoStatementDrafts } from './demo-files';
import { signInAs } from '../../test/auth-helpers';
import { expectedCsv } from '../../test/list-export';
import { multipart, smallPdf } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { xlsxEditedCells } from '../../test/xlsx-cells';
import { camt053, closingOf, mt940, statementCsv, type DraftEntry, type StatementDraft } from './statement-files';

/**
 * Bank statements (issue 48) through the API, on both databases: each format read by content and matched; a file
 * imported twice changes nothing; bad files refused with a message in the reader's language; an expanding XML
 * refused while the server answers; each match state; a person's resolution audited; a payment never linked twice.
 */
describe('bank statements', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  let paid: PaidPayment[] = [];
  let nextPaid = 0;
  /** A paid payment of the demo no test has used yet. */
  const takePaid = () => paid[nextPaid++]!;
  let statementNumber = 0;

  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

  const credit = (payment: PaidPayment, amount = payment.total): DraftEntry => ({
    date: payment.day,
    direction: 'credit',
    amount,
    reference: payment.receipt,
    payerCode: payment.voen,
    payerName: payment.name,
    bankReference: `B${payment.id}-${amount}`,
  });
  const draft = (entries: DraftEntry[], opening = '1000.00'): StatementDraft => ({
    account: 'AZ21NABZ00000000137010001944',
    number: `T-${++statementNumber}`,
    from: '2020-01-01',
    to: '2030-12-31',
    opening,
    closing: closingOf(opening, entries),
    entries,
  });

  async function upload(file: string | Buffer, name = 'statement.dat', headers = admin) {
    const body = multipart({ file: { file: Buffer.from(file), name, type: 'application/octet-stream' } });
    return t.app.inject({
      method: 'POST',
      url: '/api/bank-statements/',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }
  async function entries(id: number, query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bank-statements/${id}/entries/?${query}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as { id: number; match_state: string | null; payment_id: number | null }[];
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
    // The demo's own statements claim most of its payments: these tests make their own.
    await t.database.db.execute(sql`delete from bank_entries`);
    await t.database.db.execute(sql`delete from bank_statements`);
    paid = await rows<PaidPayment>(sql`
      select p.id, p.payment_receipt_number as receipt, to_char(p.payment_receipt_date, 'YYYY-MM-DD') as day,
        p.owner_code as voen, p.owner_name as name, p.total::text as total
      from payments p
      where p.status = 3 and p.total > 0
      order by p.id`);
    expect(paid.length).toBeGreaterThanOrEqual(14);
  });
  afterAll(async () => t?.close());

  it('is for administrators and the central office only', async () => {
    const cashier = (await signInAs(t, 'cashier@demo.az')).headers;
    expect((await upload(statementCsv(draft([])), 's.csv', cashier)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/bank-statements/', headers: cashier })).statusCode).toBe(
      403,
    );
    const central = (await signInAs(t, 'central@demo.az')).headers;
    expect((await t.app.inject({ method: 'GET', url: '/api/bank-statements/', headers: central })).statusCode).toBe(
      200,
    );
  });

  it('reads camt.053 .02 and .08, MT940 and the CSV by content, whatever the name, and matches each credit', async () => {
    const files = [
      (d: StatementDraft) => camt053(d, '02'),
      (d: StatementDraft) => camt053(d, '08'),
      mt940,
      statementCsv,
    ];
    for (const [i, write] of files.entries()) {
      const payment = takePaid();
      const debit: DraftEntry = { date: payment.day, direction: 'debit', amount: '12.34', reference: 'Komissiya' };
      const res = await upload(write(draft([credit(payment), debit])), `statement-${i}.pdf`);
      expect(res.statusCode, res.body).toBe(201);
      const { statement, already_imported } = res.json();
      expect(already_imported).toBe(false);
      expect(statement.format).toBe(['camt053', 'camt053', 'mt940', 'csv'][i]);
      expect(statement.entry_count).toBe(2);
      expect(statement.debits_total).toBe('12.34');
      expect(statement.states.matched).toBe(1);
      const listed = await entries(statement.id);
      expect(listed.map((e) => [e.match_state, e.payment_id])).toEqual([
        ['matched', payment.id],
        [null, null],
      ]);
    }
  });

  it('imports a file twice and changes nothing the second time', async () => {
    const file = mt940(draft([credit(takePaid())]));
    const first = await upload(file);
    expect(first.statusCode, first.body).toBe(201);
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from bank_entries`))[0]!.n;
    const before = await count();
    const second = await upload(file, 'again.txt');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().already_imported).toBe(true);
    expect(second.json().statement.id).toBe(first.json().statement.id);
    expect(await count()).toBe(before);
    expect(
      (
        await rows<{ n: number }>(sql`select count(*)::int as n from bank_statements where content_hash =
        (select content_hash from bank_statements where id = ${first.json().statement.id})`)
      )[0]!.n,
    ).toBe(1);
  });

  it('refuses a statement that does not add up, in the reader language', async () => {
    const bad = { ...draft([credit(takePaid())]), closing: '1.00' };
    const res = await upload(camt053(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().file[0]).toBe(m.arithmetic('1000.00', bad.entries[0]!.amount, '0.00', '1.00'));
    const speak = async (language: string) => {
      const chosen = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/user-profile/preferences/',
        payload: { language },
        headers: admin,
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
    };
    try {
      await speak('en');
      const english = await upload(statementCsv(bad), 's.csv');
      expect(english.statusCode).toBe(400);
      expect(english.json().file[0]).toMatch(/^The statement does not add up: opening 1000.00 \+ credits /);
      await speak('ru');
      const russian = await upload(mt940(bad), 's.txt');
      expect(russian.json().file[0]).toMatch(/^Выписка не сходится: входящий остаток 1000.00/);
    } finally {
      await speak('az');
    }
  });

  it('refuses what is not a statement with a clear message, never a 500', async () => {
    const cases: [string | Buffer, string][] = [
      [smallPdf, m.formatUnknown],
      ['just some text\n', m.formatUnknown],
      [camt053({ ...draft([]), currency: 'USD' }), m.currency('USD')],
      [
        statementCsv({
          ...draft([]),
          entries: [{ date: '2026-02-30', direction: 'credit', amount: '1.00', reference: 'x' }],
        }),
        m.dateInvalid('2026-02-30'),
      ],
      [
        mt940({
          ...draft([{ date: '2026-01-02', direction: 'credit', amount: '1.005', reference: 'x' }]),
          closing: '1001.01',
        }),
        m.amountInvalid('1,005'),
      ],
      [camt053(draft([])).replace(/<Bal>.*?OPBD.*?<\/Bal>/, ''), m.noBalance('ilkin (OPBD)')],
      [
        '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>' +
          '</BkToCstmrStmt></Document>',
        m.oneStatement,
      ],
      [camt053(draft([])).slice(0, 300), m.xmlBroken],
      [statementCsv(draft([{ ...credit(paid[0]!), reference: 'R'.repeat(2000) }])), m.csvTooLong],
      [
        statementCsv(draft([{ date: '2026-01-02', direction: 'credit', amount: '0.00', reference: 'x' }])),
        m.amountInvalid('0.00'),
      ],
    ];
    for (const [file, message] of cases) {
      const res = await upload(file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().file).toEqual([message]);
    }
  });

  it('refuses an XML that expands without end, and the server answers meanwhile', async () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE Document [<!ENTITY a "ha">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i === 0 ? 'a' : 'b'.repeat(i)};`.repeat(10)}">`,
      ),
      ']>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>&bbbbbbbbb;</Id>',
      '</Stmt></BkToCstmrStmt></Document>',
    ].join('\n');
    const [res, health] = await Promise.all([
      upload(laughs),
      t.app.inject({ method: 'GET', url: '/api/health/live/' }),
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().file).toEqual([m.xmlDeclarations]);
    expect(health.statusCode).toBe(200);
    // Entities without a DOCTYPE are never expanded either: the text stays as written.
    const payment = takePaid();
    const plain = camt053(draft([{ ...credit(payment), reference: '&lol;', payerCode: '' }]));
    const kept = await upload(plain);
    expect(kept.statusCode, kept.body).toBe(201);
    expect((await entries(kept.json().statement.id))[0]!.match_state).toBe('no_payment');
  });

  const resolve = (entryId: number, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/bank-statements/entries/${entryId}/resolve/`, payload, headers });

  it('gives each credit its match state: matched, amount differs, no payment, contested', async () => {
    const [exact, wrongAmount, twice, otherPayer] = [takePaid(), takePaid(), takePaid(), takePaid()];
    const more = (amount: string) => (BigInt(amount.replace('.', '')) + 100n).toString().replace(/(\d\d)$/, '.$1');
    const res = await upload(
      camt053(
        draft([
          credit(exact),
          credit(wrongAmount, more(wrongAmount.total)),
          { ...credit(exact), reference: 'NO-SUCH-RECEIPT' },
          credit(twice),
          { ...credit(twice), bankReference: 'second' },
          { ...credit(otherPayer), payerCode: '9999999999' },
          { date: exact.day, direction: 'debit', amount: '5.00', reference: 'Komissiya' },
        ]),
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const listed = await entries(res.json().statement.id);
    expect(listed.map((e) => [e.match_state, e.payment_id])).toEqual([
      ['matched', exact.id],
      ['amount_differs', wrongAmount.id],
      ['no_payment', null],
      ['contested', twice.id],
      ['contested', twice.id],
      ['no_payment', null],
      [null, null],
    ]);
    expect(res.json().statement.states).toEqual({
      matched: 1,
      amount_differs: 1,
      no_payment: 2,
      contested: 2,
      not_ours: 0,
    });
    const filtered = await entries(res.json().statement.id, 'match_state=contested');
    expect(filtered).toHaveLength(2);
    // A later credit for a payment matched already contests it; the first keeps its link.
    const later = await upload(mt940(draft([credit(exact)])));
    expect((await entries(later.json().statement.id))[0]!.match_state).toBe('contested');
    expect((await entries(res.json().statement.id))[0]!.match_state).toBe('matched');
  });

  it('lets a person link a credit by hand or mark it not ours, with a reason, audited; never twice', async () => {
    const payment = takePaid();
    const res = await upload(
      statementCsv(
        draft([
          { ...credit(payment), reference: 'typo-1' },
          { ...credit(payment), reference: 'typo-2' },
          { ...credit(payment), reference: 'typo-3' },
          { date: payment.day, direction: 'debit', amount: '1.00', reference: 'x' },
        ]),
      ),
    );
    const [first, second, third, debit] = await entries(res.json().statement.id);
    expect(first!.match_state).toBe('no_payment');

    expect((await resolve(first!.id, { action: 'link', payment_id: payment.id, reason: ' ' })).statusCode).toBe(400);
    const noPayment = await resolve(first!.id, { action: 'link', reason: 'Yoxlandı' });
    expect(noPayment.statusCode).toBe(400);
    expect(noPayment.json()).toEqual({ payment_id: [m.paymentRequired] });
    const unpaid = await rows<{ id: number }>(sql`select id from payments where status <> 3 order by id limit 1`);
    const notPaid = await resolve(first!.id, { action: 'link', payment_id: unpaid[0]!.id, reason: 'Yoxlandı' });
    expect(notPaid.statusCode).toBe(400);
    expect(notPaid.json()).toEqual({ payment_id: [m.paymentNotPaid] });
    const central = (await signInAs(t, 'central@demo.az')).headers;
    const linked = await resolve(
      first!.id,
      { action: 'link', payment_id: payment.id, reason: 'Qəbzin nömrəsi səhv yazılıb' },
      central,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      match_state: 'matched',
      payment_id: payment.id,
      resolution_reason: 'Qəbzin nömrəsi səhv yazılıb',
      resolved_by: 'central@demo.az',
    });
    const audit = await rows<{ action: string; resource: string }>(
      sql`select action, resource from audit_log where resource = 'bankstatement' and record_id = ${String(first!.id)}`,
    );
    expect(audit).toEqual([{ action: 'update', resource: 'bankstatement' }]);

    const again = await resolve(first!.id, { action: 'not_ours', reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(m.alreadyResolved);
    const taken = await resolve(second!.id, { action: 'link', payment_id: payment.id, reason: 'Yenə' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(m.paymentTaken);
    expect((await resolve(debit!.id, { action: 'not_ours', reason: 'x' })).statusCode).toBe(409);
    const mine = await resolve(third!.id, { action: 'not_ours', reason: 'Başqa idarənin ödənişi' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().match_state).toBe('not_ours');
    const cashier = (await signInAs(t, 'cashier@demo.az')).headers;
    expect((await resolve(second!.id, { action: 'not_ours', reason: 'x' }, cashier)).statusCode).toBe(403);
  });

  it('links a payment to one credit only, however many ask at once', async () => {
    const payment = takePaid();
    const res = await upload(
      statementCsv(draft(Array.from({ length: 6 }, (_, i) => ({ ...credit(payment), reference: `race-${i}` })))),
    );
    const open = await entries(res.json().statement.id);
    const answers = await Promise.all(
      open.map((entry) => resolve(entry.id, { action: 'link', payment_id: payment.id, reason: 'Eyni anda' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const links = await rows<{ n: number }>(
      sql`select count(*)::int as n from bank_entries where payment_id = ${payment.id}`,
    );
    expect(links[0]!.n).toBe(1);

    // Two statements imported at once that claim one payment: one matches it, the other contests it.
    const other = takePaid();
    const [a, b] = await Promise.all([upload(camt053(draft([credit(other)]))), upload(mt940(draft([credit(other)])))]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const states = [
      (await entries(a.json().statement.id))[0]!.match_state,
      (await entries(b.json().statement.id))[0]!.match_state,
    ].sort();
    expect(states).toEqual(['contested', 'matched']);
  });

  /** An Excel cell's number as a decimal of two places, read as text: a float's noise (0.30000000000000004) fails. */
  const twoPlaces = (cell: string) => {
    const [whole, fraction = ''] = cell.split('.');
    expect(fraction.length, cell).toBeLessThanOrEqual(2);
    return `${whole}.${fraction.padEnd(2, '0')}`;
  };

  it("exports a statement's entries and the open differences as CSV and Excel, each amount to the qəpik", async () => {
    const [exact, short] = [takePaid(), takePaid()];
    const res = await upload(
      camt053(
        draft([
          credit(exact),
          credit(short, '0.10'),
          { ...credit(exact), reference: 'EXPORT-UNKNOWN', amount: '1234567.89', bankReference: 'big' },
          { date: exact.day, direction: 'debit', amount: '0.30', reference: 'Komissiya' },
        ]),
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().statement.id as number;
    const listed = await t.app.inject({ method: 'GET', url: `/api/bank-statements/${id}/entries/`, headers: admin });
    const all = listed.json().results;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

    const csv = await get(`/api/bank-statements/${id}/entries/export/?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['x-export-rows']).toBe('4');
    // The list's rows, a debit's amount a negative number (not a text guarded as a formula).
    expect(csv.body).toBe(expectedCsv(bankEntryExportColumns, all).replace("'-0.30", '-0.30'));
    const csvRows = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(csvRows.map((row) => [row[0], row[2], row[7]])).toEqual([
      ['1', exact.total, 'Tutuşdu'],
      ['2', '0.10', 'Məbləğ fərqlidir'],
      ['3', '1234567.89', 'Ödəniş yoxdur'],
      ['4', '-0.30', 'Məxaric'],
    ]);

    const xlsx = await get(`/api/bank-statements/${id}/entries/export/?format=xlsx&match_state=amount_differs`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['x-export-rows']).toBe('1');
    const sheet = xlsxEditedCells(xlsx.rawPayload);
    expect(sheet[0]).toEqual(Object.values(bankEntryExportColumns).map((c) => c.header));
    expect(sheet.slice(1).map((row) => [row[0], twoPlaces(row[2]!), row[6], row[7]])).toEqual([
      ['2', '0.10', String(short.id), 'Məbləğ fərqlidir'],
    ]);
    const whole = xlsxEditedCells((await get(`/api/bank-statements/${id}/entries/export/?format=xlsx`)).rawPayload);
    expect(whole.slice(1).map((row) => twoPlaces(row[2]!))).toEqual([exact.total, '0.10', '1234567.89', '-0.30']);

    // The open differences of a kind: the list's rows, the amounts exact.
    const differences = (await get('/api/bank-statements/differences/?kind=no_payment&per_page=100')).json() as {
      count: number;
      results: BankDifference[];
    };
    const chosen = await get('/api/bank-statements/differences/export/?format=csv&kind=no_payment&columns=amount,kind');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.headers['x-export-rows']).toBe(String(differences.count));
    expect(chosen.body).toBe(expectedCsv(bankDifferenceExportColumns, differences.results, ['amount', 'kind']));
    expect(chosen.body).toContain('\r\n1234567.89,Ödəniş yoxdur\r\n');
    const book = xlsxEditedCells(
      (await get('/api/bank-statements/differences/export/?format=xlsx&kind=no_payment')).rawPayload,
    );
    expect(book.slice(1).map((row) => twoPlaces(row[2]!))).toEqual(differences.results.map((d) => d.amount));

    expect((await get('/api/bank-statements/999999/entries/export/?format=csv')).statusCode).toBe(404);
    expect((await get(`/api/bank-statements/${id}/entries/export/?format=pdf`)).statusCode).toBe(400);
    const cashier = (await signInAs(t, 'cashier@demo.az')).headers;
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/bank-statements/differences/export/?format=csv',
      headers: cashier,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lists the open differences, a paid payment without a credit among them after the grace', async () => {
    const [late] = await rows<PaidPayment>(sql`
      select p.id, p.payment_receipt_number as receipt, to_char(p.payment_receipt_date, 'YYYY-MM-DD') as day,
        p.owner_code as voen, p.owner_name as name, p.total::text as total
      from payments p
      where p.status = 3 and p.total > 0 and p.payment_receipt_date < current_date - 10
        and not exists (select 1 from bank_entries e where e.claimed_payment_id = p.id)
      order by p.id desc limit 1`);
    expect(late).toBeDefined();
    const differences = async (kind: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bank-statements/differences/?kind=${kind}&per_page=100`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        count: number;
        results: { kind: string; payment_id: number | null; entry_id: number | null }[];
      };
    };
    const noCredit = async () => {
      for (let page = 1; ; page += 1) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/bank-statements/differences/?kind=no_credit&per_page=100&page=${page}`,
          headers: admin,
        });
        const { results } = res.json() as { results: { payment_id: number }[] };
        if (results.some((r) => r.payment_id === late!.id)) return true;
        if (results.length < 100) return false;
      }
    };
    expect(await noCredit()).toBe(true);
    const open = await differences('no_payment');
    expect(open.count).toBeGreaterThan(0);
    expect(open.results.every((r) => r.kind === 'no_payment' && r.entry_id !== null)).toBe(true);
    await upload(statementCsv(draft([credit(late!)])));
    expect(await noCredit()).toBe(false);
  });
});

describe('the demo bank statements', () => {
  let t: TestApp;
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it('come in each format with differences of each kind, and their files import as already imported', async () => {
    const admin = (await signInAs(t, 'admin@demo.az')).headers;
    const listed = await t.app.inject({ method: 'GET', url: '/api/bank-statements/', headers: admin });
    const statements = listed.json().results as { format: string; states: Record<string, number> }[];
    expect(statements.map((s) => s.format).sort()).toEqual(['camt053', 'csv', 'mt940']);
    for (const statement of statements) {
      expect(statement.states.matched, statement.format).toBeGreaterThan(0);
      expect(statement.states.amount_differs, statement.format).toBe(1);
      // The receipt no payment has, and four free-text credits for a person (two a receipt one letter off, two the
      // payer's name alone), each with its payment the best suggestion.
      expect(statement.states.no_payment, statement.format).toBe(5);
      expect(statement.states.contested, statement.format).toBe(2);
    }
    const forPerson = await rows<{ id: number; reference: string }>(
      sql`select id, reference from bank_entries where match_state = 'no_payment' and reference not like 'DEMO-NAM%'`,
    );
    expect(forPerson).toHaveLength(12);
    for (const entry of forPerson) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bank-statements/entries/${entry.id}/suggestions/`,
        headers: admin,
      });
      const [best] = res.json().results as { kind: string; score: number }[];
      expect(['receipt_one_edit', 'payer_name'], entry.reference).toContain(best?.kind);
    }
    // The free text linked by itself: every credit but the kinds left on purpose.
    const freeLinked = await rows<{ n: number }>(
      sql`select count(*)::int as n from bank_entries where match_state = 'matched' and reference ~ '^(ödəniş |sadələşdirilmiş|[a-z]+ [0-9])'`,
    );
    expect(freeLinked[0]!.n).toBeGreaterThan(9);
    const noCredit = await t.app.inject({
      method: 'GET',
      url: '/api/bank-statements/differences/?kind=no_credit',
      headers: admin,
    });
    expect(noCredit.json().count).toBeGreaterThanOrEqual(3);
    // The demo's files, written again, are the statements already kept: an upload changes nothing.
    const drafts = await demoStatementDrafts(t.database.db);
    const files = [camt053(drafts[0]!, '08'), mt940(drafts[1]!), statementCsv(drafts[2]!)];
    for (const file of files) {
      const body = multipart({ file: { file: Buffer.from(file), name: 'demo', type: 'application/octet-stream' } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bank-statements/',
        payload: body.payload,
        headers: { ...admin, ...body.headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().already_imported).toBe(true);
    }
  });
  it('gives an administrator each demo file to upload by hand, and each imports with a difference of each kind', async () => {
    const admin = (await signInAs(t, 'admin@demo.az')).headers;
    const download = (format: string, headers = admin) =>
      t.app.inject({ method: 'GET', url: `/api/bank-statements/demo-file/?format=${format}`, headers });
    const files = [];
    for (const [format, name, type] of [
      ['camt053', 'demo-camt053.xml', 'application/xml'],
      ['mt940', 'demo-mt940.sta', 'text/plain'],
      ['csv', 'demo-statement.csv', 'text/csv'],
    ] as const) {
      const res = await download(format);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(res.headers['content-type']).toContain(type);
      files.push({ name, file: res.rawPayload });
    }
    const cashier = (await signInAs(t, 'cashier@demo.az')).headers;
    expect((await download('csv', cashier)).statusCode).toBe(403);
    expect((await download('pdf')).statusCode).toBe(400);

    // The payment each statement leaves without a credit: the fourth of its third of the paid payments.
    const paid = await rows<{ id: number }>(
      sql`select id from payments where status = 3 and total > 0 order by payment_receipt_date, id`,
    );
    const leftOut = [0, 1, 2].map((group) => paid.filter((_, i) => i % 3 === group)[3]!.id);

    // A database as the seed leaves it before its statements: the administrator uploads them.
    await t.database.db.execute(sql`delete from bank_entries`);
    await t.database.db.execute(sql`delete from bank_statements`);
    const none = await download('camt053');
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(m.noDemo);
    const upload = (file: { name: string; file: Buffer }) => {
      const body = multipart({ file: { file: file.file, name: file.name, type: 'application/octet-stream' } });
      return t.app.inject({
        method: 'POST',
        url: '/api/bank-statements/',
        payload: body.payload,
        headers: { ...admin, ...body.headers },
      });
    };
    for (const file of files) {
      const res = await upload(file);
      expect(res.statusCode, res.body).toBe(201);
      const { states, file_name: fileName } = res.json().statement;
      expect(fileName).toBe(file.name);
      expect(states.matched, file.name).toBeGreaterThan(0);
      expect(states, file.name).toMatchObject({ amount_differs: 1, no_payment: 5, contested: 2, not_ours: 0 });
    }
    const differences = await t.app.inject({
      method: 'GET',
      url: '/api/bank-statements/differences/?per_page=100',
      headers: admin,
    });
    const open = differences.json().results as { kind: string; payment_id: number | null }[];
    expect(new Set(open.map((d) => d.kind))).toEqual(
      new Set(['amount_differs', 'no_payment', 'contested', 'no_credit']),
    );
    const noCredit = open.filter((d) => d.kind === 'no_credit').map((d) => d.payment_id);
    for (const id of leftOut) expect(noCredit).toContain(id);
    // Uploaded again: nothing changes.
    for (const file of files) expect((await upload(file)).json().already_imported).toBe(true);
  });
});
