import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { Config } from '../config';

const redacted = '[redacted]';

/**
 * Fields that never reach a log line, wherever a log call puts them (one level under any key for the secrets):
 * headers that carry credentials, passwords and their hashes, tokens, the parameters of a failed SQL statement.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'refresh',
  'access',
  'params',
  '*.authorization',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.refresh',
  '*.access',
  '*.params',
];

// An argon2 hash or a JSON Web Token, wherever it slipped into a message.
const argon2Hash = /\$argon2(?:id|i|d)\$[^\s"',)]*/g;
const jsonWebToken = /eyJ[\w-]{4,}\.eyJ[\w-]{4,}\.[\w-]+/g;

/** The texts a failed statement puts in its message (`params: a,b,c`), collected along the cause chain. */
function statementParameterTexts(err: unknown): string[] {
  const texts: string[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 10; e = (e as Error).cause, depth += 1) {
    if ('params' in e && 'query' in e) texts.push(`params: ${String((e as { params: unknown }).params)}`);
  }
  return texts;
}

function scrub(value: unknown, parameterTexts: string[], depth = 0): unknown {
  if (typeof value === 'string') {
    let text = value;
    for (const params of parameterTexts) text = text.replaceAll(params, `params: ${redacted}`);
    // PostgreSQL's "Failing row contains (...)" holds the whole row: hashes and personal data.
    return text.replace(/^Failing row contains .*/s, `Failing row contains ${redacted}`);
  }
  if (!value || typeof value !== 'object' || depth > 5 || Array.isArray(value)) return value;
  const entry: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'raw') continue;
    entry[key] = key === 'params' ? redacted : scrub(inner, parameterTexts, depth + 1);
  }
  return entry;
}

/** pino's error serializer, then without the statement parameters Drizzle writes into the message and stack. */
export function serializeError(err: Error): unknown {
  return scrub(pino.stdSerializers.err(err), statementParameterTexts(err));
}

/**
 * Paths whose next segment is a secret (issue 40): the reset page's token, the receipt check's verify code (page and
 * API), the reminders' opt-out token (page and API).
 */
const secretPathSegment =
  /^((?:\/api\/public\/payments|\/api\/public\/reminders|\/verify|\/reminders\/opt-out|\/reset-password)\/)[^/?#]+/i;
/** Query values that are secrets: a tracking code and the VÖEN it is looked up with (page and API), any token. */
const secretQueryValue = /([?&](?:code|voen|token)=)[^&#]*/gi;

/** A request's path and query as the log keeps them: every secret of `secretPathSegment` and `secretQueryValue` masked. */
export function maskedUrl(url: string): string {
  return url
    .replace(jsonWebToken, redacted)
    .replace(secretPathSegment, `$1${redacted}`)
    .replace(secretQueryValue, `$1${redacted}`);
}

/** A request as Fastify logs it, with the secrets in its path and query masked (`maskedUrl`). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Last line of defence, on every written line: no password hash ever; no token in production. */
export function scrubLine(line: string, isProduction: boolean): string {
  const withoutHashes = line.replace(argon2Hash, redacted);
  // Outside production the one reset-link line (said so in its message) keeps its token for local testing.
  return isProduction ? withoutHashes.replace(jsonWebToken, redacted) : withoutHashes;
}

/** The logger the app is built with; `stream` lets a test read what would be written. */
export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactedPaths, censor: redacted },
    serializers: { err: serializeError, req: serializeRequest },
    hooks: { streamWrite: (line) => scrubLine(line, config.isProduction) },
    ...(stream ? { stream } : {}),
  };
}
