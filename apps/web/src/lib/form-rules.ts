import type { FormInstance, RuleObject } from 'antd/es/form';
import type { NamePath } from 'antd/es/form/interface';
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
      if (message) throw new Error(message);
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
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
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
    if (typeof name === 'string' && !found.has(name)) found.set(name, issue.message);
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
