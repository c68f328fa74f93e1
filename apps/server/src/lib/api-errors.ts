import { detailErrorSchema, fieldErrorsSchema, staleVersionErrorSchema, tokenErrorSchema } from '@dnx/shared';
import { z } from 'zod';

/** A 400 is either field errors or a `{"detail": ...}` (a malformed JSON body). */
export const badRequestSchema = z.union([detailErrorSchema, fieldErrorsSchema]);

/** The error answers of a signed-in route, for its OpenAPI description and serializer. */
export const signedInErrors = {
  400: badRequestSchema,
  401: tokenErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
  409: detailErrorSchema,
} as const;

/** The error answers of an update of a versioned record: a 409 may be `stale_version` (the record changed). */
export const updateErrors = {
  ...signedInErrors,
  409: z.union([staleVersionErrorSchema, detailErrorSchema]),
} as const;
