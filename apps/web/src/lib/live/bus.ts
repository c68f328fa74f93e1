import type { LiveEvent } from './events';

/**
 * `off`: not started (signed out); `connecting`: the first connection; `live`; `reconnecting` after a drop;
 * `refused`: the server answered 429 (too many tabs, a busy server): the client waits its Retry-After (issue 56).
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting' | 'refused';

/** Why the server refused the stream (its message, in the reader's language) and when the client tries again. */
export interface LiveRefusal {
  detail: string | null;
  retryAt: number;
  /** The wait the server asked for, in seconds. */
  waitSeconds: number;
}

type EventListener = (event: LiveEvent) => void;

/** What the app needs of the running stream: stop it, drop it (offline), open it again (online). */
export interface LiveConnection {
  stop(): void;
  suspend(): void;
  reconnect(): void;
}

const listeners = new Set<EventListener>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'off';
let connection: LiveConnection | null = null;
let refusal: LiveRefusal | null = null;

/**
 * The tab's live events and status as the screens see them (issue 47): small, in the first download; the stream's
 * client itself (live-client.ts, its parser and the events' schemas) is loaded when the stream opens.
 */
export const liveBus = {
  get status(): LiveStatus {
    return status;
  },
  setStatus(next: LiveStatus) {
    if (status === next) return;
    status = next;
    if (next !== 'refused') refusal = null;
    for (const listener of statusListeners) listener();
  },
  /** The last refusal while the status is `refused`. */
  get refusal(): LiveRefusal | null {
    return refusal;
  },
  setRefusal(next: LiveRefusal) {
    refusal = next;
    for (const listener of statusListeners) listener();
  },
  onStatus(listener: () => void): () => void {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
  subscribe(listener: EventListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(event: LiveEvent) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // One screen's failing handler must not stop the others' updates.
        console.error(error);
      }
    }
  },
  get connection(): LiveConnection | null {
    return connection;
  },
  set connection(next: LiveConnection | null) {
    connection = next;
  },
};

/** Closes the tab's stream (sign-out), if one runs. */
export function stopLiveStream(): void {
  connection?.stop();
  connection = null;
  liveBus.setStatus('off');
}
