import * as Sentry from '@sentry/node';
import type { Config } from '../config';
import { productVersion } from '../paths';
import { serializeError } from './logging';

/** Where an unhandled error of a request goes besides the log and the metrics: Sentry when SENTRY_DSN is set. */
export interface ErrorTracker {
  capture(err: unknown, context: { requestId: string; route: string | null; userId: number | null }): void;
  /** Sends what is queued (at shutdown). */
  close(): Promise<void>;
}

const noTracker: ErrorTracker = { capture: () => {}, close: async () => {} };

/**
 * The official Sentry SDK, without tracing or automatic instrumentation: only unhandled errors, each with its request
 * id, route and user id, its message and stack scrubbed as the log scrubs them (no statement parameters, no
 * hashes). Absent SENTRY_DSN: nothing is sent anywhere.
 */
export function createErrorTracker(config: Pick<Config, 'SENTRY_DSN' | 'NODE_ENV'>): ErrorTracker {
  if (!config.SENTRY_DSN) return noTracker;
  const client = Sentry.init({
    dsn: config.SENTRY_DSN,
    release: productVersion,
    environment: config.NODE_ENV,
    defaultIntegrations: false,
    enableOpenTelemetrySetup: false,
    tracesSampleRate: 0,
  });
  return {
    capture(err, context) {
      const safe = serializeError(err instanceof Error ? err : new Error(String(err))) as {
        type?: string;
        message?: string;
        stack?: string;
      };
      const reported = Object.assign(new Error(safe.message ?? 'error'), {
        name: safe.type ?? 'Error',
        stack: safe.stack,
      });
      Sentry.withScope((scope) => {
        scope.setTag('request_id', context.requestId);
        if (context.route) scope.setTag('route', context.route);
        if (context.userId !== null) scope.setUser({ id: String(context.userId) });
        Sentry.captureException(reported);
      });
    },
    close: async () => {
      await client?.close(2_000);
    },
  };
}
