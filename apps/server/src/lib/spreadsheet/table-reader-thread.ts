import { Worker } from 'node:worker_threads';
import {
  TableBoundError,
  TableTooLargeError,
  TableUnreadableError,
  type TableFormat,
  type TableLimits,
} from './table-reader';
import { workerCode } from '../uploads/worker-code';
import type { ReadFailure, TableReaderInput, TableReaderMessage } from './table-reader-worker';

/**
 * An uploaded table read off the server's event loop (issue 40): in a worker thread with a heap of its own, capped,
 * and a clock that stops it. The thread reads the whole file once within its bounds before the first row comes back,
 * so a file that breaks a bound is refused before any of its rows is checked or kept.
 */

/** The thread needed more memory, or more time, than it is given: `value` is the cap (MB, or seconds). */
export class TableReadLimitError extends Error {
  readonly limit: 'memory' | 'time';
  readonly value: number;
  constructor(limit: 'memory' | 'time', value: number) {
    super(`reading the table passed its ${limit} cap of ${value}`);
    this.name = 'TableReadLimitError';
    this.limit = limit;
    this.value = value;
  }
}

export interface ThreadOptions {
  limits: TableLimits;
  /** The thread's old generation, in MB (`resourceLimits.maxOldGenerationSizeMb`). */
  memoryMb: number;
  /** The time the thread may spend reading (waits for the caller not counted), in seconds. */
  timeoutSeconds: number;
}

/** A failure from the thread with its class again. */
function revived(failure: ReadFailure): Error {
  if (failure.bound !== undefined) return new TableBoundError(failure.bound, failure.limit!);
  if (failure.maxRows !== undefined) return new TableTooLargeError(failure.maxRows);
  if (failure.name === 'TableUnreadableError') return new TableUnreadableError();
  return Object.assign(new Error(failure.message), { code: failure.code });
}

type Event = TableReaderMessage | { type: 'failed'; error: Error } | { type: 'exit'; code: number };

/**
 * The file's rows as `readTable` gives them, read in a worker thread. Throws what `readTable` throws, and
 * `TableReadLimitError` when the thread passes its memory or time cap (it is stopped then). Stopping early stops it.
 */
export async function* readTableInThread(
  path: string,
  format: TableFormat,
  options: ThreadOptions,
): AsyncGenerator<string[]> {
  const input: TableReaderInput = { path, format, limits: options.limits, batchRows: 500, batchLength: 4 * 2 ** 20 };
  const code = await workerCode(
    new URL('./table-reader-worker.js', import.meta.url),
    new URL('./table-reader-worker.ts', import.meta.url),
  );
  const worker = new Worker(code, {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  const inbox: Event[] = [];
  let wake: (() => void) | null = null;
  const deliver = (event: Event) => {
    inbox.push(event);
    wake?.();
  };
  worker.on('message', (message: TableReaderMessage) => deliver(message));
  worker.on('error', (error: Error) => deliver({ type: 'failed', error }));
  worker.on('exit', (code: number) => deliver({ type: 'exit', code }));
  const next = async (): Promise<Event> => {
    while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    return inbox.shift()!;
  };

  // The clock runs while the thread reads, not while the caller checks the rows it was given.
  let budget = options.timeoutSeconds * 1000;
  let since = 0;
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const resume = () => {
    since = Date.now();
    timer = setTimeout(() => {
      timedOut = true;
      void worker.terminate();
    }, budget);
  };
  const pause = () => {
    clearTimeout(timer);
    budget -= Date.now() - since;
  };
  const ask = () => {
    worker.postMessage('more');
    resume();
  };

  resume();
  try {
    for (;;) {
      const event = await next();
      pause();
      switch (event.type) {
        case 'read':
          ask();
          break;
        case 'rows':
          yield* event.rows;
          ask();
          break;
        case 'end':
          return;
        case 'error':
          throw revived(event.error);
        case 'failed':
          if ((event.error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
            throw new TableReadLimitError('memory', options.memoryMb);
          throw event.error;
        case 'exit':
          if (timedOut) throw new TableReadLimitError('time', options.timeoutSeconds);
          throw new Error(`the table reader's thread stopped (exit code ${event.code})`);
      }
    }
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
