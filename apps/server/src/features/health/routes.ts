import { noQuerySchema, retryAfterSeconds } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsCurrent } from '../../db/migrate';
import { createOutageLog } from './outage-log';

const healthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });
const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.enum(['ok', 'error']),
  /** Each check by name (database, migrations, replica, jobs): `ok`, or why it failed. */
  checks: z.record(z.string(), z.string()),
});

/** How long one readiness check may take before it counts as failed. */
const checkTimeoutMs = 2_000;

/**
 * `/api/health/` (as before: the database answers), `/api/health/live/` (the process answers: a restart is the cure
 * only when this fails) and `/api/health/ready/` (everything the process needs to serve: a load balancer sends it
 * requests only while this holds; a database outage makes every process unready, not dead). The app does not log
 * the probes' requests (app.ts), only a failed check.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A failed check is logged when it starts failing and when it holds again, not at every probe (issue 44).
  const outages = createOutageLog(app.log);
  app.readinessChecks.set('database', () => app.database.ping());
  app.readinessChecks.set('migrations', async () => {
    if (!(await migrationsCurrent(app.db))) throw new Error('behind this release: run npm run db:migrate');
  });

  app.get(
    '/api/health/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Service and database health',
        querystring: noQuerySchema,
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      try {
        await withTimeout(app.database.ping(), checkTimeoutMs);
        outages.holds('database');
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (err) {
        outages.fails('database', err);
        return reply
          .status(503)
          .header('retry-after', String(retryAfterSeconds))
          .send({ status: 'error', db: 'error' });
      }
    },
  );

  app.get(
    '/api/health/live/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getLiveness',
        tags: ['health'],
        summary: 'Liveness: the process answers (no database)',
        querystring: noQuerySchema,
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary: 'Readiness: the database, the migrations, the replica when set, the job worker',
        querystring: noQuerySchema,
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const entries = [...app.readinessChecks.entries()];
      const results = await Promise.all(
        entries.map(async ([name, check]) => {
          try {
            await withTimeout(check(), checkTimeoutMs);
            outages.holds(name);
            return [name, 'ok'] as const;
          } catch (err) {
            outages.fails(name, err);
            return [name, (err as Error).message || 'failed'] as const;
          }
        }),
      );
      const checks = Object.fromEntries(results);
      if (results.every(([, result]) => result === 'ok')) return { status: 'ok' as const, checks };
      return reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ status: 'error', checks });
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
