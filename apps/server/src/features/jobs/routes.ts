import { detailErrorSchema, jobLabels, jobMessages, jobSchema, noQuerySchema, type Job } from '@dnx/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import { jobRuns } from '../../db/schema';
import { signedInErrors } from '../../lib/api-errors';
import { HttpError } from '../../lib/http-errors';
import { authUser } from '../../plugins/auth';
import { jobTimeZone } from './definitions';

const common = { tags: ['jobs'], security: [{ bearer: [] }] };
// The administrators' (those who read the audit trail, which the checks guard).
const access = { access: { permissions: ['view_auditlog'] } } as const;
const nameParams = z.object({ name: z.string().max(50) });

/** The scheduled jobs for administrators: each one's schedule, next and last run, failures; and "run now". */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/jobs/',
    {
      config: access,
      schema: {
        operationId: 'listJobs',
        ...common,
        summary:
          'The scheduled jobs: cron schedule (Baku time), next run, last run with its result, failures in 7 days',
        querystring: noQuerySchema,
        response: { 200: z.array(jobSchema), ...signedInErrors },
      },
    },
    async (): Promise<Job[]> =>
      Promise.all(
        app.jobs.definitions.map(async (definition) => {
          const [last] = await app.db
            .select()
            .from(jobRuns)
            .where(eq(jobRuns.job, definition.name))
            .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
            .limit(1);
          const [failed] = await app.db
            .select({ n: sql<number>`count(*)::int` })
            .from(jobRuns)
            .where(
              and(
                eq(jobRuns.job, definition.name),
                eq(jobRuns.ok, false),
                gt(jobRuns.startedAt, sql`now() - interval '7 days'`),
              ),
            );
          const next = CronExpressionParser.parse(definition.cron, { tz: jobTimeZone }).next().toDate();
          return {
            name: definition.name,
            label: jobLabels[definition.name] ?? definition.name,
            cron: definition.cron,
            time_zone: jobTimeZone,
            next_run_at: next.toISOString(),
            last_run: last
              ? {
                  started_at: last.startedAt.toISOString(),
                  finished_at: last.finishedAt?.toISOString() ?? null,
                  ok: last.ok,
                  summary: last.summary,
                  error: last.error,
                  trigger: last.trigger,
                }
              : null,
            failures: failed?.n ?? 0,
          };
        }),
      ),
  );

  app.post(
    '/api/jobs/:name/run/',
    {
      config: access,
      schema: {
        operationId: 'runJob',
        ...common,
        summary: 'Run a job now: it is queued, and one process runs it within seconds (202)',
        params: nameParams,
        response: { 202: z.object({ detail: z.string() }), ...signedInErrors, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const definition = app.jobs.definitions.find((job) => job.name === request.params.name);
      if (!definition) throw new HttpError(404, { detail: jobMessages.unknown });
      await app.jobs.runNow(definition.name, authUser(request).email);
      return reply.status(202).send({ detail: jobMessages.started });
    },
  );
};
