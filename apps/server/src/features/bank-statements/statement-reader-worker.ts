import { open, readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { bankStatementMessages as m } from '@dnx/shared';
import { TableBoundError, TableTooLargeError, TableUnreadableError } from '../../lib/spreadsheet/table-reader';
import { isCamt053, readCamt053 } from './camt053';
import { isStatementCsv, readStatementCsv } from './csv';
import { isMt940, readMt940 } from './mt940';
import { checkArithmetic, checkBounds, cleanTexts, StatementError, type ParsedStatement } from './statement';

/**
 * A bank statement's file read in a thread of its own (issue 48; started by statement-reader-thread.ts), as the
 * imports read their tables: the format by the content, never the name; the statement within its bounds and its
 * arithmetic checked; the result, or the reason it is refused, sent back once.
 */

export interface StatementReaderInput {
  path: string;
  maxEntries: number;
}

export type StatementReaderMessage =
  | { type: 'statement'; statement: ParsedStatement; credits: bigint; debits: bigint }
  | { type: 'refused'; message: string }
  | { type: 'error'; message: string };

const input = workerData as StatementReaderInput;

async function head(path: string): Promise<string | null> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (bytes.includes(0)) return null;
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: bytesRead === buffer.length });
  } catch {
    return null;
  } finally {
    await file.close();
  }
}

async function read(): Promise<ParsedStatement> {
  const start = await head(input.path);
  if (start === null) throw new StatementError(m.formatUnknown);
  if (isStatementCsv(start)) return readStatementCsv(input.path, input.maxEntries);
  if (!isCamt053(start) && !isMt940(start)) throw new StatementError(m.formatUnknown);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(input.path));
  } catch {
    throw new StatementError(m.formatUnknown);
  }
  return isCamt053(start) ? readCamt053(text) : readMt940(text);
}

async function serve() {
  const statement = cleanTexts(await read());
  checkBounds(statement, input.maxEntries);
  const { credits, debits } = checkArithmetic(statement);
  parentPort!.postMessage({ type: 'statement', statement, credits, debits } satisfies StatementReaderMessage);
}

serve().catch((error: unknown) => {
  let message: StatementReaderMessage;
  if (error instanceof StatementError) message = { type: 'refused', message: error.message };
  else if (error instanceof TableTooLargeError) message = { type: 'refused', message: m.tooManyEntries };
  else if (error instanceof TableBoundError) message = { type: 'refused', message: m.csvTooLong };
  else if (error instanceof TableUnreadableError) message = { type: 'refused', message: m.formatUnknown };
  else message = { type: 'error', message: error instanceof Error ? error.message : String(error) };
  parentPort!.postMessage(message);
});
