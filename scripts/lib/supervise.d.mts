import type { SpawnOptions } from 'node:child_process';

/** The server's own exit code when its memory passed WATCHDOG_MEMORY_LIMIT. */
export const watchdogExitCode: number;
/** The server's exit code when it refuses to start for its settings: not restarted. */
export const configExitCode: number;
/** Runs the server and starts it again whenever it ends unasked, but for `configExitCode` (scripts/start.mjs). */
export function supervise(
  command: string[],
  options?: SpawnOptions,
  timing?: { firstWaitMs?: number; maxWaitMs?: number; log?: (line: string) => void },
): void;
