import { z } from 'zod';
import type { PermissionResource } from '../access/permissions';
import {
  cleanString,
  countSchema,
  dayOutSchema,
  decimalStringSchema,
  idSchema,
  isoDateSchema,
  momentOutSchema,
  recordIdSchema,
  textIdSchema,
} from '../api/input';
import type { ListFilterKind, ListSpec } from '../api/list';
import { expectedVersionSchema, versionSchema } from '../api/versions';
import { resourceMessages as m } from './messages';

/**
 * A resource is declared once here: its fields (with their kinds, labels and rules), list columns, filters,
 * search, permissions and routes. The server's route factory and the web's list and form are built from it.
 */
export type FieldKind =
  'text' | 'textarea' | 'decimal' | 'integer' | 'date' | 'status' | 'choice' | 'multi-choice' | 'reference';

export interface FieldOption {
  value: string | number;
  label: string;
}

export interface FieldDefinition {
  /** The API field, snake_case. */
  name: string;
  /** Azerbaijani label, also used in messages. */
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** text / textarea: longest allowed; decimal: digits after the point. */
  max?: number;
  scale?: number;
  /** decimal / integer: whether 0 is allowed (non-negative) or only above (positive). */
  positive?: boolean;
  /** Message when a decimal, a pattern or a choice does not fit. */
  invalidMessage?: string;
  /** text: a pattern the (normalized) value must match. */
  pattern?: RegExp;
  /** text with a pattern, or a date with a rule across fields: a value that fits, shown in the OpenAPI document (`examples`). */
  example?: string;
  /** text: rewrites the value before it is checked and stored (upper-case, dashes). Returns null when hopeless. */
  normalize?: (value: string) => string | null;
  options?: readonly FieldOption[];
  /** choice: the value taken when none is given (a field added later stays optional for existing clients). */
  default?: string | number;
  /** reference: the resource whose active items fill the picker; the record carries `<name>_name` to show. */
  reference?: ResourceKey;
  /** Shown as a column of the list (in this order); sortable when `sortable`. */
  list?: boolean;
  /** A `list` column hidden until the person shows it (column settings), so that the list fits 1280 px. */
  listHidden?: boolean;
  sortable?: boolean;
  /** Offered as a list filter (`name=value`): text filters fold Azerbaijani case, the others match exactly. */
  filter?: boolean;
  /** Part of the `search=` text. */
  search?: boolean;
  /** Not on the form; set by the server (created_at). */
  readOnly?: boolean;
}

export type ResourceKey =
  | 'regions'
  | 'fn-statuses'
  | 'fn-coefficients'
  | 'transport-types'
  | 'special-transport-types'
  | 'tax-payers'
  | 'route-companies'
  | 'cities'
  | 'automobile-brands'
  | 'automobile-models'
  | 'carriers'
  | 'drivers'
  | 'automobiles'
  | 'tariffs';

export interface ResourceDefinition {
  key: ResourceKey;
  /** `/api/<key>/`: list, create; `<id>/`: read, update; `delete-multiple/`; `available/`. */
  apiPath: string;
  /** Azerbaijani: the list's title and one record's name. */
  title: string;
  singular: string;
  /** Django-style permission resource: view_/add_/change_/delete_<permission>. */
  permission: PermissionResource;
  /** Keys of the screens in the shared route table. */
  routes: { list: string; create: string; edit: string };
  fields: readonly FieldDefinition[];
  /** The field that names a record in pickers and messages; unique per list (Azerbaijani-aware) when `uniqueName`. */
  labelField: string;
  uniqueName?: boolean;
  defaultOrder: { order_by: string; order: 'asc' | 'desc' };
  /** Reference fields that narrow `available/` (`?brand=` for models): the picker of a form that depends on another. */
  availableBy?: readonly string[];
  /**
   * A decimal field `available/` also carries as `value`: the figure a picker shows before the name, where the name
   * alone does not tell the choice (a coefficient's description says where it applies, not how much it is; issue 44).
   */
  availableValue?: string;
  /** Extra rules across fields, on both sides; they run even when other fields are wrong, so they check their own. */
  refine?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;
}

