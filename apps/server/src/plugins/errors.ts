import type { IncomingMessage } from 'node:http';
import { drfMessages, errorMessages, retryAfterSeconds } from '@dnx/shared';
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
    issue.code === 'invalid_type' && issue.input === undefined ? drfMessages.required : undefined,
});

type FieldErrors = Record<string, string[]>;

function validationToFields(error: FastifyError): FieldErrors {
  const fields: FieldErrors = {};
  for (const item of error.validation ?? []) {
    const key = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
    const messages = (fields[key] ??= []);
    const message = item.message ?? drfMessages.invalid;
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

/** How much of a refused body is read before the answer (the client still writing it then reads the answer). */
export const refusedBodyDrain = { maxBytes: 32 * 1024 * 1024, timeoutMs: 10_000 };

/**
 * Reads and discards what is left of a request's body, up to a bound in bytes and time. Fastify refuses a body over
 * its limit before reading it and closes the connection after the answer: a client still sending then meets a reset
 * (EPIPE) instead of the answer. Once the body is read, the answer and the close reach it.
 */
export function drainRequestBody(raw: IncomingMessage, bound = refusedBodyDrain): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > bound.maxBytes) done();
    };
    const timer = setTimeout(done, bound.timeoutMs);
    raw.on('data', onData);
    raw.on('end', done);
    raw.on('error', done);
    raw.on('close', done);
    // A decompressing stream the body was piped into would stop the flow once full: nothing reads it now.
    raw.unpipe();
    raw.resume();
  });
}

/** Fastify's own refusals of a body, in the caller's language: too large (413), a format it does not read (415). */
const bodyRefusals: Record<number, string> = {
  413: errorMessages.bodyTooLarge,
  415: errorMessages.unsupportedMediaType,
};

/** @fastify/multipart's refusals of a form's shape: a 400 with its reason, never a 413 "too large" (issue 56). */
const multipartRefusals: Record<string, string> = {
  FST_FILES_LIMIT: errorMessages.tooManyFiles,
  FST_PARTS_LIMIT: errorMessages.tooManyParts,
  FST_FIELDS_LIMIT: errorMessages.tooManyParts,
  FST_MP_PREMATURE_CLOSE: errorMessages.multipartBroken,
};

/**
 * busboy's own errors of a body cut short or malformed, or of a multipart type without its boundary: plain errors,
 * with no status.
 */
const brokenMultipart =
  /^(Unexpected end of (multipart data|form)|Malformed part header|Part terminated early|Malformed urlencoded form|Multipart: Boundary not found)/;

/** The reason a multipart body is refused, or undefined when the error is something else. */
function multipartRefusal(error: FastifyError): string | undefined {
  if (error.code && multipartRefusals[error.code]) return multipartRefusals[error.code];
  if (error.statusCode === undefined && brokenMultipart.test(error.message)) return errorMessages.multipartBroken;
  return undefined;
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
      const refusedForm = multipartRefusal(error);
      if (refusedForm) {
        // The rest of a body refused at a part is read first, as for a 413, so the client reads the answer.
        void drainRequestBody(request.raw).then(() => sendError(reply, 400, { detail: refusedForm }));
        return;
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
      const refusal = bodyRefusals[status];
      if (refusal) {
        // Fastify answers these before reading the body and closes the connection: read the rest first. Nothing is
        // returned: a promise would have Fastify send its (empty) result while the answer's onSend hooks still run.
        void drainRequestBody(request.raw).then(() =>
          sendError(reply, status, { detail: refusal }, { connection: 'close' }),
        );
        return;
      }
      // Fastify's other 4xx: its message, in DRF's shape.
      return sendError(reply, status, { detail: error.message });
    });
  },
);
