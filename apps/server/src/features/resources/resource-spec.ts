import { azLower, resourceMessages, type ResourceDefinition, type ResourceRecord } from '@dnx/shared';
import { getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';

/**
 * The server's half of a resource: the shared declaration (fields, rules, permissions) plus its table and how
 * each API field maps to a column. The route factory, service and repository serve every resource from this;
 * special behaviour comes in through `unique`, `usedBy` and `hooks`, never through a copy of the pattern.
 */

export type FieldErrors = Record<string, string[]>;
/** A record's values by API field: validated input, or a record as read. */
export type ResourceValues = Record<string, unknown>;

/** A value (or a set of them) that no two records may share. */
export interface UniqueRule {
  /** The unique index that enforces it, so a concurrent write that passed the check still gets the field error. */
  index: string;
  field: string;
  message: string;
  /** Compared by the Azerbaijani search key (az_fold), not exactly. */
  folded?: boolean;
  /** Other fields that must be equal too (a model's name within its brand). */
  within?: readonly string[];
}

/** Rows elsewhere that point at a record, so it cannot be deleted while they exist. */
export interface Usage {
  table: PgTable;
  column: PgColumn;
  /** What one such row is called after a number: "3 istifadəçi". */
  noun: string;
}

export interface ResourceHooks {
  /** Rewrites validated input before the checks and the write. */
  prepare?(input: ResourceValues): ResourceValues;
  /** Field errors only the database can tell (the automobile's model must be its brand's). */
  check?(db: Executor, input: ResourceValues, existing: ResourceRecord | null): Promise<FieldErrors>;
  /** Constraint violations (foreign keys, checks) that mean a field error, by constraint name. */
  constraintErrors?: Readonly<Record<string, { field: string; message: string }>>;
}

export interface ResourceSpec {
  definition: ResourceDefinition;
  table: PgTable;
  id: PgColumn;
  /** The record's version (every editable table has one): an update names the version it read. */
  version: PgColumn;
  /** API field to column, for every field of the definition. */
  columns: Readonly<Record<string, PgColumn>>;
  /**
   * Reference fields ordered by a stored az_sort_key of the referenced name (kept by triggers, migration 0013), so
   * the order reads an index; a reference without one is ordered by the name looked up row by row.
   */
  sortKeys?: Readonly<Record<string, PgColumn>>;
  /** What `available/` shows as `name`; the label field's column when absent. */
  label?: SQL;
  /** A stored az_fold of the search fields joined by spaces (long lists): `search=` reads it alone. */
  searchKey?: PgColumn;
  /** The table's row count is kept in `row_counts` (migration 0008): an unfiltered list does not count rows. */
  rowCounter?: boolean;
  unique: readonly UniqueRule[];
  /** Users of the records besides the resources whose reference fields point here (derived, see `usagesOf`). */
  usedBy: readonly Usage[];
  hooks: ResourceHooks;
}

/** A spec as declared: the rules and hooks are optional. */
export type ResourceSpecInput = Omit<ResourceSpec, 'unique' | 'usedBy' | 'hooks' | 'version'> &
  Partial<Pick<ResourceSpec, 'unique' | 'usedBy' | 'hooks'>>;

/** Checks the mapping against the definition once, at start, and adds the unique name rule `uniqueName` asks for. */
export function defineResource(input: ResourceSpecInput): ResourceSpec {
  const { definition, table, columns } = input;
  for (const field of definition.fields) {
    if (!columns[field.name]) throw new Error(`${definition.key}: field ${field.name} has no column`);
  }
  const valueField = definition.fields.find((field) => field.name === definition.availableValue);
  if (definition.availableValue && valueField?.kind !== 'decimal')
    throw new Error(`${definition.key}: availableValue ${definition.availableValue} is not a decimal field`);
  const version = getTableColumns(table).version;
  if (!version) throw new Error(`${definition.key}: the table has no version column`);
  const nameRule: UniqueRule[] = definition.uniqueName
    ? [
        {
          index: `${getTableName(table)}_name_az_fold_key`,
          field: definition.labelField,
          message: resourceMessages.nameTaken,
          folded: true,
        },
      ]
    : [];
  return {
    ...input,
    version,
    unique: [...nameRule, ...(input.unique ?? [])],
    usedBy: input.usedBy ?? [],
    hooks: input.hooks ?? {},
  };
}

/** Everything that uses a resource's records: declared users, and every reference field of another resource. */
export function usagesOf(spec: ResourceSpec, all: readonly ResourceSpec[]): Usage[] {
  const referencing = all.flatMap((other) =>
    other.definition.fields
      .filter((f) => f.kind === 'reference' && f.reference === spec.definition.key)
      .map((f) => ({
        table: other.table,
        column: other.columns[f.name]!,
        noun: azLower(other.definition.singular),
      })),
  );
  return [...spec.usedBy, ...referencing];
}
