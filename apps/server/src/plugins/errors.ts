import { errorMessages, retryAfterSeconds } from '@dnx/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseUnavailable, refusedValue } from '../lib/db-errors';
import type { Config } from '../config';
import { createErrorTracker } from '../lib/error-tracking';
import { HttpError } from '../lib/http-errors';

// Django REST Framework's words for a missing field, so existing clients read our errors alike.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : undefined,
});

type FieldErrors = Record<string, string[]>;

function validationToFields(error: FastifyError): FieldErrors {
  const fields: FieldErrors = {};
  for (const item of error.validation ?? []) {
    const key = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
    const messages = (fields[key] ??= []);
    const message = item.message ?? 'Invalid value.';
    // Several failing checks of one field may say the same thing: say it once.
    if (!messages.includes(message)) messages.push(message);
  }
  return fields;
}

/**
 * Sends an error body as plain JSON. A route's declared error schemas describe these bodies, but an error must
 * never fail on them: a serializer error here would turn a client's mistake into a 500 naming a framework code.
 */
function sendError(reply: FastifyReply, status: number, body: Record<string, unknown>, headers = {}) {
  return reply
    .status(status)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

/**
 * One error handler: DRF shaped bodies (`{"detail": ...}` or `{"field": [...]}`), never a stack trace, never a
 * 5xx for a client's input. A path that names no record (`/api/regions/0x10/`) is a 404, as a router would say.
 * A database that does not answer is a 503 with Retry-After; the pool reconnects by itself.
 */
export const errorsPlugin = fp<{ config: Pick<Config, 'SENTRY_DSN' | 'NODE_ENV'> }>(
  async (app: FastifyInstance, { config }) => {
    // Unhandled errors are logged, counted and, with SENTRY_DSN, reported with their request id.
    const tracker = createErrorTracker(config);
    app.addHook('onClose', async () => tracker.close());
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) return sendError(reply, error.statusCode, error.body, error.headers);
      if (hasZodFastifySchemaValidationErrors(error)) {
        if (error.validationContext === 'params') return sendError(reply, 404, { detail: errorMessages.notFound });
        return sendError(reply, 400, validationToFields(error));
      }
      if (databaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return sendError(
          reply,
          503,
          { detail: errorMessages.unavailable },
          { 'retry-after': String(retryAfterSeconds) },
        );
      }
      if (refusedValue(error)) {
        // A rule is missing somewhere: the client still gets a 400, and the log says which statement refused.
        request.log.warn({ err: error }, 'database refused a value');
        return sendError(reply, 400, { detail: errorMessages.valueRefused });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        const route = request.routeOptions.url ?? null;
        app.metrics.unhandledErrors.inc({ route: route ?? 'unmatched' });
        tracker.capture(error, { requestId: request.id, route, userId: request.user?.id ?? null });
        return sendError(reply, 500, { detail: errorMessages.server });
      }
      // Malformed or empty JSON, or a `__proto__` key (the parser refuses it with a plain SyntaxError); a multipart
      // part declared application/json that is no JSON (@fastify/multipart says 406) is the same mistake.
      const badJson = error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError;
      if ((status === 400 && badJson) || error.code === 'FST_INVALID_JSON_FIELD_ERROR') {
        return sendError(reply, 400, { detail: errorMessages.jsonParse });
      }
      // Fastify's own 4xx (a body too large, an unsupported media type): its message, in DRF's shape.
      return sendError(reply, status, { detail: error.message });
    });
  },
);
