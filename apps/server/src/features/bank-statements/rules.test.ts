import { bankRuleMessages as m } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bankTestKit } from './bank-test-kit';
import { statementCsv } from './statement-files';

/**
 * An administrator's rules for a bank's odd layout (issue 57): a pattern with a named group, tried on the last
 * statement before it is saved (nothing kept), then applied to the account's open credits and to its next uploads;
 * refused when it cannot work or could run away; written by administrators only, audited.
 */
describe("administrators' matching rules", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let kit: ReturnType<typeof bankTestKit>;
  const account = 'AZ21NABZ00000000137010001944';

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = (await signInAs(t, 'admin@demo.az')).headers;
    kit = bankTestKit(t, () => admin, 'RL');
    await kit.reset();
  });
  afterAll(async () => t?.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('tries a rule on the last statement without keeping anything, then saving it links the open credits', async () => {
    // The bank glues a code of its own before the receipt: the defaults read `X9BNK…` as another word.
    const payments = [kit.takePaid(), kit.takePaid()];
    const linked = kit.takePaid();
    const statement = await kit.upload(
      statementCsv(
        kit.draft([
          ...payments.map((p) => kit.freeCredit(p, `X9${p.receipt}`, { freeText: false, payerCode: '' })),
          kit.freeCredit(linked, linked.receipt, { freeText: false }),
        ]),
      ),
    );
    const states = async () => (await kit.entriesOf(statement.id)).map((e) => e.match_state);
    expect((await states()).filter((state) => state === 'no_payment')).toHaveLength(2);
    const rule = { account: 'az21 nabz 0000 0000 1370 1000 1944', pattern: 'X9(?<receipt>[A-Z0-9-]+)' };
    const tried = await send('POST', '/api/bank-rules/dry-run/', rule);
    expect(tried.statusCode, tried.body).toBe(200);
    expect(tried.json()).toEqual({
      statement_id: statement.id,
      statement_number: expect.any(String),
      more: 2,
      differently: 0,
      fewer: 0,
    });
    expect((await states()).filter((state) => state === 'no_payment')).toHaveLength(2);
    expect(await kit.rows(sql`select 1 from bank_match_rules`)).toEqual([]);

    const saved = await send('POST', '/api/bank-rules/', rule);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ account, pattern: rule.pattern, position: 1, created_by: 'admin@demo.az' });
    expect(
      (await kit.entriesOf(statement.id))
        .filter((e) => e.match_state === 'matched')
        .map((e) => e.links[0]!.payment_id)
        .sort(),
    ).toEqual([...payments.map((p) => p.id), linked.id].sort());
    const audited = await kit.rows<{ action: string }>(
      sql`select action from audit_log where resource = 'bankstatement' and record_id = ${`rule-${saved.json().id}`}`,
    );
    expect(audited).toEqual([{ action: 'create' }]);

    // The next upload of the account reads its texts with the rule too.
    const later = kit.takePaid();
    const next = await kit.upload(
      statementCsv(kit.draft([kit.freeCredit(later, `X9${later.receipt}`, { freeText: false, payerCode: '' })])),
    );
    expect((await kit.entriesOf(next.id))[0]).toMatchObject({ match_state: 'matched', payment_id: later.id });
    const listed = await send('GET', `/api/bank-rules/?account=${account}`);
    expect(listed.json().results).toHaveLength(1);
    expect((await send('DELETE', `/api/bank-rules/${saved.json().id}/`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/bank-rules/${saved.json().id}/`)).statusCode).toBe(404);
  });

  it('refuses a pattern that names no group, does not compile, or could backtrack without end; only administrators write', async () => {
    const refused = async (pattern: string) =>
      (await send('POST', '/api/bank-rules/dry-run/', { account, pattern })).json();
    expect(await refused('QEBZ (\\d+)')).toEqual({ pattern: [m.groupRequired] });
    expect((await refused('(?<receipt>[')).pattern[0]).toMatch(/^İfadə düzgün deyil: /);
    expect(await refused('(?<receipt>(a+)+)$')).toEqual({ pattern: [m.patternUnsafe] });
    expect(await refused('x'.repeat(201))).toHaveProperty('pattern');
    const none = await send('POST', '/api/bank-rules/dry-run/', {
      account: 'AZ00NONE',
      pattern: '(?<voen>\\d{10})',
    });
    expect(none.json()).toEqual({ account: [m.noStatement] });
    const central = (await signInAs(t, 'central@demo.az')).headers;
    expect((await send('POST', '/api/bank-rules/', { account, pattern: '(?<voen>\\d{10})' }, central)).statusCode).toBe(
      403,
    );
    expect((await send('GET', '/api/bank-rules/', undefined, central)).statusCode).toBe(200);
  });
});
