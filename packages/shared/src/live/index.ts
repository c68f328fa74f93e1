import { z } from 'zod';
import { idSchema, textIdSchema } from '../api/input';
import type { ResourceKey } from '../resources/define';
import type { LiveListResource } from './names';

/**
 * The live back office's contract (issue 47): one Server-Sent Events stream a signed-in tab (`GET /api/events/`)
 * and the presence of editors on a record (`PUT`/`DELETE /api/presence/{resource}/{id}/`).
 *
 * Every event has the id `<bootId>.<n>` (the process's random start id, n rising); the client sends the last one
 * back (`Last-Event-ID` header, or `?lastEventId=` on a reconnect) and the process replays what it missed from its
 * ring buffer, or answers `reset` first when it cannot (another or a restarted process, too old): the client then
 * refetches what it shows. A comment line `: ping` comes every `livePingMs`.
 *
 * The stream is signed in as every API call is (`Authorization: Bearer <access token>`; read it with fetch, since an
 * EventSource cannot send the header). It opens with `retry: 2000` and `id: <bootId>.<n>` (no event: where it
 * stands, to resume from if it drops before any change came), then `counters`. It ends when the access token
 * expires, the session ends, or the process drains: reconnect with a fresh token and the last id. Only `change`
 * events carry ids; `counters` and `presence` are state (sent again on a new stream, or answered by the next
 * presence renewal). More than 20 streams of one user, or a full process, is a 429 with Retry-After.
 */

export { liveListResources, type LiveListResource } from './names';
export type LiveResource = LiveListResource | ResourceKey;

/** A resource name as the stream and the presence paths take it (kebab-case; unknown names are refused). */
export const liveResourceSchema = z.string().regex(/^[a-z][a-z0-9-]{0,40}$/);

export const liveOps = ['insert', 'update', 'delete', 'bulk'] as const;
export type LiveOp = (typeof liveOps)[number];

/**
 * Rows of `resource` changed: `ids` those the reader may see (never empty); `bulk` a statement too large to name
 * its rows, sent to whoever may read the resource, with `ids` null (refetch). `by`: the user who wrote, when known.
 */
export const liveChangeSchema = z.object({
  resource: liveResourceSchema,
  ids: z.array(idSchema).min(1).nullable(),
  op: z.enum(liveOps),
  by: idSchema.nullable(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/**
 * The menu's counts the reader may see, sent at the stream's start and whenever one of them moves: the online
 * requests waiting for review (each kind, and both together) and the batches waiting for acceptance (an operator:
 * their own). A count the reader may not see is absent. The home page's numbers are not sent: the home refetches
 * them (`GET /api/reports/statistics/`) on a `change` of payments, fn-forms, fn-batches or the online requests.
 */
export const liveCountersSchema = z.object({
  onlineRequestsWaiting: z.number().int().nonnegative().optional(),
  onlineCarriersWaiting: z.number().int().nonnegative().optional(),
  onlinePaymentsWaiting: z.number().int().nonnegative().optional(),
  batchesToAccept: z.number().int().nonnegative().optional(),
});
export type LiveCounters = z.infer<typeof liveCountersSchema>;

export const liveEditorSchema = z.object({ userId: idSchema, name: z.string() });
export type LiveEditor = z.infer<typeof liveEditorSchema>;

/** The others who have the record open for editing (empty: nobody else any more). */
export const livePresenceSchema = z.object({
  resource: liveResourceSchema,
  id: idSchema,
  editors: z.array(liveEditorSchema),
});
export type LivePresence = z.infer<typeof livePresenceSchema>;

/** The stream cannot resume: refetch everything shown. */
export const liveResetSchema = z.object({}).strict();

export const liveEventTypes = ['change', 'counters', 'presence', 'reset'] as const;
export type LiveEventType = (typeof liveEventTypes)[number];

export const liveEventSchemas = {
  change: liveChangeSchema,
  counters: liveCountersSchema,
  presence: livePresenceSchema,
  reset: liveResetSchema,
} as const;

export type LiveEvent =
  | { type: 'change'; data: LiveChange }
  | { type: 'counters'; data: LiveCounters }
  | { type: 'presence'; data: LivePresence }
  | { type: 'reset'; data: Record<string, never> };

/** Parses one SSE message (its `event:` name and `data:` text); null for a type or a body it does not know. */
export function parseLiveEvent(type: string, data: string): LiveEvent | null {
  if (!(liveEventTypes as readonly string[]).includes(type)) return null;
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveEventSchemas[type as LiveEventType].safeParse(body);
  return parsed.success ? ({ type, data: parsed.data } as LiveEvent) : null;
}

export {
  liveEventId,
  livePingMs,
  liveResumeIdsMax,
  parseLiveEventId,
  parseLiveEventIds,
  presenceExpiryMs,
  presenceRenewMs,
} from './names';

export const presenceParamsSchema = z.object({ resource: liveResourceSchema, id: textIdSchema() });
export const presenceResponseSchema = z.object({ editors: z.array(liveEditorSchema) });
export type PresenceResponse = z.infer<typeof presenceResponseSchema>;

export { liveMessages } from './messages';
