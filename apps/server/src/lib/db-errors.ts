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

/** The constraint a foreign key violation (23503) broke, or null. */
export function foreignKeyViolation(err: unknown): string | null {
  const fields = pgError(err);
  return fields?.code === '23503' ? (fields.constraint ?? '') : null;
}
