import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import {
  detailErrorSchema,
  idempotencyHeader,
  idempotencyHeadersSchema,
  idempotencyMessages,
  idempotentReplayedHeader,
} from '@dnx/shared';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Transaction } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { canonicalJson } from './hash-chain';
import { HttpError } from './http-errors';

/**
 * Idempotency keys for any route that opts in with `config: { idempotency: true }`: its OpenAPI operation then
 * declares the optional `Idempotency-Key` header and the 409 and 422 answers, and a request carrying a key
 *   - starts the work only after its row (user, key, request hash) is inserted and committed on its own: the
 *     unique index is the lock, so two processes cannot both start the same key;
 *   - with the same key and the same request (method, path and body as read) after the first finished: gets the
 *     first answer again (status and body, `Idempotent-Replayed: true`), nothing runs twice;
 *   - with the same key and another request: 422;
 *   - while the first still runs: 409 with Retry-After.
 * Answers of 500 and above are not kept (the work did not happen; the key can be retried). A first request whose
 * process died leaves its row running; after `staleAfterSeconds` the next request with the key takes it over.
 * Keys are kept for `keepHours`, then forgotten.
 *
 * **A crash between the commit and the kept answer.** A route that declares its effect (`IdempotentEffect`: the
 * audited resource it writes) has the key marked with the record in the transaction of the effect itself (the audit
 * row of that resource marks it: every change is audited in its transaction). A retry that finds the key marked but
 * without an answer gets the original answer again at once, on any process, re-read from that record by the route's
 * `replay`: the cashier is told of the payment that exists, never that it failed.
 */

/** What an idempotent route writes, so a lost answer can be given again from it. */
export interface IdempotentEffect {
  /** The audited resource of the record the effect writes (`payment`): its audit row marks the key. */
  resource: string;
  /** The answer again, from the record (`recordId` as audited): what the route answered when it wrote it. */
  replay(request: FastifyRequest, recordId: string): Promise<{ status: number; body: unknown }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours the `Idempotency-Key` header (lib/idempotency.ts); with its effect, even across a crash. */
    idempotency?: true | IdempotentEffect;
  }
}

/** The key a request being served has claimed, and the resource its effect writes. */
const currentClaim = new AsyncLocalStorage<{ id: number; resource: string | null; marked: boolean }>();

/**
 * Marks the request's claimed key with the record its effect wrote, in the transaction of the effect (called by
 * `recordAudit` for every audited change; only the route's declared resource, only the first record, count).
 */
export async function markIdempotentEffect(tx: Transaction, resource: string, recordId: string): Promise<void> {
  const claim = currentClaim.getStore();
  if (!claim || claim.marked || claim.resource !== resource) return;
  claim.marked = true;
  await tx
    .update(idempotencyKeys)
    .set({ effectResource: resource, effectRecordId: recordId })
    .where(eq(idempotencyKeys.id, claim.id));
}

export const idempotencySettings = {
  /** A running first request older than this is taken to be dead (its transaction rolled back with its process). */
  staleAfterSeconds: 300,
  /** How long a finished answer is replayed. */
  keepHours: 24,
};

/** A finished answer past its keeping time, or a first request that has run too long to be alive. */
const expired = sql`${idempotencyKeys.completedAt} < now() - make_interval(hours => ${idempotencySettings.keepHours})`;
const stale = sql`${idempotencyKeys.completedAt} is null and ${idempotencyKeys.startedAt} < now() - make_interval(secs => ${idempotencySettings.staleAfterSeconds})`;

type Begin =
  | { kind: 'started'; id: number }
  | { kind: 'replay'; status: number; contentType: string | null; body: string }
  | { kind: 'effect'; id: number; resource: string; recordId: string }
  | { kind: 'mismatch' }
  | { kind: 'running' };

/** sha256 of what the request asks: method, path with query, and the body as the route's schema read it. */
export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson([method, url, body ?? null]))
    .digest('hex');
}

/**
 * Claims a key for a request, or says what happened to it before. Every statement commits on its own: the claim
 * is visible to every other process before the work starts.
 */
