// The launcher's supervision (scripts/start.mjs): runs the server process and starts it again whenever it ends
// without being asked to: its watchdog (issue 40: memory past its cap, exit code 70; a blocked event loop, killed),
// a kill for memory (the kernel's SIGKILL, V8's SIGABRT), or a crash (an uncaught error, exit code 1), after a short
// wait that doubles while it keeps failing. Stopped by SIGTERM or SIGINT, it passes the signal on and ends with the
// server. Only a refusal to start that a restart cannot mend (bad settings, another process on the embedded folder,
// a login without the migration's rights: exit code 78, EX_CONFIG) or a clean exit (0) ends it too.
import { spawn } from 'node:child_process';

/** The server's own exit code when its memory passed WATCHDOG_MEMORY_LIMIT (apps/server/src/lib/watchdog.ts). */
export const watchdogExitCode = 70;
/** The server's exit code when it refuses to start for its settings (apps/server/src/server.ts): not restarted. */
export const configExitCode = 78;

/**
 * Runs `command` (`[node, ...flags, server.js]`) with `options` (spawn's) until it stops for a reason a restart does
 * not mend; resolves never (the launcher exits with the server). `firstWaitMs` and `maxWaitMs` bound the wait before
 * a restart; a process that ran a minute starts the next wait at `firstWaitMs` again.
 */
export function supervise(
  command,
  options = {},
  { firstWaitMs = 1_000, maxWaitMs = 30_000, log = console.error } = {},
) {
  let server = null;
  let stopping = false;
  let wait = firstWaitMs;
  let pending = null;

  const start = () => {
    pending = null;
    const startedAt = Date.now();
    server = spawn(command[0], command.slice(1), { stdio: 'inherit', ...options });
    server.on('exit', (code, signal) => {
      server = null;
      const unexpected = signal !== null || (code !== 0 && code !== configExitCode);
      if (stopping || !unexpected) process.exit(code ?? (signal ? 1 : 0));
      if (Date.now() - startedAt > 60_000) wait = firstWaitMs;
      log(
        `The server ${signal ? `was killed (${signal})` : `exited with code ${code}`}: starting it again in ` +
          `${wait / 1000} s.`,
      );
      pending = setTimeout(start, wait);
      wait = Math.min(wait * 2, maxWaitMs);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      if (server) server.kill(signal);
      else {
        clearTimeout(pending);
        process.exit(0);
      }
    });
  }
  start();
}
