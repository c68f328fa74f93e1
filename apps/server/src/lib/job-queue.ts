import { sql } from 'drizzle-orm';
import { fromPglite, PgBoss, type ConstructorOptions } from 'pg-boss';
import { appRole, type DatabaseHandle } from '../db/client';

/**
 * The job queue: pg-boss (docs/decisions/0012-jobs-mail-and-reminders.md) on both databases, through its PGlite adapter
 * on the embedded one. Its schema and the queues (one per scheduled job, partitioned tables) are made by the owner at
 * migration time (`installJobQueue`), so the app's login needs no DDL; the app's role may read and write them.
 */
export const jobQueueSchema = 'pgboss';

/** Every queue the app works: the scheduled jobs of features/jobs/definitions.ts, by name. */
export const jobNames = [
  'bank-late-credits',
  'chain-check',
  'cleanup',
  'expiry-reminders',
  'report-subscriptions',
  'report-summaries-fold',
] as const;
export type JobName = (typeof jobNames)[number];
/** Queues of work a request starts and a worker of any process does (an import's check and apply, issue 28). */
export const taskQueues = ['imports'] as const;
export type TaskQueue = (typeof taskQueues)[number];
const allQueues = [...jobNames, ...taskQueues];

/** How a queue's jobs are kept: a run may take up to an hour, is not retried by pg-boss (the next run comes). */
const queueOptions = { expireInSeconds: 3_600, retryLimit: 0, deleteAfterSeconds: 30 * 24 * 3_600 };

/** pg-boss's options for `handle`'s database, as the app's login or (`asOwner`) the owner's. */
export function jobQueueOptions(handle: DatabaseHandle, asOwner = false): ConstructorOptions {
  const backend = handle.queueBackend();
  const connection: ConstructorOptions =
    backend.kind === 'pglite'
      ? { db: fromPglite(backend.client), backend: 'pglite' }
      : { connectionString: asOwner ? backend.ownerUrl : backend.url, max: 4, application_name: 'dnx-jobs' };
  return { ...connection, schema: jobQueueSchema };
}

/**
 * Installs (or upgrades) pg-boss's schema and makes the queues, as the owner, then lets the app's role use them.
 * Idempotent: run by every migration step.
 */
export async function installJobQueue(handle: DatabaseHandle): Promise<void> {
  await handle.asOwner(async (db) => {
    // One installer at a time across processes starting together (pg-boss's own migration locks too; making the
    // queues does not).
    for (;;) {
      const taken = await db.execute(sql`select pg_try_advisory_lock(hashtext('dnx:job-queue')) as taken`);
      if ((taken as unknown as { rows: { taken: boolean }[] }).rows[0]?.taken) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    try {
      const boss = new PgBoss({
        ...jobQueueOptions(handle, true),
        migrate: true,
        createSchema: true,
        supervise: false,
        schedule: false,
      });
      boss.on('error', () => {});
      await boss.start();
      try {
        for (const name of allQueues) {
          if (!(await boss.getQueue(name))) await boss.createQueue(name, queueOptions);
        }
      } finally {
        await boss.stop({ graceful: false, close: true });
      }
      for (const statement of [
        `grant usage on schema ${jobQueueSchema} to ${appRole}`,
        `grant select, insert, update, delete on all tables in schema ${jobQueueSchema} to ${appRole}`,
        `grant usage, select on all sequences in schema ${jobQueueSchema} to ${appRole}`,
        `grant execute on all functions in schema ${jobQueueSchema} to ${appRole}`,
      ])
        await db.execute(sql.raw(statement));
    } finally {
      await db.execute(sql`select pg_advisory_unlock(hashtext('dnx:job-queue'))`);
    }
  });
}

/** Whether pg-boss's schema and every queue are there (a database migrated before the queue existed is not). */
export async function jobQueueInstalled(handle: DatabaseHandle): Promise<boolean> {
  const result = await handle.db.execute(sql`select to_regclass(${`${jobQueueSchema}.queue`}) is not null as present`);
  if (!(result as unknown as { rows: { present: boolean }[] }).rows[0]?.present) return false;
  const queues = await handle.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(jobQueueSchema)}.queue where name in ${allQueues}`,
  );
  return (queues as unknown as { rows: { n: number }[] }).rows[0]?.n === allQueues.length;
}