export const apiPathOf = (key: ResourceKey) => `/api/${key}/`;

/** A resource as declared: its API path follows from its key. */
export const defineResource = (definition: Omit<ResourceDefinition, 'apiPath'>): ResourceDefinition => ({
  ...definition,
  apiPath: apiPathOf(definition.key),
});

/** One of a choice field's option values, exactly (an `enum` in the document). */
function optionSchema(field: FieldDefinition, message: string): z.ZodType {
  const values = (field.options ?? []).map((o) => o.value);
  return z.literal(values as [string | number, ...(string | number)[]], { error: message });
}

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The zod rule of one field of the form, with the field's own messages. */
export function fieldInputSchema(field: FieldDefinition): z.ZodType {
  const { label } = field;
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      const max = field.max ?? (field.kind === 'textarea' ? 1000 : 150);
      const typed = cleanString({ multiline: field.kind === 'textarea', error: m.required(label) }).max(
        max,
        m.tooLong(label, max),
      );
      // The document shows the typed value (before normalizing), so its example goes there.
      const text = (field.example ? typed.meta({ examples: [field.example] }) : typed)
        .transform((v, ctx) => {
          const trimmed = v.trim();
          if (!trimmed) return trimmed;
          const normalized = field.normalize ? field.normalize(trimmed) : trimmed;
          if (normalized === null || (field.pattern && !field.pattern.test(normalized))) {
            ctx.addIssue({ code: 'custom', message: field.invalidMessage ?? m.required(label) });
            return z.NEVER;
          }
          return normalized;
        })
        .refine((v) => v.length <= max, m.tooLong(label, max));
      return field.required ? text.refine((v) => v.length > 0, m.required(label)) : text.default('');
    }
    case 'decimal': {
      const scale = field.scale ?? 4;
      const message = field.invalidMessage ?? m.notNegative(label);
      // A string, never a binary float: "1,5" or "1.5".
      const decimal = decimalStringSchema({
        scale,
        message,
        requiredMessage: m.required(label),
        positive: field.positive ?? false,
      });
      return field.required ? decimal : z.preprocess(emptyToUndefined, decimal.optional().default('0'));
    }
    case 'integer': {
      const integer = z
        .number({ error: m.wholeNumber(label) })
        .int(m.wholeNumber(label))
        .min(field.positive ? 1 : 0, m.notNegative(label))
        .max(1_000_000, m.wholeNumber(label));
      return field.required ? integer : z.preprocess(emptyToUndefined, integer.optional().default(0));
    }
    case 'date': {
      // An empty date is a missing one: a required date then says it is required, not that it is malformed.
      const day = isoDateSchema(m.dateInvalid, m.required(label));
      const date = field.example ? day.meta({ examples: [field.example] }) : day;
      return field.required
        ? z.preprocess(emptyToUndefined, date)
        : z.preprocess(emptyToUndefined, date.nullable().optional().default(null));
    }
    case 'status':
      return z.literal([1, 0], { error: m.choose(label) }).default(1);
    case 'choice': {
      const choice = optionSchema(field, field.invalidMessage ?? m.choose(label));
      return field.default === undefined ? choice : choice.default(field.default);
    }
    case 'multi-choice': {
      const values = (field.options ?? []).map((o) => o.value);
      // Reported on the field itself, not on an item, so the form shows it in the field's slot.
      const list = z
        .array(z.union([z.string(), z.number()]), { error: m.choose(label) })
        .refine((items) => items.every((v) => values.includes(v)), m.choose(label))
        .meta({ items: { enum: values } });
      return field.required ? list.min(1, field.invalidMessage ?? m.choose(label)) : list.default([]);
    }
    case 'reference': {
      // `x-reference` tells a client (and the contract test) which resource's ids the field takes.
      const id = recordIdSchema(m.choose(label)).meta({ 'x-reference': field.reference });
      return field.required ? id : z.preprocess(emptyToUndefined, id.nullable().optional().default(null));
    }
  }
}

