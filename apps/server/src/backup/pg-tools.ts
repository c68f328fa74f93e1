import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's client programs (pg_dump, pg_restore, pg_basebackup), which backup and restore run: from `PG_BIN_DIR`
 * when set, else the newest of Debian's `/usr/lib/postgresql/<version>/bin`, else the `PATH`.
 */
export function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  const dir = process.env.PG_BIN_DIR;
  if (dir) return path.join(dir, name);
  const root = '/usr/lib/postgresql';
  const newest = (existsSync(root) ? readdirSync(root) : [])
    .map((version) => path.join(root, version, 'bin'))
    .filter((bin) => existsSync(path.join(bin, name)))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .pop();
  return newest ? path.join(newest, name) : name;
}

/**
 * A connection URL for libpq's programs, and its password apart (in PGPASSWORD, so it never shows in the process
 * list).
 */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export class PgProgramError extends Error {}

/** Runs a PostgreSQL program to its end; its standard output. Fails with its standard error. */
export function runPgProgram(
  name: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<string> {
  const program = pgProgram(name);
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err) =>
      reject(
        new PgProgramError(
          `${name} could not be started (${err.message}): install PostgreSQL's client programs of the server's ` +
            'version or newer, or set PG_BIN_DIR to their folder (docs/operations.md, "Backup").',
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new PgProgramError(`${name} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
