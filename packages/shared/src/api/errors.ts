/** Answers of the error handler that the spec leaves to us (Django REST Framework's words where it has them). */
export const errorMessages = {
  notFound: 'Not found.',
  jsonParse: 'JSON parse error.',
  /** A value a field's rule let through but the database refused (a safety net; each field's own rule comes first). */
  valueRefused: 'Sorğudakı dəyərlərdən biri qəbul edilmədi. Məlumatları yoxlayıb yenidən göndərin.',
  /** 503 while the database does not answer; the answer carries Retry-After. */
  unavailable: 'Xidmət müvəqqəti əlçatan deyil. Bir neçə saniyədən sonra yenidən cəhd edin.',
  server: 'A server error occurred.',
} as const;

/** Seconds a client waits before retrying a 503. */
export const retryAfterSeconds = 5;
