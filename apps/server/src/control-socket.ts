import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { backupEmbedded } from './backup/backup';
import type { DatabaseHandle } from './db/client';
import { rebuildReportSummaries } from './db/report-summaries';
import { fnLedgerChain } from './features/fn/ledger';
import { auditChain } from './lib/audit';

/**
 * The commands that may run while the server holds the embedded database: a command-line task that finds the folder
 * taken asks the server over a Unix socket in the data folder instead (issue 25). The socket is the operating
 * system user's alone (mode 0600): whoever may read the data folder may ask.
 */
export const serverCommands = {
  'verify-audit': (handle: DatabaseHandle) => auditChain.verify(handle.db),
  'verify-ledger': (handle: DatabaseHandle) => fnLedgerChain.verify(handle.db),
  // The reports' summary tables computed again from the base tables, in one transaction (migration 0046).
  'rebuild-summaries': async (handle: DatabaseHandle) => ({ ok: true, ...(await rebuildReportSummaries(handle.db)) }),
  // The file is written by the server, as the operating system user it runs as; the path is absolute.
  backup: async (handle: DatabaseHandle, request: CommandRequest) => {
    if (typeof request.file !== 'string' || !path.isAbsolute(request.file)) throw new Error('no absolute file path');
    return { ok: true, ...(await backupEmbedded(handle, request.file)) };
  },
} satisfies Record<string, (handle: DatabaseHandle, request: CommandRequest) => Promise<{ ok: boolean }>>;

/** What a command is asked with: its name, and a backup's file. */
export interface CommandRequest {
  command?: unknown;
  file?: unknown;
}

export type ServerCommand = keyof typeof serverCommands;

export const isServerCommand = (name: string): name is ServerCommand => Object.hasOwn(serverCommands, name);

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

type Answer = { ok: true; result: { ok: boolean } } | { ok: false; error: string };

/** Listens on the data folder's control socket until the app closes. */
export async function openControlSocket(app: FastifyInstance, dataDir: string): Promise<void> {
  const file = controlSocketPath(dataDir);
  // Left by a server that was killed: this process holds the database lock, so no other server listens on it.
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n') && request.length < 1_000) return;
      socket.removeAllListeners('data');
      void answer(app, request.split('\n')[0]!).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(file, { force: true });
  });
}

async function answer(app: FastifyInstance, line: string): Promise<Answer> {
  let request: CommandRequest;
  try {
    request = JSON.parse(line) as CommandRequest;
  } catch {
    return { ok: false, error: 'not a JSON request' };
  }
  const { command } = request;
  if (typeof command !== 'string' || !isServerCommand(command))
    return { ok: false, error: `not a command the server runs: ${String(command)}` };
  try {
    // The checks and the backup only read, which the app's role may do: requests go on beside them.
    const result = await serverCommands[command](app.database, request);
    app.log.info({ command, result }, 'control socket command');
    return { ok: true, result };
  } catch (err) {
    app.log.error({ err, command }, 'control socket command failed');
    return { ok: false, error: (err as Error).message };
  }
}

/** Asks the server that holds `dataDir`'s embedded database to run `command`; its answer. */
export function askServer(dataDir: string, command: ServerCommand, file?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dataDir));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command, file })}\n`));
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(JSON.parse(reply) as Answer);
      } catch {
        reject(new Error(`the server's control socket answered ${JSON.stringify(reply)}`));
      }
    });
  });
}
