import { parseLiveEvent } from '@dnx/shared';
import type { LiveEvent } from './events';
import { StreamParser } from './sse-parser';

import type { LiveRefusal, LiveStatus } from './bus';

export type { LiveStatus };

/** Retry-After in milliseconds (seconds or an HTTP date), between 1 s and an hour; 10 s when it says nothing. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  const seconds = Number(header);
  const ms = header && Number.isFinite(seconds) ? seconds * 1000 : header ? Date.parse(header) - now : NaN;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 1_000), 3_600_000) : 10_000;
}

export interface LiveClientOptions {
  /** The stream's address. */
  url?: string;
  /** The access token now (the bearer every API call sends). */
  token: () => string | null;
  /** Renews an expired access token; null when the session cannot be renewed (then the stream stops). */
  refresh: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Waits between attempts after a drop, the last repeated (a random part is added so tabs do not come in step). */
  delays?: readonly number[];
  /** A stream silent this long (the server pings every 15 s) is taken for dead and opened again. */
  silenceMs?: number;
  /** Told when the server refuses the stream (429): its reason and when the client tries again. */
  onRefused?: (refusal: LiveRefusal) => void;
}

type EventListener = (event: LiveEvent) => void;
type StatusListener = (status: LiveStatus) => void;

const defaultDelays = [1_000, 2_000, 5_000, 10_000, 15_000] as const;

/**
 * The tab's one event stream (issue 47). The API signs in by bearer, which `EventSource` cannot send, so the stream
 * is read by `fetch`, and the client does what `EventSource` would: it remembers the last event's id and sends it
 * as `Last-Event-ID` when it opens the stream again after a drop (the server replays what was missed, or answers
 * `reset` when it cannot).
 */
export class LiveClient {
  private readonly options: Required<Omit<LiveClientOptions, 'fetch' | 'onRefused'>> &
    Pick<LiveClientOptions, 'onRefused'> & { fetch: typeof fetch };
  private readonly listeners = new Set<EventListener>();
  private readonly statusListeners = new Set<StatusListener>();
  private controller: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private lastCleanEnd = 0;
  private running = false;
  private state: LiveStatus = 'off';
  /** The id of the last event received: where a new connection resumes. */
  lastEventId: string | null = null;

  constructor(options: LiveClientOptions) {
    this.options = {
      url: '/api/events/',
      delays: defaultDelays,
      silenceMs: 45_000,
      ...options,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    };
  }

  get status(): LiveStatus {
    return this.state;
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Opens the stream (after sign-in); a second call while it runs does nothing. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    this.setStatus('connecting');
    void this.connect();
  }

  /** Closes the stream (sign-out) and forgets where it was: the next person's stream starts afresh. */
  stop(): void {
    this.running = false;
    this.lastEventId = null;
    this.clearTimers();
    this.controller?.abort();
    this.controller = null;
    this.setStatus('off');
  }

  /** Drops the connection now and opens it again at once, resuming (the browser came back online). */
  reconnect(): void {
    if (!this.running) return;
    this.clearTimers();
    this.controller?.abort();
    this.failures = 0;
    this.setStatus('reconnecting');
    void this.connect();
  }

  /** Drops the connection until `reconnect` (the browser went offline): the last id is kept. */
  suspend(): void {
    if (!this.running) return;
    this.clearTimers();
    this.controller?.abort();
    this.controller = null;
    this.setStatus('reconnecting');
  }

  private setStatus(status: LiveStatus) {
    if (this.state === status) return;
    this.state = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.retryTimer = null;
    this.silenceTimer = null;
  }

  private open(token: string | null, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
    return this.options.fetch(this.options.url, { headers, signal, cache: 'no-store' });
  }

  private watchSilence(controller: AbortController) {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => controller.abort(), this.options.silenceMs);
  }

  /** True when the streams keep ending at once (a server that closes them): then the waits apply. */
  private endedAgain(): boolean {
    const now = Date.now();
    const again = now - this.lastCleanEnd < 5_000;
    this.lastCleanEnd = now;
    return again;
  }

  private async connect(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    let ended = false;
    try {
      let res = await this.open(this.options.token(), controller.signal);
      if (res.status === 401) {
        const renewed = await this.options.refresh();
        if (controller.signal.aborted) return;
        if (renewed === null) return this.stop();
        res = await this.open(renewed, controller.signal);
      }
      // Refused (signed out, deactivated): the API client's own calls end the session; the stream just stops.
      if (res.status === 401 || res.status === 403) return this.stop();
      if (res.status === 429) return await this.refused(res, controller);
      if (!res.ok || !res.body) throw new Error(`event stream: HTTP ${res.status}`);
      this.failures = 0;
      this.setStatus('live');
      this.watchSilence(controller);
      await this.read(res.body, controller);
      ended = !controller.signal.aborted;
    } catch {
      // A drop, a refused connection or the silence watch: opened again below unless stopped.
    }
    if (this.controller !== controller || !this.running) return;
    this.controller = null;
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    // The server ended the stream in order (it lasts as long as its access token): the next one opens at once,
    // resuming, and the header does not blink "reconnecting" for it.
    if (ended && !this.endedAgain()) {
      void this.connect();
      return;
    }
    this.setStatus('reconnecting');
    const delays = this.options.delays;
    const delay = delays[Math.min(this.failures, delays.length - 1)] ?? 1_000;
    this.failures += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay + Math.floor(Math.random() * (delay / 4)));
  }

  /**
   * Refused (issue 56: too many tabs of this browser or of the person, or a full server): says why, and opens again
   * only once the server's Retry-After has passed, not in the drop's quick steps.
   */
  private async refused(res: Response, controller: AbortController): Promise<void> {
    const wait = retryAfterMs(res.headers.get('retry-after'));
    const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    if (this.controller !== controller || !this.running) return;
    this.controller = null;
    const refusal = {
      detail: typeof body?.detail === 'string' ? body.detail : null,
      retryAt: Date.now() + wait,
      waitSeconds: Math.round(wait / 1000),
    };
    this.setStatus('refused');
    this.options.onRefused?.(refusal);
    this.retryTimer = setTimeout(() => void this.connect(), wait + Math.floor(Math.random() * 1_000));
  }

  private async read(body: ReadableStream<Uint8Array>, controller: AbortController): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new StreamParser();
    const abort = () => void reader.cancel().catch(() => undefined);
    controller.signal.addEventListener('abort', abort);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || controller.signal.aborted) return;
        this.watchSilence(controller);
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (message.id !== null) this.lastEventId = message.id;
          const event = parseLiveEvent(message.event, message.data);
          if (event) this.dispatch(event);
        }
      }
    } finally {
      controller.signal.removeEventListener('abort', abort);
    }
  }

  private dispatch(event: LiveEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // One screen's failing handler must not stop the others' updates.
        console.error(error);
      }
    }
  }
}
