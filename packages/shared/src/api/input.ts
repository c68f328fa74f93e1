import { z } from 'zod';
import { normalizeDecimal } from '../resources/values';

/**
 * The value rules every request follows, written once: ids are int4 record ids, text holds no control
 * characters or broken Unicode, dates are days that exist. The server's schemas and the forms both use them,
 * and the OpenAPI document shows them (types, bounds, patterns, formats).
 */

/** The largest value of a PostgreSQL `integer` (int4): ids and counts live in int4 columns. */
export const int4Max = 2_147_483_647;

export const inputMessages = {
  idInvalid: 'Müsbət tam ədəd daxil edin.',
  textForbiddenCharacters: 'Mətndə icazə verilməyən simvol var (idarəetmə simvolu və ya natamam Unicode simvolu).',
  dateInvalid: 'Tarix düzgün deyil: yyyy-mm-dd formatında mövcud gün olmalıdır.',
} as const;

/** A record id in a JSON body: a number (never a string), whole, from 1 to the int4 maximum. */
export const recordIdSchema = (message: string = inputMessages.idInvalid) =>
  z.number({ error: message }).int(message).min(1, message).max(int4Max, message);

/** Canonical decimal of a positive int4: no sign, no leading zeros, no hex, no spaces. */
export const canonicalIdPattern = /^[1-9][0-9]{0,9}$/;

export function parseCanonicalId(value: string): number | null {
  if (!canonicalIdPattern.test(value)) return null;
  const id = Number(value);
  return id <= int4Max ? id : null;
}

/**
 * A record id in a query string or a path: its canonical decimal form only. In a path anything else is a
 * 404 (the error handler answers so), in a query a 400 under the parameter.
 */
export const textIdSchema = (message: string = inputMessages.idInvalid) =>
  z
    .string({ error: message })
    .regex(canonicalIdPattern, message)
    .transform((value, ctx) => {
      const id = parseCanonicalId(value);
      if (id === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });

/** `{id}` of a path. */
export const idParamsSchema = z.object({ id: textIdSchema() });

// C0 and C1 controls and DEL; a multi-line field also takes tab, line feed and carriage return.
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const singleLinePattern = /^[^\u0000-\u001F\u007F-\u009F]*$/;
const multiLinePattern = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */

/** Whether text can be stored and shown as it is: no control characters (but tab and newlines where allowed), no lone surrogates. */
export function isCleanText(value: string, multiline = false): boolean {
  return (multiline ? multiLinePattern : singleLinePattern).test(value) && !loneSurrogate.test(value);
}

/**
 * A string free of control characters and broken Unicode: every text field of every request is one. The
 * pattern shows in the OpenAPI document; lone surrogates are refused too (JSON Schema cannot say so).
 */
export const cleanString = (options: { multiline?: boolean; error?: string } = {}) =>
  z
    .string(options.error ? { error: options.error } : undefined)
    .regex(options.multiline ? multiLinePattern : singleLinePattern, {
      error: inputMessages.textForbiddenCharacters,
      abort: true,
    })
    .refine((value) => !loneSurrogate.test(value), { error: inputMessages.textForbiddenCharacters, abort: true });

/** The first day and the last day a date may name: what the columns, the forms and people can mean. */
export const dateBounds = { min: '1900-01-01', max: '2999-12-31' } as const;

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-mm-dd day that exists (no 2021-02-29, no 2021-04-31) between 1900 and 2999. */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value) || value < dateBounds.min || value > dateBounds.max) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A day in a request: `format: date` in the document, the one date rule everywhere. */
export const isoDateSchema = (message: string = inputMessages.dateInvalid, requiredMessage = message) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : message) })
    .regex(isoDatePattern, { error: message, abort: true })
    .refine(isIsoDate, message)
    .meta({
      format: 'date',
    });

/** The query of an endpoint that takes none: an unknown parameter is a 400, not silently ignored. */
export const noQuerySchema = z.strictObject({});

/** A record id as answered: a positive int4 (the document states the bounds). */
export const idSchema = z.number().int().min(1).max(int4Max);

/** A count or another whole number that cannot be negative, within int4. */
export const countSchema = z.number().int().min(0).max(int4Max);

/** A day as answered (yyyy-mm-dd). */
export const dayOutSchema = z.string().meta({ format: 'date' });

/** A moment as answered (ISO 8601, UTC). */
export const momentOutSchema = z.string().meta({ format: 'date-time' });

/**
 * An exact decimal in a request: a string ("1,5" or "1.5"), never a JSON number, so no binary float is ever read;
 * answered in its shortest exact form ("1.5"). `positive` refuses zero.
 */
export const decimalStringSchema = (options: {
  scale: number;
  message: string;
  requiredMessage?: string;
  positive?: boolean;
}) =>
  z
    .string({ error: options.requiredMessage ?? options.message })
    .regex(new RegExp(`^\\s*\\d{1,8}(?:[.,]\\d{1,${options.scale}})?\\s*$`), options.message)
    .meta({ examples: [options.scale >= 1 ? '1.5' : '1'] })
    .transform((value, ctx) => {
      const normalized = normalizeDecimal(value, options.scale);
      if (normalized === null || (options.positive && !/[1-9]/.test(normalized))) {
        ctx.addIssue({ code: 'custom', message: options.message });
        return z.NEVER;
      }
      return normalized;
    });
