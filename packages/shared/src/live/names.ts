// The stream's names apart from its schemas: every API read notes an event id and the shell keeps the lists' names,
// so the web app's first download carries them without zod (issue 60).

/**
 * What a `change` names: the list's resource, its API path without `/api/` and slashes ('payments' for
 * `/api/payments/`, 'fn-batches' for `/api/fn/batches/`, 'online-carriers' for `/api/online-carriers/`, a
 * reference list by its key: 'drivers', 'regions', ...).
 */
export const liveListResources = [
  'payments',
  'fn-batches',
  'fn-forms',
  'online-carriers',
  'online-payments',
  'bus-routes',
] as const;

export type LiveListResource = (typeof liveListResources)[number];

/**
 * An event id `<bootId>.<token>` (issue 56: the token is the event's number sealed by its process, so it says
 * nothing of the events a reader was not sent), or null when it is not one.
 */
export function parseLiveEventId(text: string | undefined | null): { bootId: string; token: string } | null {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,64})$/.exec(text ?? '');
  return match ? { bootId: match[1]!, token: match[2]! } : null;
}

/** The most ids a resume may name: a tab's first stream names the positions its first reads carried. */
export const liveResumeIdsMax = 16;

/** The ids of a resume, separated by spaces (at most `liveResumeIdsMax`); what is not an id is left out. */
export function parseLiveEventIds(text: string | undefined | null): { bootId: string; token: string }[] {
  return (text ?? '')
    .split(' ')
    .slice(0, liveResumeIdsMax)
    .map((part) => parseLiveEventId(part))
    .filter((id) => id !== null);
}

export const liveEventId = (bootId: string, token: string) => `${bootId}.${token}`;

/** A comment line `: ping` this often, so proxies and the browser keep the stream open. */
export const livePingMs = 15_000;
/** An editor renews their presence this often... */
export const presenceRenewMs = 20_000;
/** ...and it lapses this long after the last renewal. */
export const presenceExpiryMs = 45_000;
