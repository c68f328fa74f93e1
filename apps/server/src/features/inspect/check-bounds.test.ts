import { randomUUID } from 'node:crypto';
import { inspectMessages as m, maxChecksOfMarkPerDay, type FnHistoryEntry } from '@dnx/shared';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectChecks } from '../../db/schema';
import type { SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { roomyLimits } from './inspect-test-kit';

/** The checks' bounds (issue 56): the inspector's regions, the check's times, and how many of one mark a day. */
describe('the bounds of the checks a phone sends', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: roomyLimits });
    k = await fnKit(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const post = (who: SignedIn, checks: object[]) =>
    t.app.inject({ method: 'POST', url: '/api/inspect/checks/', headers: who.headers, payload: { checks } });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const check = (form: { series: string; number: string }, overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    series: form.series,
    number: form.number,
    checkedAt: minutesAgo(1),
    answer: 'valid',
    source: 'scan',
    snapshotAt: minutesAgo(30),
    location: null,
    ...overrides,
  });
  const history = async (formId: number, query = '') =>
    (await k.request('GET', `/api/fn/forms/${formId}/history/${query}`, k.as.central)).json() as {
      count: number;
      next: string | null;
      previous: string | null;
      results: FnHistoryEntry[];
    };
  const stored = async (ids: string[]) => t.database.db.$count(inspectChecks, inArray(inspectChecks.id, ids));
  const audited = async (ids: string[]) =>
    k.count(
      sql`select count(*)::int as n from audit_log where detail->>'inspect_check' in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );

  /** A form of a new accepted batch of Bakı. */
  async function bakuForm() {
    const operator = await k.userOf('operator', k.baku);
    const batch = await k.createBatch({
      series: k.freshSeries(),
      finish_number: '000001',
      region: k.baku,
      operator: operator.userId,
    });
    const accepted = await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, operator);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const forms = (await k.request('GET', `/api/fn/forms/?batch=${batch.id}`, k.as.central)).json().results;
    return forms[0] as { id: number; series: string; number: string };
  }

  it("refuses a check of another region's mark, writing nothing; a national user checks any region", async () => {
    const form = await bakuForm();
    const before = await history(form.id);
    const ganja = check(form, { answer: 'not_genuine' });
    const res = await post(k.as.inspector, [ganja]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      recorded: [],
      duplicates: [],
      refused: [{ id: ganja.id, detail: m.checkOutsideRegion }],
    });
    expect(await history(form.id)).toEqual(before);
    expect(await stored([ganja.id])).toBe(0);
    expect(await audited([ganja.id])).toBe(0);

    const bakuInspector = await k.userOf('inspector', k.baku);
    const own = check(form);
    const national = check(form);
    expect((await post(bakuInspector, [own])).json().recorded).toEqual([own.id]);
    expect((await post(k.as.central, [national])).json().recorded).toEqual([national.id]);
    expect((await history(form.id)).results.filter((e) => e.movement === 'check')).toHaveLength(2);
    // A number of no form is recorded with none: it is in no form's history.
    const forged = check({ series: 'QQ', number: '999998' }, { answer: 'unknown' });
    expect((await post(k.as.inspector, [forged])).json().recorded).toEqual([forged.id]);
  });

  it('refuses a check dated in the future, past the maximum age, or after its snapshot, each with its reason', async () => {
    const { forms } = await k.payForms('1234567891', 1);
    const form = forms[0]!;
    const cases = [
      [check(form, { checkedAt: '1900-01-01T00:00:00.000Z', snapshotAt: null }), m.checkedAtTooOld('12')],
      [check(form, { checkedAt: '2099-01-01T00:00:00.000Z' }), m.checkedAtFuture],
      [check(form, { checkedAt: '2099-01-01T00:00:00.000Z', answer: 'not_genuine' }), m.checkedAtFuture],
      [check(form, { checkedAt: minutesAgo(-6) }), m.checkedAtFuture],
      [check(form, { checkedAt: minutesAgo(12 * 60 + 1) }), m.checkedAtTooOld('12')],
      [check(form, { checkedAt: minutesAgo(10), snapshotAt: minutesAgo(4) }), m.snapshotAfterCheck],
    ] as const;
    // Within the bounds: a phone's clock 4 minutes ahead, a check of 11 hours ago, a snapshot a minute after its check.
    const fine = [
      check(form, { checkedAt: minutesAgo(-4), snapshotAt: minutesAgo(-3) }),
      check(form, { checkedAt: minutesAgo(11 * 60), snapshotAt: null }),
      check(form, { checkedAt: minutesAgo(10), snapshotAt: minutesAgo(9) }),
    ];
    const res = await post(k.as.inspector, [...cases.map(([c]) => c), ...fine]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.refused).toEqual(cases.map(([c, detail]) => ({ id: c.id, detail })));
    expect(body.recorded).toEqual(fine.map((c) => c.id));
    expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(60_000);
    expect(await stored(cases.map(([c]) => c.id))).toBe(0);
    const answers = (await history(form.id)).results.filter((e) => e.movement === 'check').map((e) => e.after!.check);
    expect(answers.sort()).toEqual(fine.map((c) => c.id).sort());
  });

  it('refuses an id already kept with another body or by another person, and an id twice in a batch with two bodies', async () => {
    const { forms } = await k.payForms('1234567891', 1);
    const form = forms[0]!;
    const first = check(form);
    expect((await post(k.as.inspector, [first])).json().recorded).toEqual([first.id]);
    // The same check sent again by the same phone: a duplicate, nothing written twice.
    const again = await post(k.as.inspector, [{ ...first }]);
    expect(again.json()).toMatchObject({ recorded: [], duplicates: [first.id], refused: [] });
    // The id with another answer, or by another person: refused with its reason, never "already sent".
    const other = await k.userOf('inspector', k.ganja);
    for (const [who, body] of [
      [k.as.inspector, { ...first, answer: 'not_genuine' }],
      [other, { ...first }],
      [other, { ...first, checkedAt: minutesAgo(3) }],
    ] as const) {
      const res = await post(who, [body]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        recorded: [],
        duplicates: [],
        refused: [{ id: first.id, detail: m.checkIdTaken }],
      });
    }
    // One id twice in one batch: with one body it is one check; with two, the second is refused, not dropped unsaid.
    const twice = check(form);
    const same = await post(k.as.inspector, [twice, { ...twice }]);
    expect(same.json()).toMatchObject({ recorded: [twice.id], duplicates: [], refused: [] });
    const clash = check(form);
    const res = await post(k.as.inspector, [clash, { ...clash, answer: 'expired' }]);
    expect(res.json()).toMatchObject({
      recorded: [clash.id],
      duplicates: [],
      refused: [{ id: clash.id, detail: m.checkIdTaken }],
    });
    const kept = await t.database.db
      .select()
      .from(inspectChecks)
      .where(inArray(inspectChecks.id, [first.id, clash.id]));
    expect(kept.map((r) => r.answer).sort()).toEqual(['valid', 'valid']);
    expect(await audited([first.id, twice.id, clash.id])).toBe(3);
  });

  it('records a voided answer', async () => {
    const { forms } = await k.payForms('1234567891', 1);
    const voided = check(forms[0]!, { answer: 'voided' });
    const res = await post(k.as.inspector, [voided]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recorded).toEqual([voided.id]);
  });

  it("keeps one person's many checks from hiding another's: a day's limit a mark, and every row paged", async () => {
    const { forms } = await k.payForms('1234567891', 1);
    const form = forms[0]!;
    const genuine = check(form, { checkedAt: minutesAgo(2) });
    const other = await k.userOf('inspector', k.ganja);
    expect((await post(other, [genuine])).json().recorded).toEqual([genuine.id]);
    // Two posts of 500 backdated checks from one inspector: only the day's limit of the mark is recorded.
    const flood = Array.from({ length: 1000 }, (_, i) =>
      check(form, { checkedAt: minutesAgo(700 - i * 0.5), snapshotAt: null, answer: 'not_genuine' }),
    );
    const [a, b] = [await post(k.as.inspector, flood.slice(0, 500)), await post(k.as.inspector, flood.slice(500))];
    expect(a.json().recorded).toHaveLength(maxChecksOfMarkPerDay);
    expect(a.json().refused).toHaveLength(500 - maxChecksOfMarkPerDay);
    expect(a.json().refused[0].detail).toBe(m.tooManyChecksOfMark(maxChecksOfMarkPerDay));
    expect(b.json().recorded).toEqual([]);
    // The genuine check is on the first page, among the movements.
    const first = await history(form.id);
    expect(first.count).toBe(first.results.length);
    expect(first.results.map((e) => e.after?.check)).toContain(genuine.id);
    expect(first.results.filter((e) => e.movement === 'check')).toHaveLength(maxChecksOfMarkPerDay + 1);

    // Walking pages of 4 reaches every row once, in the same order as the one page.
    const walked: FnHistoryEntry[] = [];
    let page = await history(form.id, '?per_page=4');
    expect(page.previous).toBeNull();
    for (;;) {
      walked.push(...page.results);
      if (!page.next) break;
      expect(page.results).toHaveLength(4);
      page = await history(form.id, new URL(page.next).search);
    }
    expect(walked).toEqual(first.results);
    expect(page.previous).toMatch(/per_page=4/);
    const past = await k.request('GET', `/api/fn/forms/${form.id}/history/?page=99`, k.as.central);
    expect(past.statusCode).toBe(404);
    const tooBig = await k.request('GET', `/api/fn/forms/${form.id}/history/?per_page=1000`, k.as.central);
    expect(tooBig.statusCode).toBe(400);
  });
});
