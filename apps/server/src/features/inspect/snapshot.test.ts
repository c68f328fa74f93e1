import { randomBytes, randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { inspectMessages, markKey, type SignedSnapshot, type SnapshotPayload } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fnBatches, fnForms } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import {
  changedFrom,
  fetchJwks,
  fetchSnapshot,
  marksByKey,
  syncUntil,
  verifySnapshot,
  roomyLimits,
} from './inspect-test-kit';
import { signSnapshot } from './signing';
import { snapshotCursors, snapshotJson, snapshotPayload } from './snapshot';
import type { MarkRow } from './snapshot-repository';

describe('the inspector snapshot', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: roomyLimits });
    k = await fnKit(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The keys of the forms of a region, as the database holds them. */
  const keysOfRegion = async (regionId: number) =>
    (
      await t.database.db
        .select({ series: fnForms.series, number: fnForms.number })
        .from(fnForms)
        .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
        .where(eq(fnBatches.regionId, regionId))
    ).map((f) => markKey(f.series, String(f.number).padStart(6, '0')));

  it("answers in full, signed: every mark of the inspector's region and none of another", async () => {
    const full = await fetchSnapshot(t, k.as.inspector);
    expect(full).toMatchObject({ v: 1, full: true, regions: [k.ganja], removed: [], maxAgeMinutes: 720 });
    const keys = [...marksByKey(full).keys()].sort();
    expect(keys).toEqual((await keysOfRegion(k.ganja)).sort());
    expect(keys.length).toBeGreaterThan(0);
    const baku = new Set(await keysOfRegion(k.baku));
    expect(baku.size).toBeGreaterThan(0);
    for (const key of keys) expect(baku.has(key)).toBe(false);
    // A paid mark carries its vehicle, validity, amount (exact decimal) and payment tag; an unpaid one nothing.
    const paid = full.marks.find((m) => m[2] === 'valid')!;
    expect(paid[3]).toMatch(/\S/);
    expect(paid[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(paid[7]).toMatch(/^\d+\.\d{2}$/);
    expect(paid[8]).toMatch(/^[A-Za-z0-9_-]{4}$/);
    const unpaid = full.marks.find((m) => m[2] === 'not_issued')!;
    expect(unpaid.slice(3)).toEqual([null, null, null, null, null, null]);
  });

  it('answers a full read again from the one kept while nothing changed, and never a stale one', async () => {
    const first = await fetchSnapshot(t, k.as.inspector);
    const again = await fetchSnapshot(t, k.as.inspector);
    expect(again.cursor).toBe(first.cursor);
    expect(again.marks).toEqual(first.marks);
    const { forms } = await k.payForms('1234567891', 1);
    const after = await fetchSnapshot(t, k.as.inspector);
    expect(after.full).toBe(true);
    expect(marksByKey(after).get(markKey(forms[0]!.series, forms[0]!.number))?.[2]).toBe('valid');
    expect(after.marks).toHaveLength(first.marks.length + 1);
  });

  it('sends a voided blank as voided with its reason, in a delta and in full; a delta names its cursor', async () => {
    const first = await fetchSnapshot(t, k.as.inspector);
    expect(first.from).toBeNull();
    const batch = await k.createBatch({ series: k.freshSeries(), finish_number: '000002' });
    await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator);
    const [form] = await t.database.db.select().from(fnForms).where(eq(fnForms.batchId, batch.id)).limit(1);
    const voided = await k.request('POST', `/api/fn/forms/${form!.id}/void/`, k.as.operator, { reason: 'Korlanıb' });
    expect(voided.statusCode, voided.body).toBe(200);
    const key = markKey(batch.series, String(form!.number).padStart(6, '0'));
    const expected = [batch.series, key.slice(-6), 'voided', null, null, null, null, null, null, 'Korlanıb'];

    const delta = await fetchSnapshot(t, k.as.inspector, first.cursor);
    expect(delta).toMatchObject({ full: false, from: first.cursor });
    const { marks } = await syncUntil(t, k.as.inspector, first.cursor, (got) => got.get(key)?.[2] === 'voided');
    expect(marks.get(key)).toEqual(expected);
    expect(marksByKey(await fetchSnapshot(t, k.as.inspector)).get(key)).toEqual(expected);
  });

  it("answers each snapshot with the server's time, a full one kept unchanged too", async () => {
    const get = async (since?: string) => {
      const url = since ? `/api/inspect/snapshot/?since=${encodeURIComponent(since)}` : '/api/inspect/snapshot/';
      const res = await t.app.inject({ method: 'GET', url, headers: k.as.inspector.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SignedSnapshot>();
    };
    const before = Date.now();
    const first = await get();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await get();
    // The same signed snapshot (kept), answered at its own moment.
    expect(again.signature).toBe(first.signature);
    expect(Date.parse(first.serverTime)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(again.serverTime)).toBeGreaterThan(Date.parse(first.serverTime));
    const delta = await get(JSON.parse(first.payload).cursor);
    expect(Date.parse(delta.serverTime)).toBeGreaterThanOrEqual(Date.parse(again.serverTime));
  });

  it('answers a national user every region', async () => {
    const full = await fetchSnapshot(t, k.as.central);
    expect(full.regions).toEqual([]);
    const total = await t.database.db.$count(fnForms);
    expect(full.marks).toHaveLength(total);
  });

  it('refuses a request without a session (401), and a person with no region and no national group (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inspect/snapshot/' })).statusCode).toBe(401);
    const inspector = await k.userOf('inspector', k.ganja);
    await t.database.db.execute(sql`update users set region_id = null where id = ${inspector.userId}`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/inspect/snapshot/',
      headers: { ...inspector.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(403);
    // The person's own language (Azerbaijani, the default) answers, whatever the header asks.
    expect(res.json()).toEqual({ detail: inspectMessages.noRegion });
  });

  it('gives in the deltas a payment made, a payment cancelled, an annulment and a batch issued to the region', async () => {
    const first = await fetchSnapshot(t, k.as.inspector);

    const { payment, forms } = await k.payForms('1234567891', 2);
    const paidKeys = forms.map((f) => markKey(f.series, f.number));
    const afterPay = await syncUntil(t, k.as.inspector, first.cursor, (marks) =>
      paidKeys.every((key) => marks.get(key)?.[2] === 'valid'),
    );
    // Only what changed: the paid marks (a mark brought again unchanged is no change, `changedFrom`).
    expect([...changedFrom(marksByKey(first), afterPay.marks).keys()].sort()).toEqual([...paidKeys].sort());
    const today = new Date().toISOString().slice(0, 10);
    const mark = afterPay.marks.get(paidKeys[0]!)!;
    expect(mark.slice(0, 6)).toEqual([
      forms[0]!.series,
      forms[0]!.number,
      'valid',
      '10-AA-100',
      expect.any(String),
      today,
    ]);
    const code = (
      await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}/`, headers: k.as.cashier.headers })
    ).json().verify_code as string;
    expect(mark[8]).toBe(code.slice(0, 4));

    // A batch issued to the region: its marks come, not issued to a vehicle.
    const batch = await k.createBatch({ series: k.freshSeries(), finish_number: '000001' });
    const batchKey = markKey(batch.series, '000001');
    const notIssued = [batch.series, '000001', 'not_issued', null, null, null, null, null, null];
    const afterIssue = await syncUntil(t, k.as.inspector, afterPay.cursor, (marks) => marks.has(batchKey));
    expect(afterIssue.marks.get(batchKey)).toEqual(notIssued);
    // The new batch named its forms by its one row: no key a form was written (a 100,000-number batch writes one).
    expect(await k.count(sql`select count(*)::int as n from fn_batch_changes where batch_id = ${batch.id}`)).toBe(1);
    expect(await k.count(sql`select count(*)::int as n from fn_form_changes where series = ${batch.series}`)).toBe(0);

    // A payment made of it, then cancelled before it was paid: each changes the mark, which stays not issued.
    await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator);
    const [free] = await t.database.db.select().from(fnForms).where(eq(fnForms.batchId, batch.id));
    const coefficient = (await k.count(
      sql`select coefficient::text as n from fn_coefficients where id = ${k.coefficient}`,
    )) as unknown as string;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: k.as.cashier.headers,
      payload: {
        owner_code: '1234567891',
        owner_name: 'Test daşıyıcı',
        rows: [
          {
            form: free!.id,
            plate: '10-AA-555',
            seats_count: 18,
            transport_type: k.transportType,
            coefficient,
            expire_date: 3,
          },
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const afterNew = await syncUntil(t, k.as.inspector, afterIssue.cursor, (marks) => marks.has(batchKey));
    expect(afterNew.marks.get(batchKey)).toEqual(notIssued);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${made.json().id}/cancel/`,
      headers: k.as.cashier.headers,
      payload: { reason: 'Səhv' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await syncUntil(t, k.as.inspector, afterNew.cursor, (marks) => marks.has(batchKey));
    expect(afterCancel.marks.get(batchKey)).toEqual(notIssued);

    // An annulment.
    const annul = await t.app.inject({
      method: 'POST',
      url: '/api/fn/paid/delete-multiple/',
      headers: k.as.admin.headers,
      payload: { pkList: [forms[0]!.id], reason: 'Sınaq' },
    });
    expect(annul.statusCode, annul.body).toBe(200);
    const afterAnnul = await syncUntil(t, k.as.inspector, afterCancel.cursor, (marks) => marks.has(paidKeys[0]!));
    expect(afterAnnul.marks.get(paidKeys[0]!)![2]).toBe('annulled');
    expect(changedFrom(afterPay.marks, afterAnnul.marks).has(paidKeys[1]!)).toBe(false);
  });

  it("names a mark removed when its batch is deleted, and a batch of another region's is never in it", async () => {
    const start = await fetchSnapshot(t, k.as.inspector);
    const national = await fetchSnapshot(t, k.as.central);
    const bakuOperator = await k.userOf('operator', k.baku);
    const elsewhere = await k.createBatch({
      series: k.freshSeries(),
      finish_number: '000002',
      region: k.baku,
      operator: bakuOperator.userId,
    });
    const here = await k.createBatch({ series: k.freshSeries(), finish_number: '000001' });
    const hereKey = markKey(here.series, '000001');
    const added = await syncUntil(t, k.as.inspector, start.cursor, (marks) => marks.has(hereKey));
    expect([...changedFrom(marksByKey(start), added.marks).keys()]).toEqual([hereKey]);
    const deleted = await k.request('POST', '/api/fn/batches/delete-multiple/', k.as.central, { pkList: [here.id] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await syncUntil(t, k.as.inspector, added.cursor, (_marks, removed) => removed.has(hereKey));
    expect(changedFrom(new Map([...marksByKey(start), ...added.marks]), gone.marks).size).toBe(0);
    // A national user syncing only now: the other region's batch comes, and the deleted one is named removed.
    const all = await syncUntil(t, k.as.central, national.cursor, (_marks, removed) => removed.has(hereKey));
    expect([...changedFrom(marksByKey(national), all.marks).keys()].sort()).toEqual([
      markKey(elsewhere.series, '000001'),
      markKey(elsewhere.series, '000002'),
    ]);
  });

  it('answers in full for a cursor of other regions, of the future, sealed by another key or that is not one', async () => {
    const first = await fetchSnapshot(t, k.as.inspector);
    // The cursor is sealed: it names neither the read's transaction nor its regions (a phone cannot tell from two
    // cursors how much the authority wrote between them), and only a cursor this key sealed is read.
    const cursors = snapshotCursors(t.config.mfaKey);
    const xmin = cursors.read(first.cursor, [k.ganja])!;
    expect(xmin).toMatch(/^\d+$/);
    expect(first.cursor).toMatch(/^v1(\.[A-Za-z0-9_-]+){3}$/);
    expect(first.cursor).not.toContain(xmin);
    for (const since of [
      cursors.write(xmin, [k.baku]),
      cursors.write(String(BigInt(xmin) + 1_000_000n), [k.ganja]),
      cursors.write(xmin, null),
      snapshotCursors('another key of at least thirty-two characters').write(xmin, [k.ganja]),
      `v1.${xmin}.${k.ganja}`,
      `${first.cursor.slice(0, -2)}AA`,
      'nonsense',
      '',
    ]) {
      expect((await fetchSnapshot(t, k.as.inspector, since)).full, since).toBe(true);
    }
    expect((await fetchSnapshot(t, k.as.inspector, first.cursor)).full).toBe(false);
  });

  it('fails the check when the body was changed, or signed by a key not published', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inspect/snapshot/', headers: k.as.inspector.headers });
    const body = res.json<SignedSnapshot>();
    const jwks = await fetchJwks(t);
    await expect(verifySnapshot(body, jwks)).resolves.toMatchObject({ full: true });
    const tampered = { ...body, payload: body.payload.replace('"not_issued"', '"valid"') };
    expect(tampered.payload).not.toBe(body.payload);
    await expect(verifySnapshot(tampered, jwks)).rejects.toThrow();
    const header = JSON.parse(Buffer.from(body.protected, 'base64url').toString('utf8'));
    const otherKid = {
      ...body,
      protected: Buffer.from(JSON.stringify({ ...header, kid: 'other' })).toString('base64url'),
    };
    await expect(verifySnapshot(otherKid, jwks)).rejects.toThrow();
  });

  it('keeps 100,000 marks under 2 MB gzipped, signed', { timeout: 120_000 }, async () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const types = ['Avtobus', 'Taksi', 'Yük avtomobili', 'Mikroavtobus', 'Minik avtomobili'];
    const rows: MarkRow[] = Array.from({ length: 100_000 }, (_, i) => {
      const series = ['AB', 'AZ', 'GA', 'BK'][Math.floor(i / 25_000)]!;
      const number = (i % 25_000) + 1;
      // A quarter not issued to a vehicle; the rest paid with a random plate, day, length, amount and payment.
      if (i % 4 === 0)
        return {
          series,
          number,
          stage: 'active',
          annulled: false,
          plate: null,
          transport_type: null,
          valid_from: null,
          valid_to: null,
          amount: null,
          verify_code: null,
        };
      const from = new Date(Date.UTC(2026, 0, 1) + randomInt(365) * 86_400_000);
      const to = new Date(from);
      to.setUTCMonth(to.getUTCMonth() + [1, 3, 6, 12][randomInt(4)]!);
      return {
        series,
        number,
        stage: 'paid',
        annulled: i % 20 === 1,
        plate: `${randomInt(10, 100)}-${letters[randomInt(26)]}${letters[randomInt(26)]}-${String(randomInt(1000)).padStart(3, '0')}`,
        transport_type: types[randomInt(types.length)]!,
        valid_from: from.toISOString().slice(0, 10),
        valid_to: to.toISOString().slice(0, 10),
        amount: (randomInt(1, 400) * 1.8).toFixed(2),
        verify_code: randomBytes(20).toString('base64url'),
      };
    });
    const payload: SnapshotPayload = snapshotPayload({
      cursor: 'v1.sealed',
      regions: null,
      full: true,
      marks: rows,
      removed: [],
      maxAgeMinutes: 720,
    });
    const body = JSON.stringify(await signSnapshot(t.app.services.signingKeys, snapshotJson(payload)));
    const gzipped = gzipSync(body).length;
    expect(gzipped).toBeLessThan(2_000_000);
    expect(body.length).toBeGreaterThan(8_000_000);
    // And what is signed is what the phone reads back.
    expect((await verifySnapshot(JSON.parse(body), await fetchJwks(t))).marks).toHaveLength(100_000);
  });
});
