import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { driverResource, regionResource } from '@dnx/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../build.mjs';
import { root, startServer } from '../../../scripts/lib/server-process.mjs';
import { createThrowawayDatabase } from '../../../scripts/lib/throwaway-database.mjs';
import { buildApp, prepareDatabase } from './app';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { drivers } from './db/schema';
import { demoPassword } from './demo/data';
import { openTestDatabase, testConfig } from './test/test-app';

/**
 * Several server processes on one database stay exact (docs/decisions/0008-change-feed-and-list-caches.md): a write
 * through one process answers only once its change-feed notices have come back to it, and the database sent the
 * same notices to the other process at the same commit; so the next request, sent to the other process, must
 * already see the write. No sleeps, no retries.
 */

interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  token?: string;
  body?: object;
}

interface ApiAnswer {
  status: number;
  /** The parsed JSON answer; each test reads the shape it expects. */
  body: unknown;
  headers: Record<string, string>;
}

type Send = (request: ApiRequest) => Promise<ApiAnswer>;

/** Two server processes (or, on PGlite, two app instances) on one database, each with its own caches. */
interface Cluster {
  backends: [Send, Send];
  /** The database both use, as a person at psql would. */
  database: DatabaseHandle;
  /**
   * Ends every backend's listening connection as a database restart does, runs `meanwhile`, and resolves once
   * every backend listens again.
   */
  loseFeeds(meanwhile: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

// The one sign-in limit setting every backend is given.
const loginLimit = { LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW: '600' };

const parseBody = (text: string): unknown => (text ? JSON.parse(text) : null);

function injected(app: FastifyInstance): Send {
  return async ({ method, url, token, body }) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: parseBody(res.body), headers: res.headers as Record<string, string> };
  };
}

function overHttp(baseUrl: string): Send {
  return async ({ method, url, token, body }) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: parseBody(await res.text()), headers: Object.fromEntries(res.headers) };
  };
}