export async function beginIdempotent(
  db: Database,
  userId: number,
  key: string,
  hash: string,
  inDoubt: (claim: InDoubtClaim) => void = () => {},
): Promise<Begin> {
  const inserted = await claimKey(db, userId, key, hash, inDoubt);
  if (inserted) return { kind: 'started', id: inserted.id };

  const [row] = await db
    .select({
      id: idempotencyKeys.id,
      requestHash: idempotencyKeys.requestHash,
      responseStatus: idempotencyKeys.responseStatus,
      responseContentType: idempotencyKeys.responseContentType,
      responseBody: idempotencyKeys.responseBody,
      effectResource: idempotencyKeys.effectResource,
      effectRecordId: idempotencyKeys.effectRecordId,
      expired: sql<boolean>`${expired}`,
      stale: sql<boolean>`${stale}`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Released meanwhile (the first answered 5xx): claim it again.
  if (!row) return beginIdempotent(db, userId, key, hash, inDoubt);

  // The effect committed and its answer was lost (the process died between): answered from the record.
  const lostAnswer = row.responseStatus === null && row.effectResource !== null && row.effectRecordId !== null;
  if (lostAnswer && !row.expired && row.requestHash === hash)
    return { kind: 'effect', id: row.id, resource: row.effectResource!, recordId: row.effectRecordId! };
  // A forgotten answer, or a first request that died before its effect: taken over by this one, if no other request
  // took it first.
  if (row.expired || (row.stale && row.requestHash === hash)) {
    const [taken] = await db
      .update(idempotencyKeys)
      .set({
        requestHash: hash,
        startedAt: sql`now()`,
        responseStatus: null,
        responseContentType: null,
        responseBody: null,
        completedAt: null,
        effectResource: null,
        effectRecordId: null,
      })
      // The same test again, in the statement: of two requests taking over at once, one finds the row fresh.
      .where(
        and(
          eq(idempotencyKeys.id, row.id),
          sql`(${expired} or (${stale} and ${idempotencyKeys.requestHash} = ${row.requestHash}))`,
        ),
      )
      .returning({ id: idempotencyKeys.id });
    return taken ? { kind: 'started', id: taken.id } : { kind: 'running' };
  }
  if (row.requestHash !== hash) return { kind: 'mismatch' };
  if (row.responseStatus === null || row.responseBody === null) return { kind: 'running' };
  return { kind: 'replay', status: row.responseStatus, contentType: row.responseContentType, body: row.responseBody };
}

/** A claim whose COMMIT was sent and never answered (the connection was lost in a failover): it may have committed. */
export interface InDoubtClaim {
  userId: number;
  key: string;
  /** The claim's transaction id (pg_current_xact_id), so only the row it inserted is given back. */
  xid: string;
}

/**
 * Inserts the key's row in a transaction whose id is read first: when the COMMIT's answer is lost, the row may exist
 * with nobody to finish it (every retry would meet 409 until it is stale), so `inDoubt` gets the transaction's id.
 */
async function claimKey(
  db: Database,
  userId: number,
  key: string,
  hash: string,
  inDoubt: (claim: InDoubtClaim) => void,
): Promise<{ id: number } | undefined> {
  // Set inside the transaction's callback (so typed by hand: narrowing does not follow a callback).
  let xid = null as string | null;
  let inserted = undefined as { id: number } | undefined;
  try {
    await db.transaction(async (tx) => {
      const current = await tx.execute(sql`select pg_current_xact_id()::text as xid`);
      xid = (current as unknown as { rows: { xid: string }[] }).rows[0]!.xid;
      [inserted] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
        .returning({ id: idempotencyKeys.id });
    });
  } catch (err) {
    if (xid !== null && inserted) inDoubt({ userId, key, xid });
    throw err;
  }
  return inserted;
}

/**
 * Gives back the row an in-doubt claim inserted, if it committed and nothing came of it (no answer, no effect); the
 * row's xmin names the claim's transaction, so a retry's own claim is never taken.
 */
export async function releaseInDoubt(db: Database, claim: InDoubtClaim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.key, claim.key),
        isNull(idempotencyKeys.completedAt),
        isNull(idempotencyKeys.effectResource),
        sql`${idempotencyKeys}.xmin::text = (${claim.xid}::bigint % 4294967296)::text`,
      ),
    );
}

/** Keeps the first answer of a claimed key. */
export async function completeIdempotent(
  db: Database,
  id: number,
  answer: { status: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: answer.status,
      responseContentType: answer.contentType,
      responseBody: answer.body,
      completedAt: sql`now()`,
    })
    .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.completedAt)));
}

/**
 * Gives a key back (the first request failed on the server's side): a retry runs the work. Never a key whose effect
 * committed: its retry is answered from the record instead of doing the work twice.
 */
export async function releaseIdempotent(db: Database, id: number): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.completedAt), isNull(idempotencyKeys.effectResource)),
    );
}

/** Forgets answers older than the keeping time. */
export async function purgeIdempotencyKeys(db: Database): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.completedAt, sql`now() - make_interval(hours => ${idempotencySettings.keepHours})`))
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}

/** The errors an idempotent route adds to its document. */
export const idempotencyErrors = { 409: detailErrorSchema, 422: detailErrorSchema } as const;

/** Declares the header and the answers on every route that opts in (so the document and the validation agree). */
function declareIdempotency(route: RouteOptions): void {
  if (!route.config?.idempotency) return;
  if (route.method === 'GET' || (Array.isArray(route.method) && route.method.includes('GET'))) {
    throw new Error(`${String(route.method)} ${route.url}: Idempotency-Key is for requests that change something`);
  }
  const schema = (route.schema ?? {}) as NonNullable<RouteOptions['schema']> & { response?: Record<string, unknown> };
  if (schema.headers) throw new Error(`${route.url}: an idempotent route declares no headers of its own`);
  route.schema = {
    ...schema,
    headers: idempotencyHeadersSchema,
    response: { ...idempotencyErrors, ...schema.response },
  };
}

