import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { liveMessages } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { groups, presenceEditors, regions, sessions, userGroups, users } from '../../db/schema';
import { createSession } from '../sessions';
import { changeOf, openEventStream, type EventStreamClient } from '../../test/event-stream';
import { openTestDatabase, testConfig, type TestDatabase } from '../../test/test-app';

interface Who {
  userId: number;
  token: string;
  headers: { authorization: string };
}

/**
 * Two app instances on one database (issue 47), each listening on its own port: the presence of editors is shared
 * through the database, a write through one instance reaches the streams of the other, and the menu's counts follow.
 * On PostgreSQL each instance has its own connections (as two processes would); on PGlite they share its one handle.
 */
describe('live events across two app instances on one database', () => {
  let database: TestDatabase;
  let second: DatabaseHandle | null = null;
  const apps: FastifyInstance[] = [];
  const base: string[] = [];
  // Two streams of one user at most, so the limit is reached in a test.
  const config = testConfig({ LIVE_STREAMS_PER_USER: '2' });
  const streams: EventStreamClient[] = [];
  let ganja: number;
  let baku: number;
  let as: Record<'admin' | 'cashier' | 'regional' | 'inspector' | 'bakuCashier', Who>;

  async function signIn(email: string): Promise<Who> {
    const [user] = await database.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const sessionId = await createSession(database.handle.db, user!.id);
    const { token } = await apps[0]!.tokens.sign('access', user!.id, { sid: sessionId });
    return { userId: user!.id, token, headers: { authorization: `Bearer ${token}` } };
  }
  async function userOf(role: string, region: number): Promise<Who> {
    const email = `live2-${role}-${region}-${Date.now()}@test.az`;
    const [user] = await database.handle.db
      .insert(users)
      .values({ email, passwordHash: 'x', firstName: 'Bakı', lastName: role, regionId: region })
      .returning({ id: users.id });
    const [group] = await database.handle.db.select({ id: groups.id }).from(groups).where(eq(groups.code, role));
    await database.handle.db.insert(userGroups).values({ userId: user!.id, groupId: group!.id });
    return signIn(email);
  }
  const stream = async (instance: number, who: Who) => {
    const client = await openEventStream(base[instance]!, who.token);
    streams.push(client);
    await client.next((m) => m.type === 'counters');
    return client;
  };
  const call = (instance: number, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, who: Who, body?: object) =>
    fetch(`${base[instance]}${url}`, {
      method,
      headers: { ...who.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const firstId = async (query: ReturnType<typeof sql>) =>
    ((await database.handle.db.execute(query)) as unknown as { rows: { id: number }[] }).rows[0]!.id;

  beforeAll(async () => {
    database = await openTestDatabase('seeded');
    second = database.url ? await openDatabase({ url: database.url }) : null;
    for (const handle of [database.handle, second ?? database.handle]) {
      const app = await buildApp({ config, database: handle, seed: 'never' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      base.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    const regionId = async (name: string) =>
      (await database.handle.db.select({ id: regions.id }).from(regions).where(eq(regions.name, name)))[0]!.id;
    ganja = await regionId('Gəncə');
    baku = await regionId('Bakı');
    as = {
      admin: await signIn('admin@demo.az'),
      cashier: await signIn('cashier@demo.az'),
      regional: await signIn('regional@demo.az'),
      inspector: await signIn('inspector@demo.az'),
      bakuCashier: await userOf('cashier', baku),
    };
  });
  afterAll(async () => {
    for (const client of streams) client.close();
    for (const app of apps) await app.close();
    await second?.close();
    await database?.dispose();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('sends a write through one instance to a stream of the other', async () => {
    const admin = await stream(0, as.admin);
    const [operator] = await database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'operator@demo.az'));
    const transportType = await firstId(sql`select id from transport_types order by id limit 1`);
    const coefficient = await firstId(sql`select id from fn_coefficients order by id limit 1`);
    const res = await call(1, 'POST', '/api/fn/batches/', as.admin, {
      series: 'LV',
      start_number: '000001',
      finish_number: '000002',
      operator: operator!.id,
      region: ganja,
      transport_type: transportType,
      coefficient,
      expire_date: 3,
      expire_date_type: 'month',
    });
    expect(res.status).toBe(201);
    const batch = (await res.json()) as { id: number };
    const event = await admin.next(changeOf('fn-batches', batch.id), 1_000);
    expect(event.event?.data).toEqual({ resource: 'fn-batches', ids: [batch.id], op: 'insert', by: as.admin.userId });
    // Its forms too, in one event, for a reader of forms in the batch's region.
    expect((await admin.next(changeOf('fn-forms'), 1_000)).event?.data).toMatchObject({ op: 'insert' });
    // The menu's count of batches waiting moved with it, within a second.
    const counters = await admin.next((m) => m.type === 'counters', 1_000);
    expect(counters.event?.data).toHaveProperty('batchesToAccept');
  });

  it("sends an online request of a region to that region's reviewers and counts it in their menu", async () => {
    const regional = await stream(0, as.regional);
    const bakuCashier = await stream(1, as.bakuCashier);
    const before = JSON.parse(regional.messages.find((m) => m.type === 'counters')!.data) as {
      onlineCarriersWaiting: number;
    };
    const request = await firstId(
      sql`select id from online_carrier_requests where region_id = ${ganja} and status = 1 order by id limit 1`,
    );
    const bakuRequest = await firstId(
      sql`select id from online_carrier_requests where region_id = ${baku} and status = 1 order by id limit 1`,
    );
    // Decided elsewhere (another process, a person at psql): the feed brings it.
    await database.handle.db.execute(
      sql`update online_carrier_requests set status = 3, reason = 'test' where id in (${request}, ${bakuRequest})`,
    );
    const change = await regional.next(changeOf('online-carriers'), 1_000);
    expect(change.event?.data).toEqual({ resource: 'online-carriers', ids: [request], op: 'update', by: null });
    const counters = await regional.next((m) => m.type === 'counters', 1_000);
    expect(counters.event?.data).toMatchObject({ onlineCarriersWaiting: before.onlineCarriersWaiting - 1 });
    // The Bakı reviewer, on the other instance, gets the Bakı request and not the Gəncə one.
    expect((await bakuCashier.next(changeOf('online-carriers'), 1_000)).event?.data).toMatchObject({
      ids: [bakuRequest],
    });
  });

  it('shares who has a record open between the instances and tells the others at once', async () => {
    const payment = await firstId(sql`select id from payments where region_id = ${ganja} order by id limit 1`);
    const url = `/api/presence/payments/${payment}/`;
    const cashier = await stream(0, as.cashier);

    let res = await call(0, 'PUT', url, as.cashier);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ editors: [] });
    // The regional head opens it through the other instance: both learn of the other.
    res = await call(1, 'PUT', url, as.regional);
    expect(await res.json()).toEqual({ editors: [{ userId: as.cashier.userId, name: 'Leyla Əliyeva' }] });
    // (Its own opening told its stream of nobody else.)
    const told = await cashier.next((m) => m.event?.type === 'presence' && m.event.data.editors.length > 0, 1_000);
    expect(told.event?.data).toEqual({
      resource: 'payments',
      id: payment,
      editors: [{ userId: as.regional.userId, name: 'Tural İsmayılov' }],
    });
    // A renewal tells nobody; a close does.
    expect((await call(1, 'PUT', url, as.regional)).status).toBe(200);
    expect((await call(1, 'DELETE', url, as.regional)).status).toBe(204);
    expect((await cashier.next((m) => m.type === 'presence', 1_000)).event?.data).toMatchObject({ editors: [] });

    // An editor whose tab went away lapses: the sweep removes them and tells the others.
    await call(1, 'PUT', url, as.regional);
    await cashier.next((m) => m.event?.type === 'presence' && m.event.data.editors.length > 0, 1_000);
    await database.handle.db
      .update(presenceEditors)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(presenceEditors.userId, as.regional.userId));
    expect(await (await call(0, 'PUT', url, as.cashier)).json()).toEqual({ editors: [] });
    expect(await apps[1]!.services.live.presence.sweep()).toBeGreaterThanOrEqual(1);
    expect((await cashier.next((m) => m.type === 'presence', 1_000)).event?.data).toMatchObject({ editors: [] });
  });

  it("refuses a user's stream beyond their limit with a 429 in their language, and takes one again once one closes", async () => {
    const who = await userOf('operator', ganja);
    const first = await stream(0, who);
    await stream(0, who);
    let res = await fetch(`${base[0]}/api/events/`, { headers: who.headers });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(config.BUSY_RETRY_AFTER));
    expect(await res.json()).toEqual({ detail: liveMessages.streamsBusyUser });
    // Per process: the other instance holds none of them.
    const other = await openEventStream(base[1]!, who.token);
    streams.push(other);
    expect(other.status).toBe(200);
    first.close();
    await expect
      .poll(async () => {
        res = await fetch(`${base[0]}/api/events/`, { headers: who.headers });
        const status = res.status;
        await res.body?.cancel();
        return status;
      })
      .toBe(200);
  });

  it('refuses presence on what the reader may not read, and names an unknown resource', async () => {
    const ganjaPayment = await firstId(sql`select id from payments where region_id = ${ganja} order by id limit 1`);
    expect((await call(0, 'PUT', `/api/presence/payments/${ganjaPayment}/`, as.bakuCashier)).status).toBe(404);
    expect((await call(0, 'PUT', `/api/presence/payments/${ganjaPayment}/`, as.inspector)).status).toBe(403);
    expect((await call(0, 'PUT', '/api/presence/payments/2147483000/', as.admin)).status).toBe(404);
    const unknown = await call(0, 'PUT', '/api/presence/secrets/1/', as.admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: liveMessages.resourceUnknown });
    // In the reader's language.
    await database.handle.db.update(users).set({ language: 'en' }).where(eq(users.id, as.bakuCashier.userId));
    await apps[0]!.changes.sync();
    const english = await call(0, 'PUT', '/api/presence/secrets/1/', as.bakuCashier);
    expect(await english.json()).toEqual({ detail: 'Editors are not tracked on this resource.' });
    // A malformed id is answered as on the record's own route.
    for (const id of ['01', 'abc']) {
      const own = (await call(0, 'GET', `/api/payments/${id}/`, as.admin)).status;
      expect([400, 404]).toContain(own);
      expect((await call(0, 'PUT', `/api/presence/payments/${id}/`, as.admin)).status).toBe(own);
    }
    // Ending the session ends its presence with it.
    await database.handle.db.delete(sessions).where(eq(sessions.userId, as.bakuCashier.userId));
  });
});
