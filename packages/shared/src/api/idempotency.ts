import { z } from 'zod';

/**
 * `Idempotency-Key` (the IETF draft's header): a client sends a fresh key with a request it may have to retry; the
 * same key with the same body answers the first answer again, another body is a 422, and while the first is still
 * running a 409. Routes opt in (`config.idempotency` on the server); the header is then optional.
 */
export const idempotencyHeader = 'idempotency-key';
/** Answers replayed from a stored first answer carry this header. */
export const idempotentReplayedHeader = 'idempotent-replayed';

/** 8–128 characters: letters, digits and - _ . : (a UUID fits). */
export const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,128}$/;

export const idempotencyMessages = {
  keyInvalid: 'Idempotency-Key başlığı 8–128 simvoldan ibarət olmalıdır: hərflər, rəqəmlər, "-", "_", ".", ":".',
  keyReused: 'Bu Idempotency-Key başqa məzmunlu sorğu üçün artıq istifadə olunub. Yeni sorğu üçün yeni açar yaradın.',
  inProgress: 'Bu Idempotency-Key ilə göndərilən sorğu hələ icra olunur. Bir az sonra yenidən cəhd edin.',
} as const;

/** The headers of a route that takes the key: other headers pass untouched. */
export const idempotencyHeadersSchema = z.looseObject({
  [idempotencyHeader]: z
    .string()
    .regex(idempotencyKeyPattern, idempotencyMessages.keyInvalid)
    .optional()
    .meta({
      description:
        'A fresh key per operation (a UUID). Retrying with the same key and body answers the first answer again ' +
        '(with Idempotent-Replayed: true); the same key with another body is a 422; while the first request runs, a 409.',
      examples: ['0d5a3c1e-8f1b-4f3e-9a52-5b0c2f7d9e41'],
    }),
});
