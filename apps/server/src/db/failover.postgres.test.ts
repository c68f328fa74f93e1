import { errorMessages } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';
import { buildApp } from '../app';
import { databaseUnavailable } from '../lib/db-errors';
import { signInAs } from '../test/auth-helpers';
import { startRelay } from '../test/tcp-relay';
import { testConfig, type TestApp } from '../test/test-app';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * What a failover does to the app's connections (docs/operations.md, "High availability"), on a real PostgreSQL
 * reached through a TCP relay that the test cuts as a dying primary cuts its connections: the process never dies of
 * a lost connection, a key given back during the outage is free once the database answers, and a commit is never
 * cancelled by the statement timeout.
 */

const serverUrl = process.env.DATABASE_URL!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('connections lost in a failover (PostgreSQL behind a relay)', () => {
  let owned: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let relayedUrl: string;
  beforeAll(async () => {
    owned = await createThrowawayDatabase(serverUrl, 'dnx_failover');
    relay = await startRelay(new URL(serverUrl));
    relayedUrl = relay.url(new URL(owned.url).pathname.slice(1));
  });
  afterAll(async () => {
    await relay.stop().catch(() => undefined);
    await owned.drop();
  });

  it('a connection lost while a transaction holds it fails that transaction as unavailable, and the process lives', async () => {
    const handle = await openDatabase({ url: relayedUrl });
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const transaction = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The connection is checked out and idle between two statements when the server goes away.
        await relay.stop();
        await sleep(200);
        await tx.execute(sql`select 2`);
      });
      const failure = await transaction.then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).not.toBeNull();
      expect(databaseUnavailable(failure)).toBe(true);
      expect(uncaught).toEqual([]);
      await relay.start();
      // The pool dropped the dead connection: the next query gets a new one.
      await expect(handle.db.execute(sql`select 3`)).resolves.toBeDefined();
    } finally {
      process.off('uncaughtException', onUncaught);
      await relay.start().catch(() => undefined);
      await handle.close();
    }
  });

  // PostgreSQL itself turns the statement timeout off before it commits (finish_xact_command): a synchronous commit
  // waiting for its standby is never cancelled into a "success" that a failover may lose. The app sets no other
  // timeout on a query (no `query_timeout`); this holds the property.
  it('commits run with no statement timeout: a commit that takes longer than it is not cancelled', async () => {
    const handle = await openDatabase({ url: owned.url, timeouts: { statementMs: 300, idleInTransactionMs: 5_000 } });
    try {
      // A deferred trigger makes the COMMIT itself take 0.8 s, as a synchronous commit waits for its standby.
      await handle.db.execute(sql`create table slow_commits (id int primary key)`);
      await handle.db.execute(sql`create function slow_commit() returns trigger language plpgsql as
        $$ begin perform pg_sleep(0.8); return null; end $$`);
      await handle.db.execute(sql`create constraint trigger slow_commit after insert on slow_commits
        deferrable initially deferred for each row execute function slow_commit()`);
      // A statement still times out.
      await expect(handle.db.execute(sql`select pg_sleep(0.8)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into slow_commits values (1)`);
      });
      const rows = (await handle.db.execute(sql`select count(*)::int as n from slow_commits`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows.rows[0]!.n).toBe(1);
    } finally {
      await handle.db.execute(sql`drop table if exists slow_commits`);
      await handle.db.execute(sql`drop function if exists slow_commit()`);
      await handle.close();
    }
  });

  it("a key whose claim committed without an answer (its COMMIT's reply lost) is given back once the database answers", async () => {
    const routes: FastifyPluginAsyncZod = async (app) => {
      app.post(
        '/api/test/doubt/',
        {
          config: { access: { permissions: [] }, idempotency: true },
          schema: { operationId: 'testDoubt', body: z.object({ tag: z.string() }), response: { 201: z.object({}) } },
        },
        async (_request, reply) => reply.code(201).send({}),
      );
    };
    let handle: DatabaseHandle | undefined;
    let app: FastifyInstance | undefined;
    try {
      handle = await openDatabase({ url: relayedUrl });
      app = await buildApp({ config: testConfig(), database: handle, seed: 'always' });
      await app.register(routes);
      await app.ready();
      const { headers } = await signInAs({ app, database: handle } as unknown as TestApp, 'cashier@demo.az');
      // The claim's COMMIT takes 1 s (as a synchronous commit waits for its standby): the connection is cut while
      // it runs, so the row commits and its answer never comes back. Made with the owner's login, straight.
      const direct = await openDatabase({ url: owned.url });
      await direct.db.execute(sql`create function slow_claim() returns trigger language plpgsql as
        $$ begin perform pg_sleep(1); return null; end $$`);
      await direct.db.execute(sql`create constraint trigger slow_claim after insert on idempotency_keys
        deferrable initially deferred for each row when (new.key = 'in-doubt-1') execute function slow_claim()`);
      const request = { method: 'POST' as const, url: '/api/test/doubt/', payload: { tag: 'a' } };
      const keyed = { ...headers, 'idempotency-key': 'in-doubt-1' };
      const first = app.inject({ ...request, headers: keyed });
      // The relay is cut once the claim's COMMIT is under way (its trigger sleeps).
      for (let waited = 0; waited < 10_000; waited += 50) {
        const sleeping = await direct.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()`,
        );
        if ((sleeping as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) break;
        await sleep(50);
      }
      await relay.stop();
      const answer = await first;
      expect(answer.statusCode, answer.body).toBe(503);
      try {
        await direct.db.execute(sql`drop trigger slow_claim on idempotency_keys`);
        // The claim did commit (seen while the app is still cut off): without its release, every retry would meet
        // 409 until the key is stale (300 s).
        const rows = await direct.db.execute(
          sql`select count(*)::int as n from idempotency_keys where key = 'in-doubt-1'`,
        );
        expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      } finally {
        await direct.close();
      }
      await relay.start();
      await sleep(1_000);
      const retried = await app.inject({ ...request, headers: keyed });
      expect(retried.statusCode, retried.body).toBe(201);
    } finally {
      await relay.start().catch(() => undefined);
      await app?.close();
      await handle?.close();
    }
  }, 60_000);

  it('an idempotency key whose release failed in the outage is free as soon as the database answers', async () => {
    let cut = true;
    const routes: FastifyPluginAsyncZod = async (app) => {
      app.post(
        '/api/test/outage/',
        {
          config: { access: { permissions: [] }, idempotency: true },
          schema: { operationId: 'testOutage', body: z.object({ tag: z.string() }), response: { 201: z.object({}) } },
        },
        async (request, reply) => {
          // The key is claimed; the database goes away before the work.
          if (cut) await relay.stop();
          await app.db.execute(sql`select ${request.body.tag}`);
          return reply.code(201).send({});
        },
      );
    };
    let handle: DatabaseHandle | undefined;
    let app: FastifyInstance | undefined;
    try {
      handle = await openDatabase({ url: relayedUrl });
      app = await buildApp({ config: testConfig(), database: handle, seed: 'always' });
      await app.register(routes);
      await app.ready();
      const { headers } = await signInAs({ app, database: handle } as unknown as TestApp, 'cashier@demo.az');
      const request = { method: 'POST' as const, url: '/api/test/outage/', payload: { tag: 'a' } };
      const keyed = { ...headers, 'idempotency-key': 'outage-1' };
      const first = await app.inject({ ...request, headers: keyed });
      expect(first.statusCode, first.body).toBe(503);
      expect(first.json()).toEqual({ detail: errorMessages.unavailable });
      cut = false;
      await relay.start();
      // The client retries after Retry-After (1 s): the key was given back meanwhile, so the work runs now.
      await sleep(1_000);
      const retried = await app.inject({ ...request, headers: keyed });
      expect(retried.statusCode, retried.body).toBe(201);
    } finally {
      await relay.start().catch(() => undefined);
      await app?.close();
      await handle?.close();
    }
  });
});
