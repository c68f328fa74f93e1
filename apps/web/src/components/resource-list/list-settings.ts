import { appRoutes, type ListDensity, type ListPreferences, type ListPreferencesInput } from '@dnx/shared';
import { queryOptions } from '@tanstack/react-query';
import { createContext, type ReactNode } from 'react';
import type { FilterChoices } from './types';
import { apiRequest } from '../../lib/api-client';

/**
 * Column settings and density of a list, kept per person on the server (issue 29), and the slot where the app puts
 * the list's tools (column settings, density, saved views: a lazily loaded feature).
 */

/** The URL parameter that carries a saved view's columns while it is open (it wins over the person's own). */
export const columnsParam = 'columns';

/** The list key of the screen at `pathname` (`/app/fn-payment` -> `fn-payment`), with its tab; null off the table. */
export function listKeyOf(pathname: string, tab?: string): string | null {
  const segment = /^\/app\/([^/?#]+)/.exec(pathname)?.[1];
  const route = segment ? appRoutes.find((r) => r.path.split('/')[0] === segment) : undefined;
  if (!route) return null;
  return tab ? `${route.key}:${tab}` : route.key;
}

export const listPreferencesKey = (list: string) => ['list-preferences', list] as const;

/** `GET /api/user/preferences/lists/{list}/` */
export const listPreferencesQuery = (list: string) =>
  queryOptions({
    queryKey: listPreferencesKey(list),
    queryFn: ({ signal }) => apiRequest<ListPreferences>(`/api/user/preferences/lists/${list}/`, { signal }),
    staleTime: 60_000,
  });

/** `PUT /api/user/preferences/lists/{list}/` */
export const saveListPreferences = (list: string, input: ListPreferencesInput) =>
  apiRequest<ListPreferences>(`/api/user/preferences/lists/${list}/`, { method: 'PUT', body: input });

/** Ant Design's table size of a density: comfortable is `middle`, compact `small`. */
export const tableSizeOf = (density: ListDensity | undefined) => (density === 'compact' ? 'small' : 'middle');

/**
 * The configurable columns shown, in order: the chosen keys the list still has (a column since removed is left
 * out), else the list's defaults.
 */
export function shownColumnKeys(
  available: readonly string[],
  defaults: readonly string[],
  chosen: readonly string[] | null | undefined,
): string[] {
  const known = new Set(available);
  const kept = (chosen ?? []).filter((key) => known.has(key));
  return kept.length > 0 ? kept : defaults.filter((key) => known.has(key));
}

/** A saved view the list is to open: by the address's `saved_view=`, or the person's default. */
export interface PendingView {
  id: number;
  fromAddress: boolean;
}

/** What the list hands its tools. */
export interface ListToolsProps {
  listKey: string;
  /** The configurable columns (not the row actions), in the declaration's order. */
  columns: readonly { key: string; title: string }[];
  defaultColumns: readonly string[];
  shownColumns: readonly string[];
  /** The columns come from an open view's address, not from the person's settings. */
  columnsFromView: boolean;
  preferences: ListPreferences | undefined;
  /** The list's filters: names, labels and, for a choice, the values it offers (a reference control, its choices). */
  filters: readonly { name: string; label: string; values?: readonly string[]; choices?: FilterChoices }[];
  sortKeys: readonly string[];
  /** The list's parameters in the address now (filters, search, order, page size, tab), without page or cursor. */
  query: Record<string, string>;
  /**
   * A view to apply before the list asks for rows: one named by the address (`saved_view=`, from the search palette
   * or a link), or the person's default when the list was opened without parameters.
   */
  pendingView: PendingView | null;
  /** The default view was not there (or the views could not be read): the list goes on as it is. */
  onDefaultHandled: () => void;
  /** Opens the list with these parameters and columns (null: the person's own). */
  applyView: (query: Record<string, string>, columns: readonly string[] | null) => void;
  /** Says, visibly, what a view named that the person no longer has; null clears it. */
  onNotice: (text: string | null) => void;
}

/** Draws the list's tools; supplied by the app (app/antd-shell.tsx) so this shared component imports no feature. */
export type RenderListTools = (props: ListToolsProps) => ReactNode;
export const ListToolsContext = createContext<RenderListTools | null>(null);
