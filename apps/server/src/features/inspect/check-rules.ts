import { inspectMessages as m, maxChecksOfMarkPerDay, type InspectCheck } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Transaction } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import { takeRateLimit } from '../../lib/rate-limit';
import type { AuthUser } from '../../plugins/auth';

/**
 * What bounds the checks a phone sends (issue 56): their times, the inspector's regions (snapshot.ts) and how many
 * checks of one mark one person may add to its history in a day.
 */

export type CheckRulesConfig = Pick<Config, 'INSPECT_CLOCK_SKEW' | 'INSPECT_SNAPSHOT_MAX_AGE'>;

/** Hours in Azerbaijani writing ("12", "1,5"). */
const hours = (minutes: number) => String(Math.round(minutes / 6) / 10).replace('.', ',');

/**
 * Why a check's times refuse it, or null: made later than now plus the clock skew, earlier than the snapshot's
 * maximum age before now (a phone offline longer has a list too old to answer from), or answered from a snapshot
 * dated after the check (plus the skew).
 */
export function timeRefusal(check: InspectCheck, now: number, config: CheckRulesConfig): string | null {
  const checkedAt = Date.parse(check.checkedAt);
  const skew = config.INSPECT_CLOCK_SKEW * 1000;
  if (checkedAt > now + skew) return m.checkedAtFuture;
  if (checkedAt < now - config.INSPECT_SNAPSHOT_MAX_AGE * 60_000)
    return m.checkedAtTooOld(hours(config.INSPECT_SNAPSHOT_MAX_AGE));
  if (check.snapshotAt !== null && Date.parse(check.snapshotAt) > checkedAt + skew) return m.snapshotAfterCheck;
  return null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * How many more checks of each form the person may record now: `maxChecksOfMarkPerDay` less those recorded in the
 * last 24 hours (by the server's clock, which the phone cannot set).
 */
export async function checksLeftOfForms(
  tx: Transaction,
  inspectorId: number,
  formIds: number[],
): Promise<Map<number, number>> {
  const left = new Map(formIds.map((id) => [id, maxChecksOfMarkPerDay]));
  if (formIds.length === 0) return left;
  const counted = rowsOf<{ form_id: number; n: number }>(
    await tx.execute(sql`
      SELECT form_id, count(*)::int AS n FROM inspect_checks
      WHERE inspector_id = ${inspectorId} AND form_id = ANY(${sql.raw(`'{${formIds.join(',')}}'::int[]`)})
        AND recorded_at > now() - interval '24 hours'
      GROUP BY form_id`),
  );
  for (const { form_id, n } of counted) left.set(form_id, Math.max(0, maxChecksOfMarkPerDay - n));
  return left;
}

export type InspectRateConfig = Pick<Config, 'INSPECT_RATE_LIMIT' | 'INSPECT_RATE_WINDOW'>;

/**
 * Counts one request of the person against `scope` (the snapshot, or the checks' post): 429 with Retry-After past
 * INSPECT_RATE_LIMIT within INSPECT_RATE_WINDOW. The count is rate_limit_hits in the database, so it holds for every
 * server process on it together.
 */
export async function takeInspectLimit(
  db: Parameters<typeof takeRateLimit>[0],
  config: InspectRateConfig,
  scope: 'inspect:snapshot' | 'inspect:checks',
  actor: AuthUser,
): Promise<void> {
  const limit = await takeRateLimit(db, [
    { scope, key: String(actor.id), limit: config.INSPECT_RATE_LIMIT, window: config.INSPECT_RATE_WINDOW },
  ]);
  if (!limit.allowed)
    throw new HttpError(429, { detail: m.throttled(limit.retryAfter) }, { 'retry-after': String(limit.retryAfter) });
}
