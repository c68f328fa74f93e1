import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The embedded database folder is taken by another living process: nothing was opened or changed. */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${lockFile.replace(/\.lock$/, '')} is in use by ${holder.command} (process ${holder.pid}, ` +
        `since ${holder.since}). Two processes writing one PGlite folder corrupt it, so this one stops and changes ` +
        `nothing. Stop that process first, or ask it (a running server answers verify-audit, verify-ledger and ` +
        `backup itself). If no such process runs any more, remove ${lockFile}.`,
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

export interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

/** True while process `pid` exists (EPERM: it exists under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    // Missing (released meanwhile), or damaged: nobody can be shown to hold it.
    return null;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the embedded database folder `dir` for this process, before anything opens it: a lock file beside it
 * (`<dir>.lock`, so nothing foreign lies among PostgreSQL's own files) naming this
 * process, made whole and then linked into place (`link` fails when the name exists, so it is made once and is never
 * seen half written). A second server or command finds it held by a living process and stops with
 * `EmbeddedDatabaseBusyError`. A lock left by a process that died (a crash, a kill) is removed under a short
 * `mkdir` mutex, so of several processes racing for it one removes it and one takes it.
 */
export function lockEmbeddedDatabase(dir: string, command: string): { release(): void } {
  mkdirSync(path.dirname(dir), { recursive: true });
  const file = `${dir}.lock`;
  const mine = `${file}.${process.pid}`;
  const takeover = `${file}.takeover`;
  const me: LockHolder = { pid: process.pid, command, since: new Date().toISOString() };
  writeFileSync(mine, JSON.stringify(me), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      try {
        linkSync(mine, file);
        return {
          release: () => {
            if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
          },
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readHolder(file);
      if (holder && alive(holder.pid)) throw new EmbeddedDatabaseBusyError(file, holder);
      try {
        mkdirSync(takeover);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // Another process is removing a dead lock this instant; a mutex older than that was left by a crash.
        const mutex = statSync(takeover, { throwIfNoEntry: false });
        if (mutex && Date.now() - mutex.mtimeMs > 5_000) rmSync(takeover, { force: true, recursive: true });
        pause(20);
        continue;
      }
      try {
        const current = readHolder(file);
        if (current && alive(current.pid)) throw new EmbeddedDatabaseBusyError(file, current);
        rmSync(file, { force: true });
      } finally {
        rmSync(takeover, { force: true, recursive: true });
      }
    }
    throw new Error(`could not take the embedded database lock ${file}`);
  } finally {
    rmSync(mine, { force: true });
  }
}
