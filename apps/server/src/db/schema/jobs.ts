import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';

/**
 * Each run of a scheduled job (issue 26; features/jobs/): when, by whom (the schedule, or an administrator's
 * "run now"), and its result: a summary, or the error. The administrators' jobs screen reads it.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    job: text('job').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** null while it runs. */
    ok: boolean('ok'),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    error: text('error'),
    /** `schedule`, or the e-mail of the administrator who ran it. */
    trigger: text('trigger').notNull(),
  },
  (t) => [
    index('job_runs_job_started_at_idx').on(t.job, t.startedAt),
    index('job_runs_failed_idx')
      .on(t.startedAt)
      .where(sql`${t.ok} = false`),
  ],
);