/** Without DATABASE_URL: PGlite lives inside one process, so two apps from the factory share its handle. */
async function twoAppsOnPglite(): Promise<Cluster> {
  const database = await openTestDatabase();
  const config = testConfig(loginLimit);
  const apps: FastifyInstance[] = [];
  for (const seed of ['always', 'never'] as const) {
    const app = await buildApp({ config, database: database.handle, seed });
    await app.ready();
    apps.push(app);
  }
  return {
    backends: [injected(apps[0]!), injected(apps[1]!)],
    database: database.handle,
    async loseFeeds(meanwhile) {
      for (const app of apps) app.changes.restart();
      await meanwhile();
      await expect.poll(() => apps.every((app) => app.changes.live), { timeout: 10_000 }).toBe(true);
    },
    async close() {
      for (const app of apps) await app.close();
      await database.dispose();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The settings a server process reads from its environment, all taken from the test's one config. */
function processEnv(config: Config, databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATA_DIR: config.dataDir,
    WEB_DIST: config.WEB_DIST!,
    JWT_SECRET: config.jwtSecret,
    CAPTCHA_COST: String(config.CAPTCHA_COST),
    CAPTCHA_MAX_COUNTER: String(config.CAPTCHA_MAX_COUNTER),
    LOGIN_RATE_LIMIT: String(config.LOGIN_RATE_LIMIT),
    LOGIN_RATE_WINDOW: String(config.LOGIN_RATE_WINDOW),
  };
}

/** With DATABASE_URL: two real server processes (the server bundle, built here) on a fresh database. */
async function twoProcessesOnPostgres(serverUrl: string): Promise<Cluster> {
  const created = await createThrowawayDatabase(serverUrl, 'dnx_procs');
  const handle = await openDatabase({ url: created.url });
  const config = testConfig(loginLimit);
  // Migrated and seeded once here, so the two processes start side by side on a database already in line.
  await prepareDatabase(config, { database: handle, seed: 'always' });

  // Inside the repository, so the bundle's external packages resolve from node_modules.
  mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  const bundleDir = mkdtempSync(path.join(root, 'node_modules/.cache/dnx-several-processes-'));
  await bundleServer(bundleDir, ['server.ts']);
  const command = [process.execPath, '--enable-source-maps', path.join(bundleDir, 'server.js')];
  const env = processEnv(config, created.url);
  const started = await Promise.allSettled([startServer({ env, command }), startServer({ env, command })]);
  const removeAll = async () => {
    await Promise.all(started.map((server) => (server.status === 'fulfilled' ? server.value.stop() : undefined)));
    rmSync(bundleDir, { recursive: true, force: true });
    await handle.close();
    await created.drop();
    rmSync(config.dataDir, { recursive: true, force: true });
  };
  const servers = started.flatMap((server) => (server.status === 'fulfilled' ? [server.value] : []));
  if (servers.length !== 2) {
    // A process that did start (detached, in its own group) must not outlive the failed setup.
    await removeAll();
    throw (started.find((server) => server.status === 'rejected') as PromiseRejectedResult).reason;
  }

  const listeningFeeds = async () => {
    // As the owner: the app's role does not see another role's state and query.
    const result = (await handle.asOwner((owner) =>
      owner.execute(sql`
        select pid from pg_stat_activity
        where application_name = 'dnx-change-feed' and datname = current_database()
          and state = 'idle' and query ilike 'listen%'`),
    )) as unknown as { rows: { pid: number }[] };
    return result.rows.map((row) => row.pid);
  };

  return {
    backends: [overHttp(servers[0]!.baseUrl), overHttp(servers[1]!.baseUrl)],
    database: handle,
    async loseFeeds(meanwhile) {
      const lost = await listeningFeeds();
      expect(lost).toHaveLength(2);
      // As the owner: the app's role may not end another role's connections.
      await handle.asOwner((owner) =>
        owner.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in ${lost}`),
      );
      await meanwhile();
      // Each process listens again on a new connection, a second after it saw the old one end.
      await expect
        .poll(async () => (await listeningFeeds()).filter((pid) => !lost.includes(pid)).length, { timeout: 10_000 })
        .toBe(2);
    },
    close: removeAll,
  };
}

const serverUrl = process.env.DATABASE_URL;

describe(
  serverUrl
    ? 'several processes, one database: two server processes on PostgreSQL, over HTTP'
    : 'several processes, one database: two app instances on one PGlite in one process (PGlite cannot be shared between processes), through inject',
  () => {
    let cluster: Cluster | undefined;
    let next = 0;
    let admin: string;

    /** The round-robin client: request i goes to backend i % 2; the answer says which one served it. */
    async function send(request: ApiRequest): Promise<ApiAnswer & { served: number }> {
      const served = next % 2;
      next += 1;
      return { ...(await cluster!.backends[served]!(request)), served };
    }

    /** The same request through both backends, the one that did not serve the last request first. */
    async function throughBoth(request: ApiRequest) {
      const answers = [await send(request), await send(request)] as const;
      expect(answers[1].served).not.toBe(answers[0].served);
      return answers;
    }

    /** What the ALTCHA widget does, with a challenge from whichever backend is next. */
    async function solvedCaptcha(): Promise<string> {
      const res = await send({ method: 'GET', url: '/api/captcha/challenge/' });
      expect(res.status).toBe(200);
      const challenge = res.body as Parameters<typeof solveChallenge>[0]['challenge'];
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    }

    const signInRequest = (email: string, password: string, gtoken: string): ApiRequest => ({
      method: 'POST',
      url: '/api/token/',
      body: { email, password, gtoken },
    });

    async function signIn(email: string, password = demoPassword): Promise<string> {
      const res = await send(signInRequest(email, password, await solvedCaptcha()));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { access: string }).access;
    }

    const countOf = (answer: ApiAnswer) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as { count: number }).count;
    };

    const driverInput = (lastName: string) => ({
      last_name: lastName,
      first_name: 'Elçin',
      parent_name: 'Rauf',
      identity_fin_code: `P${randomBytes(3).toString('hex').toUpperCase()}`,
      driving_license_start_date: '2020-01-01',
      driving_license_finish_date: '2030-01-01',
      driving_category: ['B'],
      status: 1,
    });

    beforeAll(async () => {
      cluster = serverUrl ? await twoProcessesOnPostgres(serverUrl) : await twoAppsOnPglite();
      admin = await signIn('admin@demo.az');
      // Acting on another account asks a fresh confirmation (issue 40): the administrator has no factor, so the password.
      const confirmed = await send({
        method: 'POST',
        url: '/api/user/mfa/step-up/',
        token: admin,
        body: { password: demoPassword },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    });
    afterAll(() => cluster?.close());

    it('refuses a user deactivated through one process at once through the other', async () => {
      const cashier = await signIn('cashier@demo.az');
      const cashierId = (JSON.parse(Buffer.from(cashier.split('.')[1]!, 'base64url').toString()) as { user_id: number })
        .user_id;
      // Open to any signed-in user, and writes nothing: the user is checked from what the process keeps, before any sync.
      const currentUser: ApiRequest = { method: 'POST', url: '/api/user/current-user/', token: cashier, body: {} };
      // Both processes now hold the cashier in memory.
      for (const res of await throughBoth(currentUser)) expect(res.status).toBe(200);

      const deactivated = await send({
        method: 'POST',
        url: '/api/user/users/change-account-status/',
        token: admin,
        body: { id: cashierId, is_active: false },
      });
      expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(201);
      // The other process hears of it through the change feed, as the write commits: within milliseconds, which a
      // loaded CI machine can stretch, so the request is repeated for up to 2 s (the writer's own process is exact).
      const other = 1 - deactivated.served;
      let refused = await cluster!.backends[other]!(currentUser);
      for (let waited = 0; refused.status === 200 && waited < 2_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        refused = await cluster!.backends[other]!(currentUser);
      }
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ detail: 'User is inactive', code: 'user_inactive' });
      expect((await send(currentUser)).status).toBe(401);
    });

    it("refuses a member at once through the other process when their group's permission is removed", async () => {
      const catalogue = (await send({ method: 'GET', url: '/api/user/permissions/', token: admin })).body as {
        id: number;
        code: string;
      }[];
      const viewRegion = catalogue.find((p) => p.code === 'view_region')!.id;
      const name = `Regionlara baxanlar ${randomBytes(3).toString('hex')}`;
      const group = await send({
        method: 'POST',
        url: '/api/user/groups/',
        token: admin,
        body: { name, permissions: [viewRegion] },
      });
      expect(group.status, JSON.stringify(group.body)).toBe(201);
      const groupId = (group.body as { id: number }).id;
      const regionsPage = await send({ method: 'GET', url: regionResource.apiPath, token: admin });
      const region = (regionsPage.body as { results: { id: number }[] }).results[0]!.id;
      const email = `region-reader-${randomBytes(3).toString('hex')}@test.az`;
      const account = await send({
        method: 'POST',
        url: '/api/user/users/create-account/',
        token: admin,
        body: {
          email,
          password: 'Parol1234',
          confirm_password: 'Parol1234',
          first_name: 'Vüqar',
          last_name: 'Nəsirov',
          parent_name: 'Kamal',
          phone: '+994501234567',
          date_of_birth: '1990-05-17',
          region,
          groups: [groupId],
          user_permissions: [],
        },
      });
      expect(account.status, JSON.stringify(account.body)).toBe(201);

      const member = await signIn(email, 'Parol1234');
      const regions: ApiRequest = { method: 'GET', url: regionResource.apiPath, token: member };
      for (const res of await throughBoth(regions)) expect(res.status).toBe(200);

      // Each save sends the version it read, as the group form does.
      let version = (group.body as { version: number }).version;
      const setPermissions = (permissions: number[]): ApiRequest => ({
        method: 'PUT',
        url: `/api/user/groups/${groupId}/`,
        token: admin,
        body: { name, permissions, version },
      });
      const removed = await send(setPermissions([]));
      version = (removed.body as { version: number }).version;
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      const refused = await send(regions);
      expect(refused.served).not.toBe(removed.served);
      expect(refused.status).toBe(403);
      expect((await send(regions)).status).toBe(403);

      const given = await send(setPermissions([viewRegion]));
      expect(given.status).toBe(200);
      const allowed = await send(regions);
      expect(allowed.served).not.toBe(given.served);
      expect(allowed.status).toBe(200);
    });

    it("changes a list's count, whole or searched or filtered, at once through the other process", async () => {
      const lastName = 'Təhməzli';
      const lists: ApiRequest[] = [
        '',
        // The search is folded as Azerbaijani text: "TƏHMƏZLİ" finds "Təhməzli".
        `?search=${encodeURIComponent('TƏHMƏZLİ')}`,
        '?status=1&driving_category=B',
      ].map((query) => ({ method: 'GET', url: `${driverResource.apiPath}${query}`, token: admin }));
      // Each count is now kept in memory by both processes.
      const before: number[] = [];
      for (const list of lists) {
        const [first, second] = await throughBoth(list);
        expect(countOf(second)).toBe(countOf(first));
        before.push(countOf(first));
      }

      const created = await send({
        method: 'POST',
        url: driverResource.apiPath,
        token: admin,
        body: driverInput(lastName),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      for (const [i, list] of lists.entries()) {
        const [other, writer] = await throughBoth(list);
        expect(other.served).not.toBe(created.served);
        expect([countOf(other), countOf(writer)]).toEqual([before[i]! + 1, before[i]! + 1]);
      }

      const removed = await send({
        method: 'POST',
        url: `${driverResource.apiPath}delete-multiple/`,
        token: admin,
        body: { pkList: [(created.body as { id: number }).id] },
      });
      expect(removed.status).toBe(200);
      for (const [i, list] of lists.entries()) {
        const [other, writer] = await throughBoth(list);
        expect(other.served).not.toBe(removed.served);
        expect([countOf(other), countOf(writer)]).toEqual([before[i], before[i]]);
      }
    });

    it('counts failed sign-ins of one account from one address in both processes together, to one limit', async () => {
      const limit = Number(loginLimit.LOGIN_RATE_LIMIT);
      const gtokens: string[] = [];
      for (let i = 0; i < limit + 2; i++) gtokens.push(await solvedCaptcha());
      const failedOn = new Set<number>();
      for (const gtoken of gtokens.slice(0, limit)) {
        const failed = await send(signInRequest('central@demo.az', 'wrong-password-1', gtoken));
        expect(failed.status).toBe(401);
        failedOn.add(failed.served);
      }
      expect([...failedOn].sort()).toEqual([0, 1]);

      // Past the limit both processes refuse, even the right password, and both count the one window.
      const window = Number(loginLimit.LOGIN_RATE_WINDOW);
      const blocked = [];
      for (const gtoken of gtokens.slice(limit))
        blocked.push(await send(signInRequest('central@demo.az', demoPassword, gtoken)));
      expect(blocked.map((res) => res.served).sort()).toEqual([0, 1]);
      for (const res of blocked) {
        expect(res.status).toBe(429);
        const wait = Number(res.headers['retry-after']);
        expect(wait).toBeGreaterThan(window - 30);
        expect(wait).toBeLessThanOrEqual(window);
      }
    });

    it('stays exact when the database ends the listening connections, as in a restart', async () => {
      const total: ApiRequest = { method: 'GET', url: driverResource.apiPath, token: admin };
      const [first] = await throughBoth(total);
      const before = countOf(first);

      await cluster!.loseFeeds(async () => {
        // Written while nobody listens: its notice is lost, so no count kept from before may survive.
        const input = driverInput('Feedsiz');
        await cluster!.database.db.insert(drivers).values({
          lastName: input.last_name,
          firstName: input.first_name,
          parentName: input.parent_name,
          identityFinCode: input.identity_fin_code,
          drivingLicenseStartDate: input.driving_license_start_date,
          drivingLicenseFinishDate: input.driving_license_finish_date,
          drivingCategory: input.driving_category,
        });
      });
      for (const res of await throughBoth(total)) expect(countOf(res)).toBe(before + 1);

      // And the new listening connections carry changes again.
      const created = await send({
        method: 'POST',
        url: driverResource.apiPath,
        token: admin,
        body: driverInput('Yenidən'),
      });
      expect(created.status).toBe(201);
      const seen = await send(total);
      expect(seen.served).not.toBe(created.served);
      expect(countOf(seen)).toBe(before + 2);
    });
  },
);
