import type { FnForm } from '@dnx/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnBatches, fnForms } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './form-repository';

/** What a move writes on the forms it moves. */
export type FormChange = Partial<typeof fnForms.$inferInsert>;

/** The forms an actor may see: their region's (by the form's batch), or every one. */
export const formScope = (actor: AuthUser) => regionScope(actor, fnBatches.regionId);

/** A form the actor may see; 404 otherwise. */
export async function visibleForm(db: Database, actor: AuthUser, id: number): Promise<FnForm> {
  const form = await repo.findForm(db, and(eq(fnForms.id, id), formScope(actor)));
  if (!form) throw notFound();
  return form;
}
