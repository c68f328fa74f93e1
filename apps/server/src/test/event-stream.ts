import { parseLiveEvent, type LiveEvent } from '@dnx/shared';

/** One message of a Server-Sent Events stream as a client reads it. */
export interface StreamMessage {
  id: string | null;
  event: LiveEvent | null;
  /** The `event:` name and `data:` text, as sent. */
  type: string;
  data: string;
}

/**
 * An open `GET /api/events/` read through fetch, as the web app reads it: each message parsed as it arrives.
 * `next` waits for the first message after those already taken that matches; `lastId` is the last id seen.
 */
export async function openEventStream(baseUrl: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events/`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  const messages: StreamMessage[] = [];
  let lastId: string | null = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const pulse = () => {
    wake?.();
    wake = null;
  };
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let type = '';
            let data = '';
            let id: string | null = null;
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (id !== null) lastId = id;
            if (type) messages.push({ id, type, data, event: parseLiveEvent(type, data) });
            pulse();
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true;
      pulse();
    })();
  } else ended = true;
  let taken = 0;

  return {
    status: res.status,
    headers: res.headers,
    get lastId() {
      return lastId;
    },
    get ended() {
      return ended;
    },
    messages,
    /** The next message (after those taken) that matches, within `timeoutMs`; what was skipped is taken too. */
    async next(match: (message: StreamMessage) => boolean = () => true, timeoutMs = 5_000): Promise<StreamMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < messages.length) {
          const message = messages[taken++]!;
          if (match(message)) return message;
        }
        if (ended) throw new Error(`stream ended; had ${JSON.stringify(messages.map((m) => [m.type, m.data]))}`);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching event; had ${JSON.stringify(messages.map((m) => [m.type, m.data]))}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, left);
        });
      }
    },
    /** Resolves once the server has ended the stream. */
    async closedByServer(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return ended;
    },
    close: () => controller.abort(),
  };
}

export type EventStreamClient = Awaited<ReturnType<typeof openEventStream>>;

/** A `change` of `resource` (optionally naming `id`). */
export const changeOf =
  (resource: string, id?: number) =>
  (message: StreamMessage): boolean =>
    message.event?.type === 'change' &&
    message.event.data.resource === resource &&
    (id === undefined || (message.event.data.ids ?? []).includes(id));
