import {
  isKnownListKey,
  mayShareViews,
  savedViewLimit,
  viewMessages,
  type ListPreferences,
  type ListPreferencesInput,
  type SavedView,
  type SavedViewInput,
} from '@dnx/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { uniqueViolation } from '../../lib/db-errors';
import { fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';

/**
 * Column settings, density and saved views of the lists (issue 29): each person's own, kept on the server so they
 * follow them to another computer; a view may be shared with groups by an administrator.
 */

const groupIdsOf = (user: AuthUser) => user.groups.map((g) => g.id);

function checkedList(list: string): string {
  if (!isKnownListKey(list)) throw fieldErrors({ list: [viewMessages.listUnknown] });
  return list;
}

function viewAnswer(user: AuthUser, found: repo.VisibleView, defaultViewId: number | null): SavedView {
  const { view } = found;
  return {
    id: view.id,
    list: view.list,
    name: view.name,
    query: view.query,
    columns: view.columns ?? null,
    shared_with: found.sharedWith,
    is_default: view.id === defaultViewId,
    owner: { id: view.userId, email: found.ownerEmail },
    mine: view.userId === user.id,
  };
}

/** The default view the person may still open; one unshared from them since then counts as none. */
async function visibleDefault(db: Executor, user: AuthUser, row: repo.PreferencesRow | null): Promise<number | null> {
  if (!row?.defaultViewId) return null;
  const view = await repo.findVisibleView(db, user.id, groupIdsOf(user), row.defaultViewId);
  return view && view.view.list === row.list ? view.view.id : null;
}

async function preferencesAnswer(db: Executor, user: AuthUser, list: string): Promise<ListPreferences> {
  const row = await repo.findPreferences(db, user.id, list);
  return {
    list,
    columns: row?.columns ?? null,
    density: row?.density ?? 'comfortable',
    default_view: await visibleDefault(db, user, row),
  };
}

/** Sharing is an administrator's; the groups must exist. */
async function checkSharing(executor: Executor, user: AuthUser, sharedWith: readonly number[]) {
  if (sharedWith.length === 0) return;
  if (!mayShareViews(user.groups.map((g) => g.code))) throw new HttpError(403, { detail: viewMessages.shareForbidden });
  const known = await repo.existingGroupIds(executor, sharedWith);
  if (sharedWith.some((id) => !known.has(id))) throw fieldErrors({ shared_with: [viewMessages.groupUnknown] });
}

/** A name the owner already gave another view of the list is a 400 under `name`. */
const nameTaken = (error: unknown) =>
  uniqueViolation(error) === 'saved_views_user_list_name_key' ? fieldErrors({ name: [viewMessages.nameTaken] }) : error;

export function createViewsService(db: Database) {
  /** A view the caller may see, or 404; `owned`: one they may change, or 403. */
  async function reachable(user: AuthUser, id: number, owned: boolean) {
    const found = await repo.findVisibleView(db, user.id, groupIdsOf(user), id);
    if (!found) throw notFound();
    if (owned && found.view.userId !== user.id) throw new HttpError(403, { detail: viewMessages.notOwner });
    return found;
  }

  async function answerOne(user: AuthUser, id: number): Promise<SavedView> {
    const found = await reachable(user, id, false);
    const prefs = await repo.findPreferences(db, user.id, found.view.list);
    return viewAnswer(user, found, prefs?.defaultViewId ?? null);
  }

  return {
    preferences: (user: AuthUser, list: string) => preferencesAnswer(db, user, checkedList(list)),

    async savePreferences(user: AuthUser, list: string, input: ListPreferencesInput): Promise<ListPreferences> {
      checkedList(list);
      if (input.default_view) {
        const view = await repo.findVisibleView(db, user.id, groupIdsOf(user), input.default_view);
        if (!view || view.view.list !== list) throw fieldErrors({ default_view: [viewMessages.defaultViewUnknown] });
      }
      await repo.upsertPreferences(db, user.id, list, {
        columns: input.columns,
        density: input.density,
        ...(input.default_view !== undefined ? { defaultViewId: input.default_view } : {}),
      });
      return preferencesAnswer(db, user, list);
    },

    async list(user: AuthUser, list: string | undefined): Promise<{ results: SavedView[] }> {
      const found = await repo.visibleViews(db, user.id, groupIdsOf(user), list);
      const defaults = new Map<string, number | null>();
      for (const l of new Set(found.map((f) => f.view.list)))
        defaults.set(l, (await repo.findPreferences(db, user.id, l))?.defaultViewId ?? null);
      return { results: found.map((f) => viewAnswer(user, f, defaults.get(f.view.list) ?? null)) };
    },

    async create(user: AuthUser, input: SavedViewInput): Promise<SavedView> {
      const id = await db
        .transaction(async (tx) => {
          await checkSharing(tx, user, input.shared_with);
          // The person's views of a list are counted under a lock of the person, so two at once keep the limit.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_views'), ${user.id})`);
          if ((await repo.countViews(tx, user.id, input.list)) >= savedViewLimit)
            throw new HttpError(400, { detail: viewMessages.tooMany });
          if (await repo.nameTaken(tx, user.id, input.list, input.name))
            throw fieldErrors({ name: [viewMessages.nameTaken] });
          const view = await repo.insertView(tx, user.id, valuesOf(input));
          await repo.setViewGroups(tx, view.id, input.shared_with);
          if (input.is_default) await repo.upsertPreferences(tx, user.id, input.list, { defaultViewId: view.id });
          return view.id;
        })
        .catch((error: unknown) => {
          throw nameTaken(error);
        });
      return answerOne(user, id);
    },

    async update(user: AuthUser, id: number, input: SavedViewInput): Promise<SavedView> {
      await reachable(user, id, true);
      await db
        .transaction(async (tx) => {
          const view = await repo.lockView(tx, id);
          if (!view || view.userId !== user.id) throw notFound();
          await checkSharing(tx, user, input.shared_with);
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_views'), ${user.id})`);
          if (await repo.nameTaken(tx, user.id, input.list, input.name, id))
            throw fieldErrors({ name: [viewMessages.nameTaken] });
          await repo.updateView(tx, id, valuesOf(input));
          await repo.setViewGroups(tx, id, input.shared_with);
          // A view moved to another list stops being the default of the old one.
          if (view.list !== input.list) await repo.clearDefault(tx, user.id, view.list, id);
          if (input.is_default) await repo.upsertPreferences(tx, user.id, input.list, { defaultViewId: id });
          else await repo.clearDefault(tx, user.id, input.list, id);
        })
        .catch((error: unknown) => {
          throw nameTaken(error);
        });
      return answerOne(user, id);
    },

    async remove(user: AuthUser, id: number): Promise<void> {
      await reachable(user, id, true);
      // Everyone's default that named it is cleared by the foreign key (ON DELETE SET NULL).
      await repo.deleteView(db, id);
    },
  };
}

const valuesOf = (input: SavedViewInput): repo.ViewValues => ({
  list: input.list,
  name: input.name,
  query: input.query,
  columns: input.columns,
});
