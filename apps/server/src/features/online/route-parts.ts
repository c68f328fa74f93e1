import { detailErrorSchema, fieldErrorsSchema } from '@dnx/shared';
import { z } from 'zod';

/** What the online requests' routes share: their tags, error answers and the binary answers' headers. */
export const publicCommon = { tags: ['online'], security: [] };
export const staffCommon = { tags: ['online'], security: [{ bearer: [] }] };
export const throttledError = { 429: detailErrorSchema };
export const submitErrors = { 400: fieldErrorsSchema, ...throttledError };
export const decided = { 404: detailErrorSchema, 409: detailErrorSchema };
export const binary = (description: string) => z.any().meta({ description, type: 'string', format: 'binary' });

/** A download's Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266). */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '_')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
