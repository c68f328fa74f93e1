import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PgBoss } from 'pg-boss';
import { Counter } from 'prom-client';
import { jobRuns } from '../../db/schema';
import { jobNames, jobQueueOptions, type JobName, type TaskQueue } from '../../lib/job-queue';
import { jobDefinitions, jobTimeZone, type JobDefinition } from './definitions';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      definitions: readonly JobDefinition[];
      /** Puts a run of `name` in the queue now (an administrator's "run now"): any process's worker takes it. */
      runNow(name: JobName, trigger: string): Promise<void>;
      /** Runs `name` here and now, and records it (tests, and the worker). */
      run(name: JobName, trigger: string): Promise<{ ok: boolean; summary: Record<string, unknown> | null }>;
      /** Queues a task (`data` names what to do): a worker of any process takes it within a second. */
      send(queue: TaskQueue, data: Record<string, unknown>): Promise<void>;
      /** Who does a queue's tasks (set by its feature before the app is ready). A throw is logged, not retried. */
      handle(queue: TaskQueue, handler: (data: Record<string, unknown>) => Promise<void>): void;
    };
  }
}

/**
 * Scheduled work on the job queue (issue 26): pg-boss keeps each job's cron schedule in the database and makes one
 * queued job per tick, whichever processes run, and one worker of one process takes it; the run is recorded in
 * `job_runs` (the administrators' jobs screen). On PostgreSQL and on the embedded database alike.
 */
export const jobsPlugin = fp<{ schedule: boolean; bankWindowDays: number }>(
  async (app: FastifyInstance, { schedule, bankWindowDays }) => {
    const boss = new PgBoss({
      ...jobQueueOptions(app.database),
      // The schema and the queues are the migrations' (lib/job-queue.ts): the app's login makes none.
      migrate: false,
      createSchema: false,
      supervise: true,
      schedule,
    });
    let started = false;
    boss.on('error', (err: unknown) => app.log.warn({ err }, 'job queue'));
    const runs = new Counter({
      name: 'job_runs_total',
      help: 'Runs of the scheduled jobs by job and result (ok, failed)',
      labelNames: ['job', 'result'],
      registers: [app.metrics.registry],
    });

    async function run(name: JobName, trigger: string) {
      const definition = jobDefinitions.find((job) => job.name === name)!;
      const [row] = await app.db.insert(jobRuns).values({ job: name, trigger }).returning({ id: jobRuns.id });
      try {
        const summary = await definition.run({ db: app.db, publicOrigin: app.publicOrigin, bankWindowDays });
        await app.db
          .update(jobRuns)
          .set({ ok: true, summary, finishedAt: sql`now()` })
          .where(eq(jobRuns.id, row!.id));
        runs.inc({ job: name, result: 'ok' });
        app.log.info({ job: name, trigger, summary }, 'job done');
        return { ok: true, summary };
      } catch (err) {
        await app.db
          .update(jobRuns)
          .set({ ok: false, error: (err as Error).message ?? String(err), finishedAt: sql`now()` })
          .where(eq(jobRuns.id, row!.id));
        runs.inc({ job: name, result: 'failed' });
        app.log.error({ err, job: name, trigger }, 'job failed');
        return { ok: false, summary: null };
      }
    }

    const handlers = new Map<TaskQueue, (data: Record<string, unknown>) => Promise<void>>();
    app.decorate('jobs', {
      definitions: jobDefinitions,
      run,
      runNow: async (name, trigger) => {
        await boss.send(name, { trigger });
      },
      send: async (queue, data) => {
        await boss.send(queue, data);
      },
      handle: (queue, handler) => {
        handlers.set(queue, handler);
      },
    });

    app.metrics.addGauge(
      'job_queue',
      'Jobs in the queue by job and state: queued, active, failed (recent)',
      ['job', 'state'],
      async (gauge) => {
        if (!started) return;
        for (const name of jobNames) {
          const queue = await boss.getQueue(name);
          if (!queue) continue;
          gauge.set({ job: name, state: 'queued' }, queue.queuedCount);
          gauge.set({ job: name, state: 'active' }, queue.activeCount);
          gauge.set({ job: name, state: 'failed' }, queue.failedCount);
        }
      },
    );
    app.readinessChecks.set('jobs', async () => {
      if (!started) throw new Error('the job worker is not running');
    });

    app.addHook('onReady', async () => {
      await boss.start();
      for (const definition of jobDefinitions) {
        if (schedule)
          await boss.schedule(definition.name, definition.cron, { trigger: 'schedule' }, { tz: jobTimeZone });
        await boss.work<{ trigger?: string }>(definition.name, { pollingIntervalSeconds: 2 }, async ([job]) => {
          await run(definition.name, job?.data?.trigger ?? 'schedule');
        });
      }
      for (const [queue, handler] of handlers) {
        await boss.work<Record<string, unknown>>(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
          try {
            await handler(job?.data ?? {});
          } catch (err) {
            app.log.error({ err, queue, data: job?.data }, 'task failed');
          }
        });
      }
      started = true;
    });
    app.addHook('onClose', async () => {
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    });
  },
);
