import { detailErrorSchema, fieldErrorsSchema, tokenErrorSchema } from '@dnx/shared';

/** What the sign-in's routes share: the signed-in access, the token views' errors, a limit's 429. */
export const signedIn = { access: { permissions: [] } } as const;
export const tokenErrors = { 400: fieldErrorsSchema, 401: tokenErrorSchema };
export const throttledError = { 429: detailErrorSchema };
