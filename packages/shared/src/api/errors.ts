/** Answers of the error handler that the spec leaves to us (Django REST Framework's words where it has them). */
export const errorMessages = {
  notFound: 'Not found.',
  jsonParse: 'JSON parse error.',
  /** A value a field's rule let through but the database refused (a safety net; each field's own rule comes first). */
  valueRefused: 'Sorğudakı dəyərlərdən biri qəbul edilmədi. Məlumatları yoxlayıb yenidən göndərin.',
  /** 503 while the database does not answer; the answer carries Retry-After. */
  unavailable: 'Xidmət müvəqqəti əlçatan deyil. Bir neçə saniyədən sonra yenidən cəhd edin.',
  server: 'A server error occurred.',
  /** 413: a body over the API's limit (the answer is sent once the rest of the body was read, issue 44). */
  bodyTooLarge: 'Sorğunun həcmi icazə verilən həddən böyükdür. Daha kiçik məlumat göndərin.',
  /** 415: a body in a format the endpoint does not read (it reads JSON, or a form with files where it says so). */
  unsupportedMediaType: 'Sorğunun formatı (Content-Type) bu ünvan üçün dəstəklənmir.',
  /** 400: a multipart body cut short or damaged (issue 56). */
  multipartBroken: 'Göndərilən forma kəsilib və ya zədələnib: faylı yenidən göndərin.',
  /** 400: a second file where an upload takes one (lib/uploads/upload.ts). */
  oneFile: 'Bir sorğuda yalnız bir fayl göndərin.',
  /** 400: a multipart body of more files, or more parts, than the endpoint takes. */
  tooManyFiles: 'Formada bu ünvanın qəbul etdiyindən çox fayl var.',
  tooManyParts: 'Formada bu ünvanın qəbul etdiyindən çox sahə var.',
} as const;

/**
 * Django REST Framework's and simplejwt's own words, as the old API answered them: the contract, so an Azerbaijani
 * caller reads them as before; English and Russian callers get their counterparts (issue 44).
 */
export const drfMessages = {
  /** A field missing from a body (zod's `invalid_type` of an undefined input). */
  required: 'This field is required.',
  invalid: 'Invalid value.',
  /** An empty text where one is needed (a token, the human verification's payload). */
  blank: 'This field may not be blank.',
  notAuthenticated: 'Authentication credentials were not provided.',
  permissionDenied: 'You do not have permission to perform this action.',
  badAuthorizationHeader: 'Authorization header must contain two space-delimited values',
  tokenNotValid: 'Given token not valid for any token type',
  tokenInvalid: 'Token is invalid or expired',
  tokenWrongType: 'Token has wrong type',
  tokenBlacklisted: 'Token is blacklisted',
  userNotFound: 'User not found',
  userInactive: 'User is inactive',
  noActiveAccount: 'No active account found with the given credentials',
  noActiveAccountForToken: 'No active account found for the given token.',
  throttledOneSecond: 'Request was throttled. Expected available in 1 second.',
  throttled: (wait: number) => `Request was throttled. Expected available in ${wait} seconds.`,
} as const;

/**
 * Seconds a client waits before retrying a 503 (the database away, a process draining): short, so a retry lands
 * within about a second of a new primary (a failover's writes resume in 5-20 s) or reaches another process.
 */
export const retryAfterSeconds = 1;
