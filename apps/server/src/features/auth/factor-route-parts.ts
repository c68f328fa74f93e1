import { z } from 'zod';

/** What the factors' routes share: their tags, the signed-in access, a limit's 429. */
export const common = { tags: ['mfa'], security: [{ bearer: [] }] };
export const signedIn = { access: { permissions: [] } } as const;
export const throttledError = { 429: z.object({ detail: z.string() }) };
