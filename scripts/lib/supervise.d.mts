import type { SpawnOptions } from 'node:child_process';

/** The server's own exit code when its memory passed WATCHDOG_MEMORY_LIMIT. */
export const watchdogExitCode: number;
/** Runs the server and starts it again when it ended itself or was killed for memory (scripts/start.mjs). */
export function supervise(
  command: string[],
  options?: SpawnOptions,
  timing?: { firstWaitMs?: number; maxWaitMs?: number; log?: (line: string) => void },
): void;
