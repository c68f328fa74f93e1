import { randomUUID } from 'node:crypto';
import { checkAnswerLabels, inspectMessages, maxChecksPerBatch, type FnHistoryEntry } from '@dnx/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectChecks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { roomyLimits } from './inspect-test-kit';

describe('the checks a phone sends', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: roomyLimits });
    k = await fnKit(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const post = (checks: object[], headers = k.as.inspector.headers) =>
    t.app.inject({ method: 'POST', url: '/api/inspect/checks/', headers, payload: { checks } });
  const check = (series: string, number: string, overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    series,
    number,
    checkedAt: new Date().toISOString(),
    answer: 'valid',
    source: 'scan',
    snapshotAt: new Date(Date.now() - 60_000).toISOString(),
    location: { lat: '40.6828', lon: '46.3606', accuracy: 13 },
    ...overrides,
  });
  const auditRows = async (ids: string[]) =>
    k.count(
      sql`select count(*)::int as n from audit_log where detail->>'inspect_check' in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const history = async (formId: number) =>
    (await k.request('GET', `/api/fn/forms/${formId}/history/`, k.as.central)).json().results as FnHistoryEntry[];

  it("records each check once, into the form's history and the audit trail; sent again, nothing new", async () => {
    const { forms } = await k.payForms('1234567891', 1);
    const scanned = check(forms[0]!.series, forms[0]!.number);
    const typed = check('ZZZ', '999999', { answer: 'unknown', source: 'typed', location: null, snapshotAt: null });
    const first = await post([scanned, typed]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      recorded: [scanned.id, typed.id],
      duplicates: [],
      refused: [],
      serverTime: expect.any(String),
    });
    const again = await post([scanned, typed]);
    expect(again.json()).toMatchObject({ recorded: [], duplicates: [scanned.id, typed.id], refused: [] });

    // An id in upper case is the same id: recorded (and answered) in lower case, audited, a duplicate when sent again.
    const upper = check('ZZZ', '999998', { id: randomUUID().toUpperCase(), answer: 'unknown', source: 'typed' });
    const id = upper.id.toLowerCase();
    expect((await post([upper])).json()).toMatchObject({ recorded: [id], duplicates: [], refused: [] });
    expect(await auditRows([id])).toBe(1);
    expect((await post([upper])).json()).toMatchObject({ recorded: [], duplicates: [id], refused: [] });
    const reused = await post([{ ...upper, answer: 'not_genuine' }], k.as.operator.headers);
    expect(reused.json()).toMatchObject({
      recorded: [],
      duplicates: [],
      refused: [{ id, detail: inspectMessages.checkIdTaken }],
    });

    const rows = await t.database.db
      .select()
      .from(inspectChecks)
      .where(inArray(inspectChecks.id, [scanned.id, typed.id]));
    expect(rows).toHaveLength(2);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(scanned.id)).toMatchObject({
      formId: forms[0]!.id,
      inspectorId: k.as.inspector.userId,
      answer: 'valid',
      latitude: '40.6828000',
      accuracy: 13,
    });
    expect(byId.get(typed.id)).toMatchObject({ formId: null, series: 'ZZZ', number: 999_999, latitude: null });
    expect(await auditRows([scanned.id, typed.id])).toBe(2);

    const entries = (await history(forms[0]!.id)).filter((e) => e.movement === 'check');
    expect(entries).toEqual([
      expect.objectContaining({
        movement: 'check',
        actor: k.as.inspector.userId,
        actor_email: 'inspector@demo.az',
        at: scanned.checkedAt,
        reason: checkAnswerLabels.valid,
        after: expect.objectContaining({
          check: scanned.id,
          answer: 'valid',
          source: 'scan',
          location: scanned.location,
        }),
      }),
    ]);
    // Among the ledger's movements by time: after the payment.
    const movements = (await history(forms[0]!.id)).map((e) => e.movement);
    expect(movements.indexOf('check')).toBeGreaterThan(movements.indexOf('pay'));
  });

  it('records a batch once when two posts of it race', async () => {
    const { forms } = await k.payForms('1234567891', 1);
    const batch = Array.from({ length: 20 }, (_, i) =>
      check(forms[0]!.series, forms[0]!.number, { checkedAt: new Date(Date.now() - i * 1000).toISOString() }),
    );
    const ids = batch.map((c) => c.id);
    const [a, b] = await Promise.all([post(batch), post(batch)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const recorded = [...a.json().recorded, ...b.json().recorded];
    const duplicates = [...a.json().duplicates, ...b.json().duplicates];
    expect([...recorded].sort()).toEqual([...ids].sort());
    expect([...duplicates].sort()).toEqual([...ids].sort());
    expect(await t.database.db.$count(inspectChecks, inArray(inspectChecks.id, ids))).toBe(20);
    expect(await auditRows(ids)).toBe(20);
    expect((await history(forms[0]!.id)).filter((e) => e.movement === 'check')).toHaveLength(20);
  });

  it('refuses a bad batch with a clear message, and a request without a session', async () => {
    const one = check('AB', '000001');
    const tooMany = await post(Array.from({ length: maxChecksPerBatch + 1 }, () => one));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ checks: [inspectMessages.tooManyChecks(maxChecksPerBatch)] });
    const bad = await post([
      { ...one, id: 'not-a-uuid', answer: 'fine', location: { lat: '100', lon: '0', accuracy: 1 } },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      'checks.0.id': [inspectMessages.checkIdInvalid],
      'checks.0.answer': [inspectMessages.answerInvalid],
      'checks.0.location.lat': [inspectMessages.locationInvalid],
    });
    const empty = await post([]);
    expect(empty.json()).toEqual({ checks: [inspectMessages.checksRequired] });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/inspect/checks/', payload: { checks: [one] } });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.database.db.$count(inspectChecks, eq(inspectChecks.id, one.id))).toBe(0);
  });
});
