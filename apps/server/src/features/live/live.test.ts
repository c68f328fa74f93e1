import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, regions, sessions, userGroups, users } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createSession } from '../auth';
import { changeOf, openEventStream, type EventStreamClient } from '../../test/event-stream';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';

/**
 * The event stream (issue 47) through a real listening server (inject cannot stream), read with fetch as the web app
 * reads it: each reader gets only the rows their permissions and region scope show, and a dropped stream resumes.
 */
describe('GET /api/events/', () => {
  let t: TestApp;
  let baseUrl: string;
  let ganja: number;
  let baku: number;
  let as: Record<'admin' | 'cashier' | 'inspector' | 'bakuCashier', SignedIn>;
  const open: EventStreamClient[] = [];

  const stream = async (who: SignedIn, headers: Record<string, string> = {}) => {
    const client = await openEventStream(baseUrl, who.token, headers);
    open.push(client);
    return client;
  };

  const regionId = async (name: string) =>
    (await t.database.db.select({ id: regions.id }).from(regions).where(eq(regions.name, name)))[0]!.id;

  async function userOf(role: string, region: number): Promise<SignedIn> {
    const email = `live-${role}-${region}-${Date.now()}@test.az`;
    const [user] = await t.database.db
      .insert(users)
      .values({ email, passwordHash: 'x', firstName: 'Canlı', lastName: role, regionId: region })
      .returning({ id: users.id });
    const [group] = await t.database.db.select({ id: groups.id }).from(groups).where(eq(groups.code, role));
    await t.database.db.insert(userGroups).values({ userId: user!.id, groupId: group!.id });
    return signInAs(t, email);
  }

  /** A payment of the region, rewritten as another process would write it (a diff notice on the feed). */
  async function paymentIn(region: number) {
    const result = (await t.database.db.execute(
      sql`select id from payments where region_id = ${region} order by id limit 1`,
    )) as unknown as { rows: { id: number }[] };
    return result.rows[0]!.id;
  }
  const touchPayments = (where: ReturnType<typeof sql>) =>
    t.writeOutside((db) => db.execute(sql`update payments set owner_phone = owner_phone where ${where}`));

  /** A form of a batch of the region, rewritten outside (its region is its batch's). */
  async function touchFormIn(region: number) {
    const result = await t.writeOutside(
      (db) =>
        db.execute(sql`
          update fn_forms set stage = stage
          where id = (select f.id from fn_forms f join fn_batches b on b.id = f.batch_id
                      where b.region_id = ${region} order by f.id limit 1)
          returning id`) as unknown as Promise<{ rows: { id: number }[] }>,
    );
    return result.rows[0]!.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ganja = await regionId('Gəncə');
    baku = await regionId('Bakı');
    as = {
      admin: await signInAs(t, 'admin@demo.az'),
      cashier: await signInAs(t, 'cashier@demo.az'),
      inspector: await signInAs(t, 'inspector@demo.az'),
      bakuCashier: await userOf('cashier', baku),
    };
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t?.close();
  });

  it('answers an event stream that no proxy buffers, starting with where it stands and the menu counts', async () => {
    const client = await stream(as.cashier);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.headers.get('x-accel-buffering')).toBe('no');
    expect(client.headers.get('content-encoding')).toBeNull();
    const counters = await client.next((m) => m.type === 'counters');
    expect(counters.event?.type).toBe('counters');
    // Sealed (issue 56): no count of the process's changes.
    expect(client.lastId).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
  });

  it('refuses a stream without a signed-in user', async () => {
    const res = await fetch(`${baseUrl}/api/events/`);
    expect(res.status).toBe(401);
  });

  it("sends a payment's change to a cashier of its region and not to one of another region", async () => {
    const ganjaPayment = await paymentIn(ganja);
    const bakuPayment = await paymentIn(baku);
    const ganjaCashier = await stream(as.cashier);
    const bakuCashier = await stream(as.bakuCashier);
    const national = await stream(as.admin);
    await ganjaCashier.next((m) => m.type === 'counters');
    await bakuCashier.next((m) => m.type === 'counters');
    await national.next((m) => m.type === 'counters');

    await touchPayments(sql`id = ${ganjaPayment}`);
    await touchPayments(sql`id = ${bakuPayment}`);

    const seen = await ganjaCashier.next(changeOf('payments'));
    expect(seen.event?.data).toEqual({ resource: 'payments', ids: [ganjaPayment], op: 'update', by: null });
    // The Bakı cashier's first payment change is the Bakı payment's: the Gəncə one never came.
    const bakuSeen = await bakuCashier.next(changeOf('payments'));
    expect(bakuSeen.event?.data).toMatchObject({ ids: [bakuPayment] });
    // A national reader sees both.
    expect((await national.next(changeOf('payments'))).event?.data).toMatchObject({ ids: [ganjaPayment] });
    expect((await national.next(changeOf('payments'))).event?.data).toMatchObject({ ids: [bakuPayment] });
  });

  it("sends a cashier's payment, made and paid through the API, to the region's other readers, naming the cashier", async () => {
    const kit = await fnKit(t);
    const regional = await stream(await signInAs(t, 'regional@demo.az'));
    await regional.next((m) => m.type === 'counters');
    const { payment } = await kit.payForms(String(1_000_000_000 + (Date.now() % 1_000_000_000)));
    const made = await regional.next(changeOf('payments', payment.id));
    expect(made.event?.data).toEqual({
      resource: 'payments',
      ids: [payment.id],
      op: 'insert',
      by: kit.as.cashier.userId,
    });
    // Submitted, then paid: each a change of its status by the cashier (the early warning of an open record).
    for (let i = 0; i < 2; i += 1) {
      expect((await regional.next(changeOf('payments', payment.id))).event?.data).toMatchObject({
        op: 'update',
        by: kit.as.cashier.userId,
      });
    }
  });

  it('sends nothing of payments to a reader without their permission', async () => {
    const inspector = await stream(as.inspector);
    await inspector.next((m) => m.type === 'counters' || m.type === 'change', 300).catch(() => undefined);
    await touchPayments(sql`id = ${await paymentIn(ganja)}`);
    // A change the inspector may see, sent after the payment's: the payment's would have come first.
    const form = await touchFormIn(ganja);
    const next = await inspector.next((m) => m.type === 'change');
    expect(next.event?.data).toEqual({ resource: 'fn-forms', ids: [form], op: 'update', by: null });
  });

  it('sends a large statement as `bulk` without ids to whoever may read the resource', async () => {
    const admin = await stream(as.admin);
    const inspector = await stream(as.inspector);
    await touchPayments(sql`id in (select id from payments order by id limit 30)`);
    const bulk = await admin.next(changeOf('payments'));
    expect(bulk.event?.data).toEqual({ resource: 'payments', ids: null, op: 'bulk', by: null });
    const form = await touchFormIn(ganja);
    expect((await inspector.next((m) => m.type === 'change')).event?.data).toMatchObject({ ids: [form] });
  });

  it("sends a large statement of payments to no reader of one region: it may be another region's (issue 56)", async () => {
    const ganjaCashier = await stream(as.cashier);
    const admin = await stream(as.admin);
    await ganjaCashier.next((m) => m.type === 'counters');
    await touchPayments(sql`id in (select id from payments where region_id = ${baku} order by id limit 30)`);
    expect((await admin.next(changeOf('payments'))).event?.data).toMatchObject({ op: 'bulk' });
    // The next payment change the Gəncə cashier gets is of their region: the Bakı bulk never came.
    const payment = await paymentIn(ganja);
    await touchPayments(sql`id = ${payment}`);
    expect((await ganjaCashier.next(changeOf('payments'))).event?.data).toEqual({
      resource: 'payments',
      ids: [payment],
      op: 'update',
      by: null,
    });
  });

  it('gives each read a position that says nothing of the changes made elsewhere (issue 56)', async () => {
    const read = async () =>
      (await fetch(`${baseUrl}/api/payments/?per_page=1`, { headers: as.cashier.headers })).headers.get(
        'x-live-position',
      )!;
    const first = await read();
    const same = await read();
    const { hub } = t.app.services.live;
    const before = hub.seq;
    await touchPayments(sql`id = ${await paymentIn(baku)}`);
    await expect.poll(() => hub.seq, { timeout: 5_000 }).toBeGreaterThan(before);
    const after = await read();
    // Nothing changed between the first two, a Bakı payment before the third: all three alike to the reader.
    for (const position of [first, same, after]) expect(position).toMatch(/^[\w-]+\.[\w-]{22}$/);
    expect(new Set([first, same, after]).size).toBe(3);
    // The stream opened from the first resumes with nothing for this cashier (the Bakı change is not theirs).
    const resumed = await stream(as.cashier, { 'last-event-id': `${after} ${first}` });
    await resumed.next((m) => m.type === 'counters');
    expect(resumed.messages.filter((m) => m.type === 'change' || m.type === 'reset')).toEqual([]);
  });

  it("counts streams per session: one browser cannot take all of a user's (issue 56)", async () => {
    const who = await userOf('cashier', ganja);
    const perSession = t.config.LIVE_STREAMS_PER_SESSION;
    for (let i = 0; i < perSession; i += 1) await (await stream(who)).next((m) => m.type === 'counters');
    const refused = await fetch(`${baseUrl}/api/events/`, { headers: who.headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(t.config.BUSY_RETRY_AFTER));
    // The same person's other session (their phone, another browser) still gets its stream.
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, who.userId));
    const other = await stream(await signInAs(t, row!.email));
    expect(other.status).toBe(200);
  });

  it('answers 404 to presence on a record that does not exist, and stores nothing (issue 56)', async () => {
    const rows = async () =>
      (
        (await t.database.db.execute(sql`select count(*)::int as n from presence_editors`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await rows();
    const missing = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({ method: 'PUT', url: `/api/presence/cities/${2_000_000_000 + i}/`, headers: as.admin.headers }),
      ),
    );
    expect(missing.map((res) => res.statusCode)).toEqual(Array(20).fill(404));
    expect(await rows()).toBe(before);
    // A record that is there still takes presence (a list that is not regional: every reader may).
    const [city] = (
      (await t.database.db.execute(sql`select id from cities order by id limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const open = await t.app.inject({
      method: 'PUT',
      url: `/api/presence/cities/${city!.id}/`,
      headers: as.admin.headers,
    });
    expect(open.statusCode).toBe(200);
    expect(await rows()).toBe(before + 1);
    // Another region's payment stays a 404 too.
    const bakuPayment = await paymentIn(baku);
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/presence/payments/${bakuPayment}/`,
      headers: as.cashier.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(await rows()).toBe(before + 1);
  });

  it('resumes a dropped stream from its Last-Event-ID with the change it missed', async () => {
    const first = await stream(as.cashier);
    await first.next((m) => m.type === 'counters');
    const lastId = first.lastId!;
    first.close();
    const payment = await paymentIn(ganja);
    await touchPayments(sql`id = ${payment}`);

    const again = await stream(as.cashier, { 'last-event-id': lastId });
    const missed = await again.next((m) => m.type === 'change' || m.type === 'reset');
    expect(missed.type).toBe('change');
    expect(missed.event?.data).toMatchObject({ resource: 'payments', ids: [payment] });
    // The query parameter does the same (a reconnect that cannot set the header).
    const byQuery = await openEventStream(baseUrl, as.cashier.token).then(async (c) => {
      c.close();
      const res = await fetch(`${baseUrl}/api/events/?lastEventId=${encodeURIComponent(lastId)}`, {
        headers: as.cashier.headers,
      });
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('event: change')) text += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      return text;
    });
    expect(byQuery).toContain(`"ids":[${payment}]`);
  });

  it("starts a tab's first stream from where its first read stood: a change made in between is replayed", async () => {
    const read = await fetch(`${baseUrl}/api/payments/?per_page=1`, { headers: as.cashier.headers });
    const position = read.headers.get('x-live-position');
    expect(position).toMatch(/^[\w-]+\.[\w-]{22}$/);
    const { hub } = t.app.services.live;
    const before = hub.seq;
    const payment = await paymentIn(ganja);
    await touchPayments(sql`id = ${payment}`);
    // The change has reached this process's events before any stream is open: only a replay can bring it.
    await expect.poll(() => hub.seq, { timeout: 5_000 }).toBeGreaterThan(before);

    const first = await stream(as.cashier, { 'last-event-id': position! });
    const missed = await first.next((m) => m.type === 'change' || m.type === 'reset');
    expect(missed.event?.data).toMatchObject({ resource: 'payments', ids: [payment] });
    // A read without a session is not told where the events stand (how busy the authority is).
    const anonymous = await fetch(`${baseUrl}/api/health/`);
    expect(anonymous.headers.get('x-live-position')).toBeNull();
    // A write is not a read: it carries no position.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: as.cashier.headers,
      payload: {},
    });
    expect(write.headers['x-live-position']).toBeUndefined();
  });

  it('answers `reset` first to an id it cannot resume from', async () => {
    const unknown = await stream(as.cashier, { 'last-event-id': 'otherboot.12' });
    expect((await unknown.next((m) => m.type !== 'counters')).type).toBe('reset');
    const garbage = await stream(as.cashier, { 'last-event-id': 'not an id' });
    expect((await garbage.next((m) => m.type !== 'counters')).type).toBe('reset');
  });

  it('ends the stream when its session ends', async () => {
    const who = await signInAs(t, 'cashier@demo.az');
    const client = await stream(who);
    await client.next((m) => m.type === 'counters');
    await t.writeOutside((db) =>
      db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, who.sessionId)),
    );
    expect(await client.closedByServer()).toBe(true);
  });

  it("follows a change of the reader's access: a cashier made an inspector stops getting payments", async () => {
    const who = await userOf('cashier', baku);
    const client = await stream(who);
    await client.next((m) => m.type === 'counters');
    const [inspectors] = await t.database.db.select({ id: groups.id }).from(groups).where(eq(groups.code, 'inspector'));
    await t.writeOutside(async (db) => {
      await db.delete(userGroups).where(eq(userGroups.userId, who.userId));
      await db.insert(userGroups).values({ userId: who.userId, groupId: inspectors!.id });
    });
    // The renewed reader's counts: an inspector sees none of the menu's.
    expect((await client.next((m) => m.type === 'counters')).data).toBe('{}');
    await touchPayments(sql`id = ${await paymentIn(baku)}`);
    const form = await touchFormIn(baku);
    expect((await client.next((m) => m.type === 'change')).event?.data).toMatchObject({
      resource: 'fn-forms',
      ids: [form],
    });
  });

  it('tells every stream to refetch when the change feed was lost, and resumes nothing from before the gap', async () => {
    const client = await stream(as.cashier);
    await client.next((m) => m.type === 'counters');
    const before = client.lastId!;
    t.app.changes.restart();
    expect((await client.next((m) => m.type === 'reset', 10_000)).type).toBe('reset');
    const again = await stream(as.cashier, { 'last-event-id': before });
    expect((await again.next((m) => m.type !== 'counters')).type).toBe('reset');
  });

  it('ends the stream when its access token expires', async () => {
    const [cashier] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'cashier@demo.az'));
    const sessionId = await createSession(t.database.db, cashier!.id);
    const { token } = await t.app.tokens.sign(
      'access',
      cashier!.id,
      { sid: sessionId },
      { notAfter: Math.floor(Date.now() / 1000) + 2 },
    );
    const client = await openEventStream(baseUrl, token);
    open.push(client);
    await client.next((m) => m.type === 'counters');
    expect(await client.closedByServer(5_000)).toBe(true);
  });

  it('counts streams, events and resumes in /metrics', async () => {
    const text = await t.app.metrics.registry.metrics();
    expect(text).toMatch(/^live_streams_open \d+/m);
    expect(text).toMatch(/^live_events_sent_total\{type="change"\} [1-9]/m);
    expect(text).toMatch(/^live_resumes_total\{result="resumed"\} [1-9]/m);
    expect(text).toMatch(/^live_resumes_total\{result="reset"\} [1-9]/m);
  });
});
