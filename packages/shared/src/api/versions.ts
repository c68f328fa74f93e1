import { z } from 'zod';
import { int4Max } from './input';

/**
 * Every editable record carries a version: an update sends the version it read, and a stale one is refused
 * (409 `stale_version`) instead of silently replacing what another person saved meanwhile.
 */

/** PostgreSQL's integer: the largest version a record can hold. */
export const maxVersion = int4Max;

export const versionMessages = {
  /** 409: another person saved the record after this editor read it. */
  stale:
    'Bu qeyd siz açdıqdan sonra başqa istifadəçi tərəfindən dəyişdirilib. Qeydi yenidən yükləyin və dəyişikliyinizi təkrarlayın.',
  invalid: 'Versiya müsbət tam ədəd olmalıdır.',
} as const;

export const staleVersionCode = 'stale_version';

/** A record's version as read. */
export const versionSchema = z.number().int().min(1).max(maxVersion);

/**
 * The version an update sends: a JSON number only (never a numeric string). A missing one keeps the default
 * message ("This field is required." on the server), the rest say what a version is.
 */
export const expectedVersionSchema = z
  .number({ error: (issue) => (issue.input === undefined ? undefined : versionMessages.invalid) })
  .int(versionMessages.invalid)
  .min(1, versionMessages.invalid)
  .max(maxVersion, versionMessages.invalid);

/** The 409 body of a stale update. */
export const staleVersionErrorSchema = z.object({
  detail: z.string(),
  code: z.literal(staleVersionCode),
});
export type StaleVersionError = z.infer<typeof staleVersionErrorSchema>;

/** Whether an error body is the stale-version answer (the forms then offer to reload the record). */
export const isStaleVersionBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { code?: unknown }).code === staleVersionCode;
