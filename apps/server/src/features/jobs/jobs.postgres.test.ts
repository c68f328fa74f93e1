import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createThrowawayDatabase } from '../../../../../scripts/lib/throwaway-database.mjs';
import { jobRuns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A scheduled job runs once however many processes run (issue 26): two apps, each with its job worker and pg-boss's
 * scheduler, on one PostgreSQL database; the cleanup is put on a schedule of every minute, and its next tick makes
 * one run, not two. A PostgreSQL-only test (the embedded database is one process's).
 */
describe('a scheduled job across two processes', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase(
      process.env.DATABASE_URL!,
      'dnx_jobs',
      inject('testDatabaseTemplates').seeded,
    );
    for (let i = 0; i < 2; i += 1) apps.push(await createTestApp({ databaseUrl: database.url }));
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('runs the next tick of a schedule once, in one of the processes', { timeout: 180_000 }, async () => {
    const db = apps[0]!.database.db;
    await db.execute(sql`update pgboss.schedule set cron = '* * * * *' where name = 'cleanup'`);
    // The cleanup's runs only: another job's own schedule (bank-late-credits, every 10 minutes) may tick meanwhile.
    const scheduled = () =>
      db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.trigger, 'schedule'), eq(jobRuns.job, 'cleanup')));
    await vi.waitFor(async () => expect((await scheduled()).length).toBeGreaterThan(0), {
      timeout: 150_000,
      interval: 1_000,
    });
    const [first] = await scheduled();
    // Whatever either process does meanwhile, that minute's tick made one run.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const minute = (at: Date) => Math.floor(at.getTime() / 60_000);
    const sameTick = (await scheduled()).filter((run) => minute(run.startedAt) === minute(first!.startedAt));
    expect(sameTick).toHaveLength(1);
    expect(sameTick[0]!.ok).toBe(true);
  });
});
