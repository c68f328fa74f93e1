/** The events of `GET /api/events/` (issue 47): the shared contract's shapes (live-client.ts parses them). */
export type {
  LiveChange as ChangeEvent,
  LiveCounters as CountersEvent,
  LiveEditor as PresenceEditor,
  LiveEvent,
  LivePresence as PresenceEvent,
} from '@dnx/shared';
