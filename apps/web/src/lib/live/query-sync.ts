import { liveListResources } from '@dnx/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChangeEvent, CountersEvent, LiveEvent } from './events';

/** Where the counters of the `counters` events are kept: the menu reads them like any query. */
export const liveCountersKey = ['live', 'counters'] as const;

/** The home's numbers (features/home `useStatistics`): read again after any change the reader was told of. */
const homeStatisticsKey = ['reports', 'statistics'] as const;

/** Query keys beyond the rule below, by resource: a list whose key does not spell its resource (registered). */
const extraKeys = new Map<string, QueryKey[]>();

/**
 * The name a list's API path gives its resource in the events (`/api/fn/batches/` -> `fn-batches`,
 * `/api/payments/` -> `payments`).
 */
export function resourceOfPath(path: string): string {
  return path
    .replace(/^\/api\//, '')
    .replace(/\/+$/, '')
    .split('/')
    .filter(Boolean)
    .join('-');
}

/**
 * The resource whose changes a list shows: its path's name, or the known resource it lies under
 * (`/api/fn/forms/active-not-shared/` shows `fn-forms`).
 */
export function liveResourceOf(path: string): string {
  const name = resourceOfPath(path);
  return liveListResources.find((known) => name === known || name.startsWith(`${known}-`)) ?? name;
}

/** A list declared somewhere (ResourceTable) tells which of its query keys a change of its resource touches. */
export function registerResourceKey(resource: string, queryKey: QueryKey): void {
  const keys = extraKeys.get(resource) ?? [];
  if (!keys.some((k) => JSON.stringify(k) === JSON.stringify(queryKey))) keys.push(queryKey);
  extraKeys.set(resource, keys);
}

/**
 * Whether a query shows a resource: its key starts with the resource's name spelled out (`['payments', ...]` of
 * `payments`, `['fn', 'batches', ...]` of `fn-batches`), or with a key a list registered for it.
 */
export function queryShowsResource(queryKey: QueryKey, resource: string): boolean {
  const words: string[] = [];
  for (const part of queryKey) {
    if (typeof part !== 'string') break;
    words.push(part);
    if (words.join('-') === resource) return true;
    if (words.join('-').length >= resource.length) break;
  }
  const registered = extraKeys.get(resource) ?? [];
  return registered.some((prefix) => prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(queryKey[i])));
}

/** Someone's change: every query of the resource is stale; those on screen are read again, quietly. */
function applyChange(client: QueryClient, change: ChangeEvent) {
  void client.invalidateQueries({ predicate: (q) => queryShowsResource(q.queryKey, change.resource) });
}

function applyCounters(client: QueryClient, counters: CountersEvent) {
  client.setQueryData<CountersEvent>(liveCountersKey, (old) => ({ ...old, ...counters }));
}

/**
 * Turns the stream's events into TanStack Query work: `change` invalidates the resource's queries (and, a moment
 * later, the home's numbers once for a burst), `counters` updates the menu's counts, `reset` (the server could not
 * resume) reads again everything shown. Returns the handler and a function that cancels its pending timer.
 */
export function createQuerySync(client: QueryClient, homeDelayMs = 300) {
  let homeTimer: ReturnType<typeof setTimeout> | null = null;
  const handle = (event: LiveEvent) => {
    switch (event.type) {
      case 'change':
        applyChange(client, event.data);
        homeTimer ??= setTimeout(() => {
          homeTimer = null;
          void client.invalidateQueries({ queryKey: homeStatisticsKey });
        }, homeDelayMs);
        return;
      case 'counters':
        return applyCounters(client, event.data);
      case 'reset':
        // The stream could not resume: anything may have changed meanwhile, so everything shown is read again.
        void client.invalidateQueries();
        return;
      case 'presence':
        return;
    }
  };
  const dispose = () => {
    if (homeTimer) clearTimeout(homeTimer);
    homeTimer = null;
  };
  return { handle, dispose };
}
