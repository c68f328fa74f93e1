import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { captchaSolutions } from '../db/schema';

/** Records a solution's hash; false when it was recorded before (a replay). Forgets expired ones on the way. */
export async function recordSolution(db: Database, hash: string, expiresAt: Date): Promise<boolean> {
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, new Date()));
  const rows = await db
    .insert(captchaSolutions)
    .values({ hash, expiresAt })
    .onConflictDoNothing()
    .returning({ hash: captchaSolutions.hash });
  return rows.length === 1;
}
