import type { FormInstance, RuleObject } from 'antd/es/form';
import type { NamePath } from 'antd/es/form/interface';
import { clientMessage } from '../i18n/client-messages';
import { ApiError } from './api-client';

/**
 * One way for every form: the field rules come from the shared zod schemas (the server checks the same
 * schemas), and the server's field errors are put back under their fields.
 */

/** An Ant Design form rule from a shared rule function (`value => message | null`). */
export function sharedRule(problem: (value: string) => string | null): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const message = problem(typeof value === 'string' ? value : '');
      if (message) throw new Error(clientMessage(message));
    },
  };
}

/** What this module needs of a zod schema; keeps zod itself out of the web app's imports. */
export interface FieldSchema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly SchemaIssue[] };
  };
}

/** The first message a schema gives for a value, or null when the value is valid. */
export function schemaProblem(schema: FieldSchema, value: unknown): string | null {
  const result = schema.safeParse(value);
  const message = result.success ? null : result.error?.issues[0]?.message;
  // In the interface's language: the server says the same in the caller's (plugins/language.ts).
  return message ? clientMessage(message) : null;
}

export interface SchemaRuleOptions {
  /** Turns the form's value into what the API gets (a date picker's day into yyyy-mm-dd). */
  toApi?: (value: unknown) => unknown;
  /** The rule passes an empty field (an optional field, or a password left unchanged on edit). */
  optional?: boolean;
  /** What an empty field is checked as: "" by default; null for a date, whose schema calls that "required". */
  empty?: unknown;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A field's rule from the shared schema: `schemaRule(userCreateSchema.shape.email)`. An empty field is
 * checked as an empty string, so a required field shows its own "boş buraxıla bilməz" message.
 */
export function schemaRule(schema: FieldSchema, options: SchemaRuleOptions = {}): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && isEmpty(value)) return;
      const apiValue = options.toApi ? options.toApi(value) : value;
      const message = schemaProblem(schema, isEmpty(apiValue) ? ('empty' in options ? options.empty : '') : apiValue);
      if (message) throw new Error(message);
    },
  };
}

/** Rules for every field of an object schema, by field name: `{...schemaRules(groupInputSchema.shape)}`. */
export function schemaRules<K extends string>(shape: Record<K, FieldSchema>): Record<K, RuleObject[]> {
  return Object.fromEntries(Object.entries<FieldSchema>(shape).map(([name, s]) => [name, [schemaRule(s)]])) as Record<
    K,
    RuleObject[]
  >;
}

/** DRF field errors of a failed call: `{"email": ["..."]}` gives `[["email", "..."]]`; `detail` is not a field. */
export function serverFieldErrors(error: unknown): [string, string][] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const found: [string, string][] = [];
  for (const key of Object.keys(error.body)) {
    if (key === 'detail' || key === 'code') continue;
    const message = error.fieldMessage(key);
    if (message) found.push([key, message]);
  }
  return found;
}

/** A schema issue: its message and where in the checked object it points. */
export type SchemaIssue = { message: string; path?: readonly PropertyKey[] };

/**
 * The issues of a whole-object check by field, the first one each: what its cross-field rules say (a licence
 * that ends before it starts) lands under the field the rule names.
 */
export function issueFieldErrors(issues: readonly SchemaIssue[]): [string, string][] {
  const found = new Map<string, string>();
  for (const issue of issues) {
    const name = issue.path?.[0];
    if (typeof name === 'string' && !found.has(name)) found.set(name, clientMessage(issue.message));
  }
  return [...found];
}

/** Puts `[field, message]` errors under their form fields; see `applyServerErrors`. */
export function applyFieldErrors(
  form: Pick<FormInstance, 'setFields'>,
  errors: readonly [string, string][],
  formFields: readonly string[],
  rename: Record<string, string> = {},
): string[] {
  const placed: { name: NamePath; errors: string[] }[] = [];
  for (const [key, message] of errors) {
    const name = rename[key] ?? key;
    if (formFields.includes(name)) placed.push({ name, errors: [message] });
  }
  form.setFields(placed);
  return placed.map((p) => String(p.name));
}

/**
 * Puts the server's field errors under their fields. `fields` maps a server key to the form's field where
 * they differ (`confirm_password` under `confirmPassword`); keys the form does not have are left out.
 * Returns the form fields that got an error, so the caller can show the first one (or toast the rest).
 */
export function applyServerErrors(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  formFields: readonly string[],
  rename: Record<string, string> = {},
): string[] {
  return applyFieldErrors(form, serverFieldErrors(error), formFields, rename);
}

/**
 * How a form shows its first error: the field is centred (clear of the sticky header, WCAG 2.4.11) and takes
 * the focus. Every Ant Design form gets it for its own rules through the ConfigProvider (`antd-shell.tsx`).
 */
export const firstErrorScroll = { block: 'center', focus: true } as const;

/** The first of `failed` in the form's field order; a name the order does not know comes last. */
export function firstInFormOrder(failed: readonly string[], order: readonly string[]): string | undefined {
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...failed].sort((a, b) => rank(a) - rank(b))[0];
}

/** What focusing needs of a form: Ant Design's own scroll-and-focus. */
export type FocusableForm = Pick<FormInstance, 'scrollToField'>;

/** Frames to wait for a field to be drawn (a step of the user form opening) before giving up: about a second. */
const focusFrames = 60;

/**
 * Moves the focus to a field once it can take it: the field may sit on a step that is only opening. A field's
 * control carries the field's name as its id (forms here have no `name` of their own).
 */
export function focusField(form: FocusableForm, name: string): void {
  let frames = 0;
  const inField = () => {
    const active = document.activeElement;
    const control = document.getElementById(name);
    return !!active && !!control && (active === control || active.contains(control) || control.contains(active));
  };
  const attempt = () => {
    if (inField()) return;
    form.scrollToField(name, firstErrorScroll);
    frames += 1;
    if (!inField() && frames < focusFrames) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** Moves the focus to the first field in error, in the form's order (see `focusField`). */
export function focusFirstError(form: FocusableForm, failed: readonly string[], order: readonly string[]): void {
  const name = firstInFormOrder(failed, order);
  if (name !== undefined) focusField(form, name);
}

/**
 * A failed save's field errors from the server: under their fields, and the focus on the first of them.
 * Returns the fields that got one; none means the caller shows the error another way (a toast).
 */
export function showServerErrors(
  form: Pick<FormInstance, 'setFields' | 'scrollToField'>,
  error: unknown,
  formFields: readonly string[],
  rename: Record<string, string> = {},
): string[] {
  const placed = applyServerErrors(form, error, formFields, rename);
  focusFirstError(form, placed, formFields);
  return placed;
}
