import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuthUser } from '../plugins/auth';
import { notFound } from './http-errors';

/**
 * Region scope (decisions.md section 2): national users (groups admin and central) see every region; everyone
 * else sees only records of their own region, and a user without a region sees no regional record at all.
 */
export function regionScope(user: AuthUser, regionColumn: SQLWrapper): SQL | undefined {
  if (user.isNational) return undefined;
  if (user.regionId === null) return sql`false`;
  return eq(regionColumn as Parameters<typeof eq>[0], user.regionId);
}

export function isInRegionScope(user: AuthUser, regionId: number | null): boolean {
  return user.isNational || (user.regionId !== null && regionId === user.regionId);
}

/** A record of another region answers 404, as if it did not exist. */
export function assertInRegionScope(user: AuthUser, regionId: number | null): void {
  if (!isInRegionScope(user, regionId)) throw notFound();
}
