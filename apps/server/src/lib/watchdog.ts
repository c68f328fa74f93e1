import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The process's own watchdog (issue 40): a process whose event loop stays blocked, or whose memory grows past a cap,
 * answers nothing and would never exit by itself; it ends so that its supervisor (systemd, the container runtime,
 * `npm start`'s launcher) starts it again. docs/operations.md, "When the process ends itself".
 */

/** The exit code of a process whose memory passed `WATCHDOG_MEMORY_LIMIT`. */
export const memoryExitCode = 70;
/** How a process whose event loop stayed blocked ends: its watchdog thread kills it (no code of its own can run). */
export const blockedSignal = 'SIGKILL';

const heartbeatMs = 250;

/**
 * The watchdog thread, as plain JavaScript (no loader needed, in the bundle and under vitest alike; built-in modules
 * by `process.getBuiltinModule`, which a script and a module both have): it watches the
 * heartbeat counter the main thread moves every 250 ms; once it has stood still for the limit, it writes one fatal
 * log line (pino's shape) straight to standard output and kills the process, as the blocked main thread cannot.
 */
const watchdogThread = `
const { workerData } = process.getBuiltinModule('node:worker_threads');
const { writeSync } = process.getBuiltinModule('node:fs');
const { hostname } = process.getBuiltinModule('node:os');
const beats = new Int32Array(workerData.heartbeat);
const limit = workerData.limitMs;
let seen = Atomics.load(beats, 0);
let since = Date.now();
setInterval(() => {
  const now = Date.now();
  const beat = Atomics.load(beats, 0);
  if (beat !== seen) {
    seen = beat;
    since = now;
    return;
  }
  if (now - since < limit) return;
  const line = {
    level: 60,
    time: now,
    pid: process.pid,
    hostname: hostname(),
    blockedMs: now - since,
    limitMs: limit,
    msg: 'event loop blocked past WATCHDOG_EVENT_LOOP_LIMIT: the watchdog kills the process so that its supervisor starts it again',
  };
  try { writeSync(1, JSON.stringify(line) + '\\n'); } finally { process.kill(process.pid, 'SIGKILL'); }
}, Math.max(10, Math.min(1000, Math.floor(limit / 4))));
`;

type WatchdogSettings = Pick<Config, 'WATCHDOG_EVENT_LOOP_LIMIT' | 'WATCHDOG_MEMORY_LIMIT'>;

/**
 * Starts watching this process (the server calls it once it listens); 0 turns either check off. The memory check
 * runs on the main thread (it can still log through the app's logger and exit with `memoryExitCode`); a blocked
 * loop is seen by a worker thread, since no timer of the blocked thread runs. Returns a function that stops both.
 */
export function startWatchdog(app: FastifyInstance, settings: WatchdogSettings): () => Promise<void> {
  const heartbeat = new SharedArrayBuffer(4);
  const beats = new Int32Array(heartbeat);
  const memoryLimit = settings.WATCHDOG_MEMORY_LIMIT * 1024 * 1024;
  const timer = setInterval(() => {
    Atomics.add(beats, 0, 1);
    if (memoryLimit === 0) return;
    const rss = process.memoryUsage.rss();
    if (rss < memoryLimit) return;
    app.log.fatal(
      { rssMb: Math.round(rss / 2 ** 20), limitMb: settings.WATCHDOG_MEMORY_LIMIT },
      'memory past WATCHDOG_MEMORY_LIMIT: the process exits so that its supervisor starts it again',
    );
    process.exit(memoryExitCode);
  }, heartbeatMs);
  timer.unref();
  const worker =
    settings.WATCHDOG_EVENT_LOOP_LIMIT > 0
      ? new Worker(watchdogThread, {
          eval: true,
          workerData: { heartbeat, limitMs: settings.WATCHDOG_EVENT_LOOP_LIMIT },
          // The thread needs little: a timer and one line to write.
          resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
        })
      : null;
  worker?.unref();
  worker?.on('error', (err) => app.log.error({ err }, 'the event loop watchdog stopped'));
  return async () => {
    clearInterval(timer);
    await worker?.terminate();
  };
}

/**
 * Only with NODE_ENV=test and WATCHDOG_TEST_BLOCK=true (the watchdog's process tests): `POST /api/test/block-event-loop/`
 * blocks the event loop for good, as a runaway computation would.
 */
export function addWatchdogTestRoute(app: FastifyInstance, config: Pick<Config, 'NODE_ENV' | 'WATCHDOG_TEST_BLOCK'>) {
  if (config.NODE_ENV !== 'test' || config.WATCHDOG_TEST_BLOCK !== 'true') return;
  app.post(
    '/api/test/block-event-loop/',
    { schema: { hide: true }, config: { access: 'public' } },
    (_request, reply) => {
      // Once the answer has left: the test knows the request arrived.
      reply.raw.on('finish', () =>
        setTimeout(() => {
          for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
        }, 20),
      );
      reply.send({ blocking: true });
    },
  );
}
