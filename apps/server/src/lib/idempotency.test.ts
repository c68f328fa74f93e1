import { idempotencyMessages } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { signInAs } from '../test/auth-helpers';
import { operationsOf, readDocument } from '../test/openapi-walk';
import { createTestApp, testConfig, type TestApp } from '../test/test-app';
import { conflict } from './http-errors';

/** How many times the test route's work really ran, per body `tag`. */
const runs = new Map<string, number>();
const ran = (tag: string) => runs.get(tag) ?? 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A test-only route that opts in: it counts its runs, can take its time, fail, or refuse. */
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/idempotent/',
    {
      config: { access: { permissions: [] }, idempotency: true },
      schema: {
        operationId: 'testIdempotent',
        body: z.object({
          tag: z.string(),
          delay_ms: z.number().int().min(0).max(5_000).default(0),
          outcome: z.enum(['ok', 'conflict', 'crash']).default('ok'),
        }),
        response: { 201: z.object({ tag: z.string(), run: z.number().int().min(1).max(1000) }) },
      },
    },
    async (request, reply) => {
      const { tag, delay_ms: delay, outcome } = request.body;
      const run = ran(tag) + 1;
      runs.set(tag, run);
      await sleep(delay);
      if (outcome === 'conflict') throw conflict(`refused run ${run}`);
      if (outcome === 'crash') throw new Error('the work failed');
      return reply.code(201).send({ tag, run });
    },
  );
};

const extend = (app: FastifyInstance) => void app.register(testRoutes);

let t: TestApp;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: true, extend });
  headers = (await signInAs(t, 'cashier@demo.az')).headers;
  otherHeaders = (await signInAs(t, 'operator@demo.az')).headers;
});

afterAll(async () => {
  await t?.close();
});

let n = 0;
let tag: string;
beforeEach(() => {
  tag = `t${(n += 1)}`;
});

