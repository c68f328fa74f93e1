import { bankStatementMessages as m } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { camt053, closingOf, mt940, statementCsv, type DraftEntry, type StatementDraft } from './statement-files';

/**
 * The statements hardened (issue 56), on both databases: one currency a statement; booked entries only; a statement
 * known by its account, number and period, not its bytes; texts decoded once, without bidi controls, at most 140
 * characters; a link of another amount left a difference until accepted; a kept statement never matched is matched
 * by its next upload.
 */
describe('bank statements, hardened', () => {
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
  const count = async (table: 'bank_statements' | 'bank_entries') =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
  const credit = (payment: Paid, amount = payment.total): DraftEntry => ({
    date: payment.day,
    direction: 'credit',
    amount,
    reference: payment.receipt,
    payerCode: payment.voen,
    payerName: payment.name,
    bankReference: `H${payment.id}`,
  });
  const draft = (entries: DraftEntry[], booked = entries): StatementDraft => ({
    account: 'AZ21NABZ00000000137010001944',
    number: `H-${++number}`,
    from: '2020-01-01',
    to: '2030-12-31',
    opening: '1000.00',
    closing: closingOf('1000.00', booked),
    entries,
  });
  async function upload(file: string | Buffer, headers = admin) {
    const body = multipart({ file: { file: Buffer.from(file), name: 's.dat', type: 'application/octet-stream' } });
    return t.app.inject({
      method: 'POST',
      url: '/api/bank-statements/',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }
  async function entries(id: number) {
    const res = await t.app.inject({ method: 'GET', url: `/api/bank-statements/${id}/entries/`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as {
      id: number;
      match_state: string | null;
      payment_id: number | null;
      payer_name: string;
      reference: string;
      resolution_reason: string | null;
      accepted_difference: string | null;
    }[];
  }
  const resolve = (entryId: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/bank-statements/entries/${entryId}/resolve/`, payload, headers: admin });
  /** The upload is refused on `file` with the message, and nothing is kept. */
  async function refused(file: string, message: string) {
    const [statements, kept] = [await count('bank_statements'), await count('bank_entries')];
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ file: [message] });
    expect([await count('bank_statements'), await count('bank_entries')]).toEqual([statements, kept]);
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
    await t.database.db.execute(sql`delete from bank_entries`);
    await t.database.db.execute(sql`delete from bank_statements`);
    paid = await rows<Paid>(sql`
      select p.id, p.payment_receipt_number as receipt, to_char(p.payment_receipt_date, 'YYYY-MM-DD') as day,
        p.owner_code as voen, p.owner_name as name, p.total::text as total
      from payments p where p.status = 3 and p.total > 1 order by p.id`);
    expect(paid.length).toBeGreaterThanOrEqual(20);
  });
  afterAll(async () => t?.close());

  it('refuses an entry or a balance in another currency than the statement, naming it, and keeps nothing', async () => {
    const camt = camt053(draft([credit(takePaid()), credit(takePaid())]));
    const secondUsd = camt.replace(/(<Ntry>[\s\S]*?<Ntry><Amt Ccy=")AZN/, '$1USD');
    await refused(secondUsd, m.entryCurrency(2, 'USD', 'AZN'));
    await refused(
      camt.replace(/(<Cd>CLBD<\/Cd><\/CdOrPrtry><\/Tp><Amt Ccy=")AZN/, '$1USD'),
      m.balanceCurrency('son (CLBD)', 'USD', 'AZN'),
    );
    await refused(camt.replace(/<Ntry><Amt Ccy="AZN">/, '<Ntry><Amt>'), m.entryCurrency(1, '—', 'AZN'));
    // The CSV: the header is line 1, the opening line 2, the credits lines 3 and 4.
    const csv = statementCsv(draft([credit(takePaid()), credit(takePaid())])).split('\r\n');
    csv[3] = csv[3]!.replace(';AZN;', ';USD;');
    await refused(csv.join('\r\n'), m.lineCurrency(4, 'USD', 'AZN'));
    const mt = mt940(draft([credit(takePaid())]));
    await refused(mt.replace(/:62F:C(\d{6})AZN/, ':62F:C$1USD'), m.balanceCurrency(':62F:', 'USD', 'AZN'));
  });

  it('refuses a credit or debit indicator that is neither CRDT nor DBIT, and CSV rows of another statement number', async () => {
    // Found by the re-attack (issue 56): an entry marked XXX was stored as a credit and could take a payment.
    const camt = camt053(draft([credit(takePaid()), credit(takePaid())]));
    await refused(camt.replace(/(<Ntry>[\s\S]*?<Ntry>[\s\S]*?<CdtDbtInd>)CRDT/, '$1XXX'), m.entryDirection(2));
    await refused(camt.replace(/(<Ntry>[\s\S]*?<CdtDbtInd>)CRDT/, '$1'), m.entryDirection(1));
    await refused(
      camt.replace(/(<Cd>CLBD<\/Cd><\/CdOrPrtry><\/Tp><Amt Ccy="AZN">[^<]*<\/Amt><CdtDbtInd>)\w+/, '$1CRDTX'),
      m.balanceDirection('son (CLBD)'),
    );
    // The CSV: the header is line 1, the opening line 2, the credits lines 3 and 4; each row may name the number.
    const csv = statementCsv(draft([credit(takePaid()), credit(takePaid())])).split('\r\n');
    const at = csv[0]!.split(';').indexOf('number');
    expect(at, csv[0]).toBeGreaterThanOrEqual(0);
    const numbered = (row: string, number: string) =>
      row
        .split(';')
        .map((cell, i) => (i === at ? number : cell))
        .join(';');
    const rows = csv.map((row, i) => (i === 0 || row === '' ? row : numbered(row, i === 3 ? 'NUM-B2' : 'NUM-A1')));
    await refused(rows.join('\r\n'), m.lineNumber(4));
  });

  it('keeps booked entries only: a pending or information entry is left out, never matched', async () => {
    const [booked, pending, info] = [takePaid(), takePaid(), takePaid()];
    const all = [credit(booked), credit(pending), credit(info)];
    for (const version of ['08', '02'] as const) {
      const file = camt053(draft(all, [credit(booked)]), version)
        .replace(/(<Ntry>[\s\S]*?<Ntry>[\s\S]*?<Sts>(?:<Cd>)?)BOOK/, '$1PDNG')
        .replace(/(<Ntry>[\s\S]*?<Ntry>[\s\S]*?<Ntry>[\s\S]*?<Sts>(?:<Cd>)?)BOOK/, '$1INFO');
      const res = await upload(file);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().statement).toMatchObject({ entry_count: 1, credits_total: booked.total });
      const listed = await entries(res.json().statement.id);
      expect(listed.map((e) => e.payment_id)).toEqual([booked.id]);
      // The booked credit of .08 took its payment: in .02 it claims it too (contested); the others claim nothing.
      expect(listed.map((e) => e.match_state)).toEqual([version === '08' ? 'matched' : 'contested']);
    }
    const claimed = await rows<{ n: number }>(
      sql`select count(*)::int as n from bank_entries where claimed_payment_id in (${pending.id}, ${info.id})`,
    );
    expect(claimed[0]!.n).toBe(0);
    await refused(camt053(draft([credit(takePaid())])).replace(/<Sts><Cd>BOOK<\/Cd><\/Sts>/, ''), m.entryStatus(1));
  });

  it('knows a statement by its account, number and period: other bytes of it are the statement kept', async () => {
    const payment = takePaid();
    const statement = draft([credit(payment)]);
    const file = camt053(statement);
    const first = await upload(file);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().statement.id as number;
    const [statements, kept] = [await count('bank_statements'), await count('bank_entries')];
    const again = [
      `${file}\n`,
      file.replace(/<CreDtTm>[^<]*<\/CreDtTm>/, '<CreDtTm>2031-01-01T08:00:00</CreDtTm>'),
      file.replace(/<MsgId>[^<]*<\/MsgId>/, '<MsgId>REDOWNLOAD-7</MsgId>'),
    ];
    for (const variant of again) {
      const res = await upload(variant);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ already_imported: true, statement: { id, credits_total: payment.total } });
    }
    expect([await count('bank_statements'), await count('bank_entries')]).toEqual([statements, kept]);
    expect((await entries(id)).map((e) => [e.match_state, e.payment_id])).toEqual([['matched', payment.id]]);

    // The same account, number and period with other money is not the same statement: refused.
    const changed = [{ ...credit(payment), amount: '999.99' }];
    const other = camt053({ ...statement, entries: changed, closing: closingOf(statement.opening, changed) });
    const conflict = await upload(other);
    expect(conflict.statusCode, conflict.body).toBe(409);
    expect(conflict.json().detail).toBe(m.otherContent(first.json().statement.number));

    // The account's number again with its period moved a day (the account written with spaces): refused naming the
    // period kept, nothing stored; the number restarted years later is another statement.
    for (const moved of [
      { ...statement, from: '2020-01-02' },
      { ...statement, account: 'az21 nabz 0000 0000 1370 1000 1944', to: '2030-12-30' },
    ]) {
      const res = await upload(camt053(moved));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toBe(m.numberOtherPeriod(statement.number, '01.01.2020–31.12.2030'));
    }
    expect([await count('bank_statements'), await count('bank_entries')]).toEqual([statements, kept]);
    // And the other way round: a statement kept with its account written with spaces is the account's too.
    const spaced = { ...draft([]), account: 'AZ21 NABZ 0000 0000 1370 1000 1955', number: 'SPACED-1' };
    expect((await upload(camt053(spaced))).statusCode).toBe(201);
    const unspaced = await upload(camt053({ ...spaced, account: 'AZ21NABZ00000000137010001955', from: '2020-01-02' }));
    expect(unspaced.statusCode, unspaced.body).toBe(409);
    const later = await upload(
      camt053({ ...draft([]), number: statement.number, from: '2032-01-01', to: '2032-01-31' }),
    );
    expect(later.statusCode, later.body).toBe(201);

    // A CSV with no number is known by its entries too: another credit is another statement, the same one is not.
    const unnumbered = (reference: string) =>
      [
        'type;date;amount;reference',
        'opening;2026-02-01;0.00;',
        `credit;2026-02-02;10.00;${reference}`,
        'closing;2026-02-28;10.00;',
      ].join('\n');
    expect((await upload(unnumbered('NONE-1'))).statusCode).toBe(201);
    expect((await upload(unnumbered('NONE-2'))).statusCode).toBe(201);
    expect((await upload(`${unnumbered('NONE-2')}\n`)).json()).toMatchObject({ already_imported: true });

    // Two uploads of one statement at once, in two byte forms: stored once.
    const twin = camt053(draft([credit(takePaid())]));
    const answers = await Promise.all([upload(twin), upload(`${twin}\n\n`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json().statement.id)).size).toBe(1);
  });

  it('decodes camt texts once, removes bidi controls, caps every text at 140 characters', async () => {
    const payment = takePaid();
    const file = camt053(
      draft([
        { ...credit(payment), payerName: 'A & B', reference: `${payment.receipt}` },
        {
          ...credit(takePaid()),
          reference: 'NO-SUCH\u202Etxt.exe',
          payerCode: '',
          payerName: 'x'.repeat(15 * 2 ** 20),
        },
      ]),
    )
      .replace('A &amp; B', 'A &amp; B &amp;amp; &#x41;&#66;\u200B')
      .replace('NO-SUCH', 'NO&#x2066;-SUCH');
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = await entries(res.json().statement.id);
    expect(first!.payer_name).toBe('A & B &amp; AB');
    expect(first!.match_state).toBe('matched');
    expect(second!.reference).toBe('NO-SUCHtxt.exe');
    expect(second!.payer_name).toBe('x'.repeat(140));
    const differences = await t.app.inject({
      method: 'GET',
      url: '/api/bank-statements/differences/?per_page=100',
      headers: admin,
    });
    expect(differences.statusCode).toBe(200);
    expect(differences.body.length).toBeLessThan(100_000);

    const longName = mt940(draft([{ ...credit(takePaid()), reference: 'R'.repeat(300), payerName: 'N'.repeat(300) }]));
    const mt = await upload(longName);
    expect(mt.statusCode, mt.body).toBe(201);
    const [line] = await entries(mt.json().statement.id);
    expect([line!.reference.length, line!.payer_name.length]).toEqual([140, 140]);

    // A person's reason keeps no bidi control either.
    const reason = await resolve(second!.id, { action: 'not_ours', reason: '\u202EBaşqa idarənin\u2069 ödənişi' });
    expect(reason.statusCode, reason.body).toBe(200);
    expect(reason.json().resolution_reason).toBe('Başqa idarənin ödənişi');
    expect((await resolve(first!.id, { action: 'not_ours', reason: '\u202E\u2066' })).json()).toEqual({
      reason: [m.reasonRequired],
    });
  });

  it('refuses a camt text with an entity XML does not know, a bare & or a reference to no character, naming it', async () => {
    const base = camt053(draft([{ ...credit(takePaid()), payerName: 'A & B' }]));
    for (const [written, detail] of [
      ['A&nbsp;B', m.xmlEntity('nbsp')],
      ['A &lol; B', m.xmlEntity('lol')],
      ['A & B', m.xmlBroken],
      ['A &#0; B', m.xmlBroken],
      ['A &#xD800; B', m.xmlBroken],
    ] as const) {
      const res = await upload(base.replace('A &amp; B', written));
      expect(res.statusCode, written).toBe(400);
      expect(res.json().file, written).toEqual([detail]);
    }
  });

  it('leaves a link of another amount a difference until a person accepts it with a reason, audited', async () => {
    const [big, exact] = [takePaid(), takePaid()];
    const res = await upload(
      statementCsv(
        draft([
          { ...credit(big, '3.00'), reference: 'typo', payerCode: '' },
          { ...credit(exact), reference: 'typo-2', payerCode: '' },
        ]),
      ),
    );
    const [short, same] = await entries(res.json().statement.id);
    expect((await resolve(short!.id, { action: 'accept_difference', reason: 'x' })).json()).toEqual({
      detail: m.notDiffering,
    });
    const linked = await resolve(short!.id, { action: 'link', payment_id: big.id, reason: 'Qəbz səhv yazılıb' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ match_state: 'amount_differs', payment_id: big.id });
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/bank-statements/differences/?kind=amount_differs&per_page=100',
      headers: admin,
    });
    expect(open.json().results.map((d: { entry_id: number }) => d.entry_id)).toContain(short!.id);
    // Linked by a person: only its difference may be accepted now, not another link.
    const relink = await resolve(short!.id, { action: 'link', payment_id: exact.id, reason: 'x' });
    expect(relink.statusCode).toBe(409);
    expect(relink.json().detail).toBe(m.resolvedMeanwhile);
    expect((await resolve(short!.id, { action: 'accept_difference', reason: ' ' })).statusCode).toBe(400);
    const accepted = await resolve(short!.id, { action: 'accept_difference', reason: 'Qalanı nağd ödənilib' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const difference = (BigInt(big.total.replace('.', '')) - 300n).toString().replace(/(\d\d)$/, '.$1');
    expect(accepted.json()).toMatchObject({
      match_state: 'matched',
      payment_id: big.id,
      accepted_difference: difference,
      resolution_reason: 'Qalanı nağd ödənilib',
    });
    const audit = await rows<{ state: string; difference: string | null }>(
      sql`select changes->'match_state'->>'after' as state, changes->'accepted_difference'->>'after' as difference
        from audit_log where resource = 'bankstatement' and record_id = ${String(short!.id)} order by id`,
    );
    expect(audit.map((a) => [a.state, a.difference])).toEqual([
      ['amount_differs', null],
      ['matched', difference],
    ]);
    const sameAmount = await resolve(same!.id, { action: 'link', payment_id: exact.id, reason: 'Qəbz səhv' });
    expect(sameAmount.json()).toMatchObject({ match_state: 'matched', accepted_difference: null });
  });

  it('matches, on its next upload, a kept statement whose matching never ran', async () => {
    const payment = takePaid();
    const file = mt940(draft([credit(payment)]));
    const first = await upload(file);
    const id = first.json().statement.id as number;
    // As a statement kept before issue 56 by an upload that stopped between storing and matching.
    await t.database.db.execute(sql`update bank_statements set matched_at = null where id = ${id}`);
    await t.database.db.execute(
      sql`delete from bank_links where entry_id in (select id from bank_entries where statement_id = ${id})`,
    );
    await t.database.db.execute(
      sql`update bank_entries set match_state = 'no_payment', payment_id = null, claimed_payment_id = null
        where statement_id = ${id}`,
    );
    const again = await upload(`${file}\r\n`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ already_imported: true, statement: { id, states: { matched: 1 } } });
    expect((await entries(id)).map((e) => e.payment_id)).toEqual([payment.id]);
    const [row] = await rows<{ done: boolean }>(
      sql`select matched_at is not null as done from bank_statements where id = ${id}`,
    );
    expect(row!.done).toBe(true);
  });
});
