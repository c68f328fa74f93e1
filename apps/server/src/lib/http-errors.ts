import { drfMessages } from '@dnx/shared';

/** An error a service throws to answer with a status and a Django REST Framework shaped body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
/** Field errors: `{"field": ["message"]}`. */
export const fieldErrors = (errors: Record<string, string[]>) => new HttpError(400, errors);

/** Django REST Framework's Throttled answer, with Retry-After. */
export const throttled = (wait: number) =>
  new HttpError(
    429,
    { detail: wait === 1 ? drfMessages.throttledOneSecond : drfMessages.throttled(wait) },
    { 'retry-after': String(wait) },
  );
