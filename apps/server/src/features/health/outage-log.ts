import type { FastifyBaseLogger } from 'fastify';

export interface OutageLog {
  /** The check failed: the first failure of an outage is a warning; the rest of it says nothing more. */
  fails(check: string, err: unknown): void;
  /** The check holds: if it was failing, the outage's end is logged (info) with how long it lasted. */
  holds(check: string): void;
}

/**
 * One line when a check starts failing and one when it holds again (issue 44), however often the balancers probe:
 * a database outage of 10 s had logged every probe's 503 at error level with a stack (error is for a 500;
 * docs/operations.md, "Monitoring"). Each process logs its own view.
 */
export function createOutageLog(log: FastifyBaseLogger, now: () => number = Date.now): OutageLog {
  const failingSince = new Map<string, number>();
  return {
    fails(check, err) {
      if (failingSince.has(check)) return;
      failingSince.set(check, now());
      const reason = err instanceof Error ? err.message : String(err);
      log.warn({ check, reason }, `health check "${check}" fails: outage begins`);
    },
    holds(check) {
      const since = failingSince.get(check);
      if (since === undefined) return;
      failingSince.delete(check);
      log.info({ check, outageMs: now() - since }, `health check "${check}" holds again: outage over`);
    },
  };
}
