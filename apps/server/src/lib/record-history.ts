import { canonicalJson } from './hash-chain';

/** One changed field of a record: its value before and after (whole lists for child rows). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields that differ between two states of a record as the API answers it (child lists compared whole, in
 * order, so a stop moved is a change of `route_points`), `ignored` left out (versions, times of the write). A
 * record created has every field as a change from null. The order of `after`'s fields is kept.
 */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  ignored: readonly string[] = [],
): FieldChange[] {
  return Object.keys(after)
    .filter((field) => !ignored.includes(field))
    .filter((field) => before === null || canonicalJson(before[field]) !== canonicalJson(after[field]))
    .map((field) => ({ field, before: before === null ? null : (before[field] ?? null), after: after[field] ?? null }));
}
