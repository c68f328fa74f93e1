/** PostgreSQL error fields as both drivers report them (drizzle may wrap the driver's error as `cause`). */
interface PgErrorFields {
  code?: string;
  constraint?: string;
}

function pgError(err: unknown): PgErrorFields | null {
  for (let current: unknown = err, depth = 0; current && depth < 3; depth += 1) {
    const fields = current as PgErrorFields & { cause?: unknown };
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return null;
}

/** The constraint a unique violation (23505) broke, or null when the error is something else. */
export function uniqueViolation(err: unknown): string | null {
  const fields = pgError(err);
  return fields?.code === '23505' ? (fields.constraint ?? '') : null;
}

/**
 * The constraint a foreign key refused a write by, or null: 23503, or 23001 when the key is `ON DELETE RESTRICT`
 * (a delete of a row another still names).
 */
export function foreignKeyViolation(err: unknown): string | null {
  const fields = pgError(err);
  return fields?.code === '23503' || fields?.code === '23001' ? (fields.constraint ?? '') : null;
}

/** The constraint an exclusion violation (23P01: two ranges of one series overlap) broke, or null. */
export function exclusionViolation(err: unknown): string | null {
  const fields = pgError(err);
  return fields?.code === '23P01' ? (fields.constraint ?? '') : null;
}

/** The constraint a check violation (23514) broke, or null. */
export function checkViolation(err: unknown): string | null {
  const fields = pgError(err);
  return fields?.code === '23514' ? (fields.constraint ?? '') : null;
}

/**
 * A value the database refused (class 22, data exception: NUL in text, a number out of range, a day that does
 * not exist; 54000, a value too large to index). Each field's rule refuses these first; this is the safety net.
 */
export function refusedValue(err: unknown): boolean {
  const code = pgError(err)?.code;
  return code !== undefined && (code.startsWith('22') || code === '54000');
}

// Errors of a connection that could not be made or was lost, as node-postgres and Node's sockets report them.
const connectionErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const connectionErrorText =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable|PGlite is closed/i;

/**
 * The database cannot answer now, but may in a moment: connection lost or refused (class 08), the server
 * shutting down or starting (57P01-57P03), out of connections (53300), a deadlock or serialization failure, a
 * server in recovery or read-only (25006; 55000 of recovery).
 */
export function databaseUnavailable(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current && depth < 4; depth += 1) {
    const fields = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof fields.code === 'string' ? fields.code : '';
    if (connectionErrorCodes.has(code)) return true;
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300', '40001', '40P01'].includes(code)) return true;
    // A server that cannot write now (a standby, or a primary being demoted): 25006, or 55000 "recovery is in
    // progress". The pool drops the connection (db/client.ts); the retry may reach the new primary.
    if (code === '25006') return true;
    if (code === '55000' && typeof fields.message === 'string' && /recovery/i.test(fields.message)) return true;
    if (typeof fields.message === 'string' && connectionErrorText.test(fields.message)) return true;
    // An AggregateError (a connection refused on every address) holds its causes in `errors`.
    if (Array.isArray(fields.errors) && fields.errors.some((e) => databaseUnavailable(e))) return true;
    current = fields.cause;
  }
  return false;
}
