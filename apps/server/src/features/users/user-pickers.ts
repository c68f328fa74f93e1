import type { Operator } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';
import { userScope } from './user-rules';

/** Active operators (role F) the actor may see, optionally of one region. */
export async function operatorsOf(
  db: Database,
  actor: AuthUser,
  region: number | undefined,
): Promise<{ data: Operator[] }> {
  const byRegion = region === undefined ? undefined : eq(users.regionId, region);
  return { data: await repo.listOperators(db, [userScope(actor), byRegion]) };
}

/** Active inspectors (role C) the actor may see, optionally of one region: whom forms are shared to. */
export async function inspectorsOf(
  db: Database,
  actor: AuthUser,
  region: number | undefined,
): Promise<{ data: Operator[] }> {
  const byRegion = region === undefined ? undefined : eq(users.regionId, region);
  return { data: await repo.listOperators(db, [userScope(actor), byRegion], 'inspector') };
}
