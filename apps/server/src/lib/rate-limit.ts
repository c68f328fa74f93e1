import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema';

/**
 * Limits on attempts (sign-in, codes of the second factor, password resets, public look-ups, online requests): each
 * attempt is a row of `rate_limit_hits` under its scope and key, counted within a window.
 */

export interface RateLimitKey {
  scope: string;
  key: string;
}

/** A key with its own ceiling: at most `limit` counted attempts within `window` seconds. */
export interface RateLimitRule extends RateLimitKey {
  limit: number;
  window: number;
}

export type RateLimitResult = { allowed: true; hitIds: number[] } | { allowed: false; retryAfter: number };

/**
 * Counts one attempt against every key unless one of them is at its limit within its window. Runs under
 * advisory locks on the keys, so parallel requests in several processes cannot slip past the limit together.
 */
export async function takeRateLimit(db: Database, rules: RateLimitRule[]): Promise<RateLimitResult> {
  const ordered = [...rules].sort((a, b) => `${a.scope}\n${a.key}`.localeCompare(`${b.scope}\n${b.key}`));
  // Old hits of keys never seen again count no more: forget a few at a time, skipping rows others hold.
  for (const { scope, window } of new Map(ordered.map((r) => [r.scope, r])).values()) {
    await db.execute(sql`delete from ${rateLimitHits} where ${rateLimitHits.id} in (
      select ${rateLimitHits.id} from ${rateLimitHits}
      where ${rateLimitHits.scope} = ${scope} and ${rateLimitHits.createdAt} < now() - make_interval(secs => ${window})
      limit 100 for update skip locked)`);
  }
  return db.transaction(async (tx) => {
    let retryAfter = 0;
    for (const { scope, key, limit, window: seconds } of ordered) {
      const window = sql`now() - make_interval(secs => ${seconds})`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${scope}:${key}`}))`);
      await tx
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key), lt(rateLimitHits.createdAt, window)));
      const [row] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          wait: sql<number>`coalesce(ceil(extract(epoch from (min(${rateLimitHits.createdAt}) + make_interval(secs => ${seconds}) - now()))), 0)::int`,
        })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key)));
      // The wait is until the oldest hit leaves the window: enough to be below the limit again.
      if (row!.n >= limit) retryAfter = Math.max(retryAfter, row!.wait, 1);
    }
    if (retryAfter > 0) return { allowed: false, retryAfter } as const;
    const rows = await tx
      .insert(rateLimitHits)
      .values(ordered.map(({ scope, key }) => ({ scope, key })))
      .returning({ id: rateLimitHits.id });
    return { allowed: true, hitIds: rows.map((r) => r.id) } as const;
  });
}

/** Takes back counted attempts (a sign-in that succeeded). */
export async function releaseRateLimit(db: Database, hitIds: number[]) {
  if (hitIds.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
}

/** Forgets the failures counted against a key (an account after a successful sign-in). */
export async function clearRateLimit(db: Database, { scope, key }: RateLimitKey) {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key)));
}
