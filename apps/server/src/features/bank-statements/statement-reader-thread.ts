import { Worker } from 'node:worker_threads';
import { bankStatementMessages as m } from '@dnx/shared';
import { workerCode } from '../../lib/uploads/worker-code';
import type { StatementReaderInput, StatementReaderMessage } from './statement-reader-worker';
import { StatementError, type ParsedStatement } from './statement';

/**
 * A statement's file read off the server's event loop (issue 48), as lib/spreadsheet/table-reader-thread.ts reads an
 * import's table: in a worker thread with a heap of its own, capped, and a clock that stops it. A file that breaks a
 * cap is refused (a `StatementError` with its message), never the server's memory or time.
 */

export interface StatementThreadOptions {
  maxEntries: number;
  /** The thread's old generation, in MB. */
  memoryMb: number;
  timeoutSeconds: number;
}

export interface ReadStatement {
  statement: ParsedStatement;
  credits: bigint;
  debits: bigint;
}

/** The statement in the file at `path`, or a `StatementError` saying why it is refused. */
export async function readStatementInThread(path: string, options: StatementThreadOptions): Promise<ReadStatement> {
  const input: StatementReaderInput = { path, maxEntries: options.maxEntries };
  const code = await workerCode(
    new URL('./statement-reader-worker.js', import.meta.url),
    new URL('./statement-reader-worker.ts', import.meta.url),
  );
  const worker = new Worker(code, {
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void worker.terminate();
  }, options.timeoutSeconds * 1000);
  try {
    return await new Promise<ReadStatement>((resolve, reject) => {
      worker.once('message', (message: StatementReaderMessage) => {
        if (message.type === 'statement') resolve(message);
        else if (message.type === 'refused') reject(new StatementError(message.message));
        else reject(new Error(`the statement reader failed: ${message.message}`));
      });
      worker.once('error', (error: Error) => {
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
          reject(new StatementError(m.readTooLarge(options.memoryMb)));
        else reject(error);
      });
      worker.once('exit', (code) => {
        if (timedOut) reject(new StatementError(m.readTooSlow(options.timeoutSeconds)));
        else reject(new Error(`the statement reader's thread stopped (exit code ${code})`));
      });
    });
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
