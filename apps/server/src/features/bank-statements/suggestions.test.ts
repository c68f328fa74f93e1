import { bankStatementMessages as m, type BankSuggestion } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bankTestKit, sumOf } from './bank-test-kit';
import { linkRecentCredits } from './matching';
import { camt053, latinOf, mt940, statementCsv } from './statement-files';

/**
 * What the automatic links leave (issue 57): ranked suggestions with their evidence, a person's confirmation,
 * rejection and undo (audited), parts and combined links, what confirmations teach, bulk confirmation and the credit
 * that came before its payment was paid. On both databases.
 */
describe('bank suggestions and resolutions', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let kit: ReturnType<typeof bankTestKit>;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az', { steppedUp: true })).headers;
    kit = bankTestKit(t, () => admin, 'SG');
    await kit.reset();
  });
  afterAll(async () => t?.close());

  const suggestions = async (entryId: number, q?: string) => {
    const query = q === undefined ? '' : `?q=${encodeURIComponent(q)}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bank-statements/entries/${entryId}/suggestions/${query}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as BankSuggestion[];
  };
  const resolve = (entryId: number, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/bank-statements/entries/${entryId}/resolve/`,
      headers: admin,
      payload,
    });
  const audits = (entryId: number) =>
    kit.rows<{ changes: Record<string, unknown>; detail: { action: string } }>(sql`
      select changes, detail from audit_log where resource = 'bankstatement' and record_id = ${String(entryId)}
      order by id`);
  const oneCredit = async (file: string) => (await kit.entriesOf((await kit.upload(file)).id))[0]!;

  it('suggests a named receipt of another amount as a part, with its residual and evidence; parts add up to the total', async () => {
    const payment = kit.takePaid();
    const half = '0.01';
    const rest = sumOf(payment.total, '-0.01');
    const first = await oneCredit(
      camt053(kit.draft([kit.freeCredit(payment, `ödəniş ${payment.receipt}`, { amount: half })])),
    );
    expect(first.match_state).toBe('amount_differs');
    const [best] = await suggestions(first.id);
    expect(best).toMatchObject({
      kind: 'receipt_other_amount',
      action: 'link_part',
      residual: rest,
      payment: { id: payment.id, credited: '0.00' },
      evidence: { text: `ödəniş ${payment.receipt}`, amount: half, days_apart: 0 },
    });
    expect(best!.score).toBe(85);
    const part = await resolve(first.id, { action: 'link_part', payment_id: payment.id, reason: 'birinci hissə' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ match_state: 'matched', payment_id: payment.id });
    expect(part.json().links).toMatchObject([{ payment_id: payment.id, amount: half, whole: false, rule: 'person' }]);

    const second = await oneCredit(
      mt940(kit.draft([kit.freeCredit(payment, `qalan ${payment.receipt}`, { amount: rest, bankReference: 'rest' })])),
    );
    const [completing] = await suggestions(second.id);
    expect(completing).toMatchObject({ action: 'link_part', residual: '0.00', payment: { credited: half } });
    const tooMuch = await oneCredit(
      statementCsv(
        kit.draft([kit.freeCredit(payment, payment.receipt, { amount: sumOf(rest, '0.01'), bankReference: 'over' })]),
      ),
    );
    const refused = await resolve(tooMuch.id, { action: 'link_part', payment_id: payment.id, reason: 'artıq' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ payment_id: [m.partTooLarge(rest)] });
    expect(
      (await resolve(second.id, { action: 'link_part', payment_id: payment.id, reason: 'qalan' })).statusCode,
    ).toBe(200);
    const credited = await kit.rows<{ sum: string }>(
      sql`select sum(amount)::text as sum from bank_links where payment_id = ${payment.id}`,
    );
    expect(credited[0]!.sum).toBe(payment.total);
    // Credited in full, the payment is a part of nothing more: the third credit's suggestion says paid twice.
    const [after] = await suggestions(tooMuch.id);
    expect(after).toMatchObject({ kind: 'paid_twice', action: null, duplicate_of_entry_id: first.id });
  });

  it('takes two parts of one payment at once only up to its total: one 200, one 400, one link', async () => {
    const payment = kit.takePaid();
    const part = sumOf(payment.total, '-0.01');
    const statement = await kit.upload(
      camt053(
        kit.draft(
          ['a', 'b'].map((tag) =>
            kit.freeCredit(payment, `hissə ${tag}`, { amount: part, payerCode: '', bankReference: `part-${tag}` }),
          ),
        ),
      ),
    );
    const credits = await kit.entriesOf(statement.id);
    const answers = await Promise.all(
      credits.map((c) => resolve(c.id, { action: 'link_part', payment_id: payment.id, reason: 'eyni anda' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const links = await kit.rows<{ amount: string }>(
      sql`select amount::text as amount from bank_links where payment_id = ${payment.id}`,
    );
    expect(links).toEqual([{ amount: part }]);
  });

  it('suggests a receipt one edit away for the same amount; a rejection is audited and not suggested again', async () => {
    const payment = kit.takePaid();
    // One letter changed, so that the typo is no other payment's receipt.
    const typo = `X${payment.receipt.slice(1)}`;
    const credit = await oneCredit(
      statementCsv(kit.draft([kit.freeCredit(payment, `qəbz ${typo}`, { freeText: false })])),
    );
    expect(credit.match_state).toBe('no_payment');
    const found = await suggestions(credit.id);
    const near = found.find((s) => s.payment.id === payment.id);
    expect(near).toMatchObject({ kind: 'receipt_one_edit', action: 'link', evidence: { text: `qəbz ${typo}` } });
    const rejected = await resolve(credit.id, { action: 'reject', payment_id: payment.id });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await suggestions(credit.id)).some((s) => s.payment.id === payment.id)).toBe(false);
    expect((await audits(credit.id)).map((a) => a.detail.action)).toEqual(['reject']);
    // A person may still find it by a search and link it: the rejection gives way.
    const searched = await suggestions(credit.id, payment.receipt);
    expect(searched.map((s) => s.payment.id)).toContain(payment.id);
    expect(
      (await resolve(credit.id, { action: 'link', payment_id: payment.id, reason: 'yazı səhvi' })).statusCode,
    ).toBe(200);
    expect(await kit.rows(sql`select 1 from bank_rejections where entry_id = ${credit.id}`)).toEqual([]);
  });

  it('suggests the payer by name across transliteration with the amount, and flags a receipt paid twice', async () => {
    const payment = await kit.loneOfItsAmount();
    const written = latinOf(payment.name);
    const twice = kit.takePaid();
    const statement = await kit.upload(
      camt053(
        kit.draft([
          kit.freeCredit(payment, 'vergi', { payerName: written }),
          kit.freeCredit(twice, twice.receipt, { bankReference: 'first' }),
        ]),
      ),
    );
    const again = await oneCredit(camt053(kit.draft([kit.freeCredit(twice, `təkrar ${twice.receipt}`)])));
    const [byName, first] = await kit.entriesOf(statement.id);
    const second = again;
    expect(byName!.match_state).toBe('no_payment');
    const [best] = await suggestions(byName!.id);
    expect(best).toMatchObject({
      kind: 'payer_name',
      payment: { id: payment.id },
      evidence: { field: 'payer_name', payer_rule: 'payer_name' },
    });
    expect(first!.match_state).toBe('matched');
    expect(first!.links[0]).toMatchObject({ rule: 'receipt', evidence: { text: twice.receipt, days_apart: 0 } });
    expect(second).toMatchObject({ match_state: 'contested', paid_twice_of: first!.id });
    expect((await suggestions(second!.id))[0]).toMatchObject({ kind: 'paid_twice', duplicate_of_entry_id: first!.id });
  });

  it('undoes an automatic link with a reason, audited, and no pass links it there again', async () => {
    const payment = kit.takePaid();
    const credit = await oneCredit(camt053(kit.draft([kit.freeCredit(payment, payment.receipt)])));
    expect(credit.match_state).toBe('matched');
    // One entry as the list gives it, links and evidence included; none there is a 404.
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/bank-statements/entries/${credit.id}/detail/`,
      headers: admin,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(credit);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/bank-statements/entries/999999/detail/',
      headers: admin,
    });
    expect(none.statusCode).toBe(404);
    const missing = await resolve(credit.id, { action: 'undo' });
    expect(missing.json()).toEqual({ reason: [m.reasonRequired] });
    const undone = await resolve(credit.id, { action: 'undo', reason: 'başqa ödəyicinin pulu' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ match_state: 'no_payment', payment_id: null, links: [] });
    const [row] = await audits(credit.id);
    expect(row!.detail.action).toBe('undo');
    expect(row!.changes).toMatchObject({ match_state: { before: 'matched', after: 'no_payment' } });
    await t.database.db.transaction((tx) => linkRecentCredits(tx, 100_000, 10));
    expect((await kit.entriesOf(credit.statement_id))[0]!.match_state).toBe('no_payment');
    expect((await suggestions(credit.id)).some((s) => s.payment.id === payment.id)).toBe(false);
    expect((await resolve(credit.id, { action: 'undo', reason: 'yenə' })).json()).toEqual({ detail: m.nothingToUndo });
  });

  it('links one credit to several payments only when they add up', async () => {
    const a = await kit.loneOfItsAmount();
    const b = kit.near(a);
    const account = 'AZ77IBAZ38090019441111111111';
    const credit = await oneCredit(
      statementCsv(
        kit.draft([
          kit.freeCredit(a, 'iki ödəniş', { amount: sumOf(a.total, b.total), payerAccount: account, freeText: false }),
        ]),
      ),
    );
    const short = await resolve(credit.id, { action: 'link', payment_ids: [a.id, kit.takePaid().id], reason: 'x' });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json())).toEqual(['payment_ids']);
    const both = await resolve(credit.id, { action: 'link', payment_ids: [b.id, a.id], reason: 'birləşmiş köçürmə' });
    expect(both.statusCode, both.body).toBe(200);
    expect(
      both
        .json()
        .links.map((l: { payment_id: number }) => l.payment_id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(both.json().match_state).toBe('matched');
    expect(both.json().payer_account).toBe(account);
    expect(both.json().texts).toEqual([{ field: 'reference', text: 'iki ödəniş' }]);
    // Filtered by why it is linked: a person's links, never the receipt's.
    const byRule = async (rule: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bank-statements/${credit.statement_id}/entries/?rule=${rule}`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().results as { id: number }[]).map((e) => e.id);
    };
    expect(await byRule('person')).toEqual([credit.id]);
    expect(await byRule('receipt')).toEqual([]);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/bank-statements/${credit.statement_id}/entries/?rule=guess`,
      headers: admin,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('matches by an account learnt from a confirmation, and a credit whose payment is paid after it came', async () => {
    const taught = await kit.loneOfItsAmount();
    const account = 'AZ55PAHA00000000000000000123';
    const first = await oneCredit(
      statementCsv(kit.draft([kit.freeCredit(taught, 'vergi', { payerAccount: account, freeText: false })])),
    );
    expect(first.match_state).toBe('no_payment');
    expect((await resolve(first.id, { action: 'link', payment_id: taught.id, reason: 'yoxlandı' })).statusCode).toBe(
      200,
    );
    const learnt = await kit.rows<{ voen: string }>(
      sql`select voen from bank_payer_accounts where account = ${account}`,
    );
    expect(learnt).toEqual([{ voen: taught.voen }]);
    // The account is payer evidence from now on: a credit from it of another amount suggests the payer's payment.
    const fromAccount = await oneCredit(
      statementCsv(
        kit.draft([
          kit.freeCredit(taught, 'vergi', {
            payerAccount: account,
            freeText: false,
            amount: '0.03',
            bankReference: 'acct',
          }),
        ]),
      ),
    );
    expect((await suggestions(fromAccount.id)).find((s) => s.evidence.payer_rule === 'learnt_account')).toMatchObject({
      kind: 'payer_voen_other_amount',
      evidence: { field: 'payer_account', text: account },
    });
    // A credit naming a receipt not paid yet waits; paying the payment links it in the payment's transaction.
    const [awaiting] = await kit.rows<{ id: number; total: string }>(sql`
      select id, total::text as total from payments
      where status = 2 and mdssh_number <> '' and itsda_number <> '' and total > 0 order by id limit 1`);
    const receipt = `LATE-${Date.now()}`;
    const today = new Date().toISOString().slice(0, 10);
    const waiting = await oneCredit(
      camt053(
        kit.draft([
          {
            date: today,
            direction: 'credit',
            amount: awaiting!.total,
            reference: `qəbz ${receipt}`,
            bankReference: 'late',
          },
        ]),
      ),
    );
    expect(waiting.match_state).toBe('no_payment');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${awaiting!.id}/pay/`,
      headers: admin,
      payload: { payment_receipt_number: receipt, payment_receipt_date: today },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [now] = await kit.rows<{ match_state: string; payment_id: number }>(
      sql`select match_state, payment_id from bank_entries where id = ${waiting.id}`,
    );
    expect(now).toEqual({ match_state: 'matched', payment_id: awaiting!.id });
  });

  it('confirms in bulk the best suggestions above a score, each audited, and finds payments by a search', async () => {
    const payments = [await kit.loneOfItsAmount(), await kit.loneOfItsAmount()];
    const statement = await kit.upload(
      camt053(
        kit.draft(payments.map((p, i) => kit.freeCredit(p, 'vergi', { payerName: p.name, bankReference: `b${i}` }))),
      ),
    );
    const open = await kit.entriesOf(statement.id);
    expect(open.map((e) => e.match_state)).toEqual(['no_payment', 'no_payment']);
    const bulk = await t.app.inject({
      method: 'POST',
      url: `/api/bank-statements/${statement.id}/confirm-suggestions/`,
      headers: admin,
      payload: { min_score: 60, reason: 'toplu təsdiq' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ confirmed: 2, skipped: 0 });
    expect((await kit.entriesOf(statement.id)).map((e) => e.payment_id)).toEqual(payments.map((p) => p.id));
    for (const entry of open) expect((await audits(entry.id)).map((a) => a.detail.action)).toEqual(['link']);

    const other = kit.takePaid();
    const credit = await oneCredit(
      statementCsv(kit.draft([kit.freeCredit(other, 'heç nə', { amount: '0.07', freeText: false })])),
    );
    const byReceipt = await suggestions(credit.id, other.receipt.toLowerCase());
    expect(byReceipt[0]).toMatchObject({ payment: { id: other.id }, kind: 'search', action: 'link_part' });
    const byVoen = await suggestions(credit.id, other.voen);
    expect(byVoen.map((s) => s.payment.id)).toContain(other.id);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/bank-statements/entries/999999/suggestions/',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
