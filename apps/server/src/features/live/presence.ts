import { presenceExpiryMs, type LiveEditor } from '@dnx/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnBatches, fnForms, presenceEditors, users } from '../../db/schema';
import { isInRegionScope } from '../../lib/region-scope';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import type { LiveTable } from './live-tables';

/** A record's editors as the database holds them now (expired rows are not read). */
export async function editorsOf(db: Database, resource: string, recordId: number) {
  const rows = await db
    .select({
      sessionId: presenceEditors.sessionId,
      userId: presenceEditors.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(presenceEditors)
    .innerJoin(users, eq(users.id, presenceEditors.userId))
    .where(
      and(
        eq(presenceEditors.resource, resource),
        eq(presenceEditors.recordId, recordId),
        gt(presenceEditors.expiresAt, sql`now()`),
      ),
    );
  return rows.map((row) => ({
    sessionId: row.sessionId,
    userId: row.userId,
    name: `${row.firstName} ${row.lastName}`.trim() || row.email,
  }));
}

/** The editors other than `userId`, each person once. */
export function othersThan(editors: { userId: number; name: string }[], userId: number): LiveEditor[] {
  const seen = new Map<number, LiveEditor>();
  for (const editor of editors)
    if (editor.userId !== userId && !seen.has(editor.userId))
      seen.set(editor.userId, { userId: editor.userId, name: editor.name });
  return [...seen.values()].sort((a, b) => a.userId - b.userId);
}

/**
 * A record's region as its list decides it (a form: its batch's), null for a list that is not regional; undefined
 * when the record does not exist (issue 56: presence on a record that is not there stores nothing).
 */
async function regionOfRecord(db: Database, table: string, live: LiveTable, id: number) {
  if (!live.region) {
    const found = (await db.execute(
      sql`select 1 as found from ${sql.identifier(table)} where id = ${id}`,
    )) as unknown as { rows: unknown[] };
    return found.rows.length ? null : undefined;
  }
  if ('batchOf' in live.region) {
    const [row] = await db
      .select({ regionId: fnBatches.regionId })
      .from(fnForms)
      .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
      .where(eq(fnForms.id, id));
    return row ? row.regionId : undefined;
  }
  const result = (await db.execute(
    sql`select ${sql.identifier(live.region.column)} as region_id from ${sql.identifier(table)} where id = ${id}`,
  )) as unknown as { rows: { region_id: number | null }[] };
  return result.rows[0] ? result.rows[0].region_id : undefined;
}

/**
 * Presence on records (issue 47): `open` marks the actor's session as editing the record until the expiry (renewed
 * by the next call) and answers the others; `close` ends it. A record outside the actor's region is a 404, as it is
 * on its own route. Every write announces itself on the change feed (migration 0056), so each process tells its
 * streams.
 */
export function presenceService(db: Database) {
  return {
    async assertVisible(actor: AuthUser, table: string, live: LiveTable, id: number) {
      const region = await regionOfRecord(db, table, live, id);
      if (region === undefined) throw notFound();
      if (live.region && !isInRegionScope(actor, region)) throw notFound();
    },
    async open(actor: AuthUser, resource: string, recordId: number): Promise<LiveEditor[]> {
      const expiresAt = sql`now() + make_interval(secs => ${presenceExpiryMs / 1000})`;
      await db
        .insert(presenceEditors)
        .values({ resource, recordId, sessionId: actor.sessionId, userId: actor.id, expiresAt })
        .onConflictDoUpdate({
          target: [presenceEditors.resource, presenceEditors.recordId, presenceEditors.sessionId],
          set: { expiresAt, userId: actor.id },
        });
      return othersThan(await editorsOf(db, resource, recordId), actor.id);
    },
    async close(actor: AuthUser, resource: string, recordId: number) {
      await db
        .delete(presenceEditors)
        .where(
          and(
            eq(presenceEditors.resource, resource),
            eq(presenceEditors.recordId, recordId),
            eq(presenceEditors.sessionId, actor.sessionId),
          ),
        );
    },
    /** Removes the lapsed rows (their deletion tells the others); how many. */
    async sweep(): Promise<number> {
      const gone = await db
        .delete(presenceEditors)
        .where(lt(presenceEditors.expiresAt, sql`now()`))
        .returning({ sessionId: presenceEditors.sessionId });
      return gone.length;
    },
  };
}

export type PresenceService = ReturnType<typeof presenceService>;