/**
 * The plugin: registered before compression, so the answer it keeps is the JSON text the route wrote, and after
 * the database. Its hooks act only on routes with `config.idempotency`.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', declareIdempotency);
  const claimed = new WeakMap<FastifyRequest, number>();
  // Keys whose release failed (the database was away when their request answered 503), and claims whose commit went
  // unanswered: given back as soon as the database answers again, so a client's retry after the outage runs instead
  // of meeting 409 until the key is stale.
  const releases = createReleaseRetries(app);

  const begin = async (request: FastifyRequest, reply: FastifyReply): Promise<number | 'answered' | null> => {
    const effect = request.routeOptions.config.idempotency;
    const key = request.headers[idempotencyHeader];
    if (!effect || typeof key !== 'string' || !request.user) return null;
    const hash = requestHash(request.method, request.url, request.body);
    const outcome = await beginIdempotent(app.db, request.user.id, key, hash, (claim) => releases.addInDoubt(claim));
    switch (outcome.kind) {
      case 'started':
        claimed.set(request, outcome.id);
        return outcome.id;
      case 'mismatch':
        throw new HttpError(422, { detail: idempotencyMessages.keyReused });
      case 'running':
        throw new HttpError(409, { detail: idempotencyMessages.inProgress }, { 'retry-after': '1' });
      case 'replay':
        reply
          .code(outcome.status)
          .header(idempotentReplayedHeader, 'true')
          .type(outcome.contentType ?? 'application/json; charset=utf-8');
        reply.send(outcome.body);
        return 'answered';
      case 'effect': {
        if (effect === true || effect.resource !== outcome.resource)
          throw new HttpError(409, { detail: idempotencyMessages.inProgress }, { 'retry-after': '1' });
        // The answer the crash lost, from the record; kept for the next retry like a first answer.
        const again = await effect.replay(request, outcome.recordId);
        claimed.set(request, outcome.id);
        reply.code(again.status).header(idempotentReplayedHeader, 'true');
        reply.send(again.body);
        return 'answered';
      }
    }
  };

  // Callback style: the rest of a claimed request (its handler) runs with the claim known to `markIdempotentEffect`.
  app.addHook('preHandler', (request, reply, done) => {
    begin(request, reply).then(
      (id) => {
        // Answered here (a kept or a lost answer given again): the handler does not run, and `done` is not called.
        if (id === 'answered') return;
        if (id === null) return done();
        const resource = request.routeOptions.config.idempotency;
        currentClaim.run(
          { id, resource: resource === true ? null : (resource?.resource ?? null), marked: false },
          done,
        );
      },
      (err: unknown) => done(err as Error),
    );
  });

  const settle = async (request: FastifyRequest, status: number, contentType: string | null, payload: unknown) => {
    const id = claimed.get(request);
    if (id === undefined) return;
    claimed.delete(request);
    const release = status >= 500 || typeof payload !== 'string';
    try {
      if (release) await releaseIdempotent(app.db, id);
      else await completeIdempotent(app.db, id, { status, contentType, body: payload });
    } catch (err) {
      // The answer still goes out. A key to give back is tried again; a kept answer that failed leaves the key
      // running until it is taken over as stale (its effect, if it committed, answers the retry: `effect`).
      request.log.error({ err }, 'keeping an idempotent answer failed');
      if (release) releases.add(id);
    }
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const contentType = reply.getHeader('content-type');
    await settle(request, reply.statusCode, typeof contentType === 'string' ? contentType : null, payload);
    return payload;
  });
  // An answer that never reached onSend (the client went away first): the key is given back.
  app.addHook('onResponse', async (request) => settle(request, 500, null, undefined));
});

/** How often a key whose release failed is tried again, and for how long (then it is stale anyway). */
const releaseRetryMs = 500;

/** Gives back, once the database answers, the keys whose release failed; stops with the app. */
function createReleaseRetries(app: FastifyInstance) {
  // What to give back, by key: a claimed row's id, or an in-doubt claim.
  const pending = new Map<number | InDoubtClaim, number>();
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    timer = undefined;
    for (const [release, until] of pending) {
      try {
        if (typeof release === 'number') await releaseIdempotent(app.db, release);
        else await releaseInDoubt(app.db, release);
        pending.delete(release);
      } catch {
        if (Date.now() > until) pending.delete(release);
      }
    }
    schedule();
  };
  const schedule = () => {
    if (timer || pending.size === 0) return;
    timer = setTimeout(() => void run(), releaseRetryMs);
    timer.unref();
  };
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    pending.clear();
  });
  return {
    add(id: number) {
      pending.set(id, Date.now() + idempotencySettings.staleAfterSeconds * 1000);
      schedule();
    },
    addInDoubt(claim: InDoubtClaim) {
      pending.set(claim, Date.now() + idempotencySettings.staleAfterSeconds * 1000);
      schedule();
    },
  };
}