const post = (body: Record<string, unknown>, key?: string, as = headers, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/test/idempotent/',
    headers: { ...as, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

describe('Idempotency-Key', () => {
  it('without a key, every request runs', async () => {
    expect((await post({ tag })).statusCode).toBe(201);
    expect((await post({ tag })).statusCode).toBe(201);
    expect(ran(tag)).toBe(2);
  });

  it('the same key and body answers the first answer again, without running twice', async () => {
    const first = await post({ tag }, `key-${tag}-0001`);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post({ tag }, `key-${tag}-0001`);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(ran(tag)).toBe(1);
  });

  it('the same key with another body is a 422 and runs nothing', async () => {
    await post({ tag }, `key-${tag}-0001`);
    const other = await post({ tag, delay_ms: 1 }, `key-${tag}-0001`);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: idempotencyMessages.keyReused });
    expect(ran(tag)).toBe(1);
  });

  it('while the first request still runs, the same key is a 409 with Retry-After', async () => {
    const slow = post({ tag, delay_ms: 600 }, `key-${tag}-0001`);
    await sleep(150);
    const meanwhile = await post({ tag, delay_ms: 600 }, `key-${tag}-0001`);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toEqual({ detail: idempotencyMessages.inProgress });
    expect(meanwhile.headers['retry-after']).toBe('1');
    expect((await slow).statusCode).toBe(201);
    expect((await post({ tag, delay_ms: 600 }, `key-${tag}-0001`)).headers['idempotent-replayed']).toBe('true');
    expect(ran(tag)).toBe(1);
  });

  it('keys are per user: another user with the same key runs their own request', async () => {
    await post({ tag }, `key-${tag}-0001`);
    const theirs = await post({ tag }, `key-${tag}-0001`, otherHeaders);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(ran(tag)).toBe(2);
  });

  it('a refusal (4xx) is an answer too: replayed, not run again', async () => {
    const first = await post({ tag, outcome: 'conflict' }, `key-${tag}-0001`);
    expect(first.statusCode).toBe(409);
    const again = await post({ tag, outcome: 'conflict' }, `key-${tag}-0001`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'refused run 1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(ran(tag)).toBe(1);
  });

  it('a server failure (5xx) is not kept: the retry runs the work', async () => {
    expect((await post({ tag, outcome: 'crash' }, `key-${tag}-0001`)).statusCode).toBe(500);
    expect((await post({ tag, outcome: 'crash' }, `key-${tag}-0001`)).statusCode).toBe(500);
    expect(ran(tag)).toBe(2);
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, `key-${tag}-0001`));
    expect(rows).toEqual([]);
  });

  it('a first request whose process died is taken over once it is stale', async () => {
    const key = `key-${tag}-0001`;
    const { userId } = await signInAs(t, 'cashier@demo.az');
    const { requestHash } = await import('./idempotency');
    // What a process killed in the middle leaves: a claimed key, no answer.
    await t.database.db.insert(idempotencyKeys).values({
      userId,
      key,
      requestHash: requestHash('POST', '/api/test/idempotent/', { tag, delay_ms: 0, outcome: 'ok' }),
    });
    expect((await post({ tag }, key)).statusCode).toBe(409);
    await t.database.db
      .update(idempotencyKeys)
      .set({ startedAt: sql`now() - interval '10 minutes'` })
      .where(eq(idempotencyKeys.key, key));
    const retry = await post({ tag }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await post({ tag }, key)).headers['idempotent-replayed']).toBe('true');
    expect(ran(tag)).toBe(1);
  });

  it('an answer older than the keeping time is forgotten: the key runs anew', async () => {
    const key = `key-${tag}-0001`;
    await post({ tag }, key);
    await t.database.db
      .update(idempotencyKeys)
      .set({ completedAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const fresh = await post({ tag, delay_ms: 1 }, key);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json()).toEqual({ tag, run: 2 });
  });

  it('refuses a malformed key under the header, before any work', async () => {
    for (const key of ['short', 'x'.repeat(129), 'has space in it', 'ünicode-key-1']) {
      const res = await post({ tag }, key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toEqual({ 'idempotency-key': [idempotencyMessages.keyInvalid] });
    }
    expect(ran(tag)).toBe(0);
  });

  it('declares the header, the 409 and the 422 in the OpenAPI document', async () => {
    const operation = operationsOf(await readDocument(t.app)).find((op) => op.operationId === 'testIdempotent')!;
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({
        name: 'idempotency-key',
        in: 'header',
        required: false,
        schema: expect.objectContaining({ pattern: '^[A-Za-z0-9_.:-]{8,128}$' }),
      }),
    );
    const doc = (await readDocument(t.app)) as unknown as {
      paths: Record<string, { post: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(doc.paths['/api/test/idempotent/']!.post.responses)).toEqual(
      expect.arrayContaining(['201', '409', '422']),
    );
  });

  it('20 concurrent requests with one key: the work runs once, every other answer is the first or a 409', async () => {
    const key = `key-${tag}-0001`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => post({ tag, delay_ms: 300 }, key)));
    expect(ran(tag)).toBe(1);
    const fresh = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer === fresh[0]) continue;
      if (answer.statusCode === 409) expect(answer.json()).toEqual({ detail: idempotencyMessages.inProgress });
      else expect(answer.json()).toEqual(fresh[0]!.json());
    }
  });
});

describe('Idempotency-Key across two server processes on one database', () => {
  let second: FastifyInstance;
  let secondHandle: DatabaseHandle | null = null;
  let dropSecond: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    // On PostgreSQL: a second app with its own pool, as another process has. PGlite has one owner: a second app
    // from the factory on the same handle, with its own hooks and memory.
    let handle = t.database;
    if (t.database.kind === 'postgres') {
      const result = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
      const [row] = (result as unknown as { rows: { name: string }[] }).rows;
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      secondHandle = await openDatabase({ url: url.toString() });
      await secondHandle.useAppRole();
      handle = secondHandle;
    }
    second = await buildApp({ config: testConfig(), database: handle, seed: 'never' });
    extend(second);
    await second.ready();
    dropSecond = async () => {
      await second.close();
      await secondHandle?.close();
    };
  });

  afterAll(async () => {
    await dropSecond?.();
  });

  it('requests split over both: the work runs once', async () => {
    const key = `key-${tag}-0001`;
    // Both processes share the signing secret and the database: the same token signs in on either.
    const secondHeaders = headers;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? post({ tag, delay_ms: 300 }, key) : post({ tag, delay_ms: 300 }, key, secondHeaders, second),
      ),
    );
    expect(ran(tag)).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed'])).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const replay = await post({ tag, delay_ms: 300 }, key, secondHeaders, second);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
