import { presenceRenewMs, type LiveEditor, type LiveEvent } from '@dnx/shared';
import { apiRequest } from '../api-client';

export const presencePath = (resource: string, id: number) => `/api/presence/${encodeURIComponent(resource)}/${id}/`;

/** `PUT /api/presence/{resource}/{id}/`: "I have it open for editing"; answers the others who have. */
export const markEditing = (resource: string, id: number) =>
  apiRequest<{ editors: LiveEditor[] }>(presencePath(resource, id), { method: 'PUT' });

/** `DELETE` the same: the form was closed. */
export const unmarkEditing = (resource: string, id: number) =>
  apiRequest<unknown>(presencePath(resource, id), { method: 'DELETE' });

/** What an edit form knows of the others on its record. */
export interface RecordPresenceState {
  /** The others who have it open now. */
  editors: LiveEditor[];
  /** Who saved it since the form loaded it (a name; null: nobody). */
  savedBy: string | null;
  /** Every name seen on this record, so a saver who closed the form at once is still named. */
  names: ReadonlyMap<number, string>;
}

export const noPresence: RecordPresenceState = { editors: [], savedBy: null, names: new Map() };

/**
 * The presence state after one event: `presence` of this record replaces the editors; a `change` naming it by
 * someone other than `me` says who saved (`someone` when the name is not known).
 */
export function presenceAfter(
  state: RecordPresenceState,
  event: LiveEvent,
  record: { resource: string; id: number; me: number | null; someone: string },
): RecordPresenceState {
  if (event.type === 'presence') {
    if (event.data.resource !== record.resource || event.data.id !== record.id) return state;
    return withEditors(state, event.data.editors);
  }
  if (event.type === 'change') {
    const { resource, ids, by } = event.data;
    if (resource !== record.resource || (ids !== null && !ids.includes(record.id))) return state;
    if (by !== null && by === record.me) return state;
    // A bulk change may not have touched this record: it is named only when it was.
    if (ids === null) return state;
    // A plain edit does not say who wrote it (`by` null: the tables keep only the creator and the status's
    // author); when one other person had the record open, it was them.
    const only = state.names.size === 1 ? [...state.names.values()][0] : undefined;
    return { ...state, savedBy: (by !== null ? state.names.get(by) : only) ?? record.someone };
  }
  return state;
}

export function withEditors(state: RecordPresenceState, editors: LiveEditor[]): RecordPresenceState {
  const names = new Map(state.names);
  for (const editor of editors) names.set(editor.userId, editor.name);
  return { ...state, editors, names };
}

export { presenceRenewMs };