/** The create body of a resource: every editable field with its rule, then the cross-field rules. */
export function resourceInputSchema(resource: ResourceDefinition) {
  return inputSchema(resource, {});
}

/** The update body: the create body and the `version` the editor read (a stale one answers 409). */
export function resourceUpdateSchema(resource: ResourceDefinition) {
  // The fields are only known at run time; the type names what every update carries.
  return inputSchema(resource, { version: expectedVersionSchema }) as unknown as z.ZodType<
    Record<string, unknown> & { version: number }
  >;
}

function inputSchema(resource: ResourceDefinition, extra: Record<string, z.ZodType>) {
  const shape = Object.fromEntries(
    resource.fields.filter((f) => !f.readOnly).map((f) => [f.name, fieldInputSchema(f)]),
  ) as Record<string, z.ZodType>;
  const object = z.object(shape).extend(extra);
  // The cross-field rules run even when another field is wrong, so every message shows at once (each rule
  // checks the fields it reads itself).
  return resource.refine
    ? object.superRefine(resource.refine, {
        when: (payload) => typeof payload.value === 'object' && payload.value !== null,
      })
    : object;
}

/** What a read record carries for one field (references add `<name>_name` for display). */
function fieldRecordShape(field: FieldDefinition): Record<string, z.ZodType> {
  const options = (field.options ?? []).map((o) => o.value) as [string | number, ...(string | number)[]];
  switch (field.kind) {
    case 'integer':
      return { [field.name]: countSchema };
    case 'status':
      return { [field.name]: z.literal([1, 0]) };
    case 'date':
      // A read-only date is a moment the server set (created_at), answered as ISO 8601.
      return { [field.name]: field.readOnly ? momentOutSchema : dayOutSchema.nullable() };
    case 'choice':
      return { [field.name]: z.literal(options) };
    case 'multi-choice':
      return { [field.name]: z.array(z.literal(options)) };
    case 'reference':
      return { [field.name]: idSchema.nullable(), [`${field.name}_name`]: z.string().nullable() };
    default:
      return { [field.name]: z.string() };
  }
}

export function resourceRecordSchema(resource: ResourceDefinition) {
  return z.object({
    id: idSchema,
    ...Object.assign({}, ...resource.fields.map(fieldRecordShape)),
    version: versionSchema,
  });
}

/** How a field's list filter compares: text contains (Azerbaijani-aware), references by id, the rest exactly. */
export function filterKindOf(field: FieldDefinition): ListFilterKind {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return 'text';
    case 'reference':
      return 'id';
    case 'date':
      return 'date';
    default:
      return 'exact';
  }
}

/** The list contract of a resource: `id` and each `filter` field as filters, `id` and each `sortable` field as orders. */
export function resourceListSpec(resource: ResourceDefinition): ListSpec {
  const filters: Record<string, ListFilterKind> = { id: 'id' };
  for (const field of resource.fields) if (field.filter) filters[field.name] = filterKindOf(field);
  return { filters, orderBy: ['id', ...resource.fields.filter((f) => f.sortable).map((f) => f.name)] };
}

/** The fields `search=` looks in. */
export const searchFieldsOf = (resource: ResourceDefinition) => resource.fields.filter((f) => f.search);

/** `GET <apiPath>available/` query: `search=` words and the `availableBy` references as ids. */
export function availableQuerySchema(resource: ResourceDefinition) {
  const shape = Object.fromEntries(
    (resource.availableBy ?? []).map((name) => [
      name,
      z.preprocess((v) => (v === '' ? undefined : v), textIdSchema().optional()),
    ]),
  ) as Record<string, z.ZodType>;
  return z.object({ search: cleanString().trim().max(200).optional(), ...shape });
}

export type ResourceRecord = { id: number; version: number } & Record<string, unknown>;

/** `GET <apiPath>available/`: the active items for pickers. */
export const availableItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The `availableValue` field's exact decimal (`"1.5"`), for the resources that declare one. */
  value: z
    .string()
    .meta({ examples: ['1.5'] })
    .optional(),
});
export type AvailableItem = z.infer<typeof availableItemSchema>;
