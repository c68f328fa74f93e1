import { parentPort, workerData } from 'node:worker_threads';
import {
  readTable,
  TableBoundError,
  TableTooLargeError,
  TableUnreadableError,
  type TableFormat,
  type TableLimits,
} from './table-reader';

/**
 * The table reader in a thread of its own (issue 40; started by table-reader-thread.ts): it reads the whole file
 * once within its bounds and says how many rows it holds, then reads it again and hands the rows over a batch at a
 * time, each when asked for. So a file that breaks a bound fails before any row is kept, and the parsing of a large
 * or hostile file never holds the server's event loop.
 */

export interface TableReaderInput {
  path: string;
  format: TableFormat;
  limits: TableLimits;
  /** A batch ends at this many rows or this many characters, whichever comes first. */
  batchRows: number;
  batchLength: number;
}

/** A failure as it crosses to the server's thread (errors lose their class on the way). */
export interface ReadFailure {
  name: string;
  message: string;
  bound?: TableBoundError['bound'];
  limit?: number;
  maxRows?: number;
  code?: string;
}

export type TableReaderMessage =
  | { type: 'read'; rows: number }
  | { type: 'rows'; rows: string[][] }
  | { type: 'end' }
  | { type: 'error'; error: ReadFailure };

const port = parentPort!;
const input = workerData as TableReaderInput;
const asked = () => new Promise<void>((resolve) => port.once('message', () => resolve()));
const send = (message: TableReaderMessage) => port.postMessage(message);

/** A row's characters. */
const lengthOf = (row: string[]) => row.reduce((sum, cell) => sum + cell.length, 0);

async function serve() {
  // The first reading keeps the rows while they fit in one batch: a small file is read once.
  let count = 0;
  let held: string[][] | null = [];
  let heldLength = 0;
  for await (const row of readTable(input.path, input.format, input.limits)) {
    count += 1;
    if (!held) continue;
    held.push(row);
    heldLength += lengthOf(row);
    if (held.length > input.batchRows || heldLength > input.batchLength) held = null;
  }
  send({ type: 'read', rows: count });
  await asked();
  if (held) {
    if (held.length > 0) {
      send({ type: 'rows', rows: held });
      await asked();
    }
    send({ type: 'end' });
    return;
  }
  let batch: string[][] = [];
  let length = 0;
  for await (const row of readTable(input.path, input.format, input.limits)) {
    batch.push(row);
    length += lengthOf(row);
    if (batch.length >= input.batchRows || length >= input.batchLength) {
      send({ type: 'rows', rows: batch });
      batch = [];
      length = 0;
      await asked();
    }
  }
  if (batch.length > 0) {
    send({ type: 'rows', rows: batch });
    await asked();
  }
  send({ type: 'end' });
}

serve().catch((error: unknown) => {
  const failure: ReadFailure =
    error instanceof Error
      ? { name: error.name, message: error.message, code: (error as { code?: string }).code }
      : { name: 'Error', message: String(error) };
  if (error instanceof TableBoundError) Object.assign(failure, { bound: error.bound, limit: error.limit });
  if (error instanceof TableTooLargeError) failure.maxRows = error.maxRows;
  if (error instanceof TableUnreadableError) failure.name = 'TableUnreadableError';
  send({ type: 'error', error: failure });
});
