/** The events of `GET /api/events/` (issue 47): the shared contract's shapes and parser. */
export {
  parseLiveEvent,
  type LiveChange as ChangeEvent,
  type LiveCounters as CountersEvent,
  type LiveEditor as PresenceEditor,
  type LiveEvent,
  type LivePresence as PresenceEvent,
} from '@dnx/shared';
