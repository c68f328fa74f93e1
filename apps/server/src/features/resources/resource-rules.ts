import { resourceMessages as m, type ResourceRecord } from '@dnx/shared';
import type { Executor } from '../../db/client';
import { checkViolation, foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { fieldErrors, HttpError } from '../../lib/http-errors';
import type { ResourceRepository } from './repository';
import type { FieldErrors, ResourceSpec, ResourceValues } from './resource-spec';

/**
 * The rules of a resource's input (`existing`: the record it replaces): names and codes unique, references real, the
 * resource's own check; a 400 with each field's message in its slot.
 */
export async function checkResource(
  spec: ResourceSpec,
  repo: ResourceRepository,
  db: Executor,
  input: ResourceValues,
  existing: ResourceRecord | null,
): Promise<void> {
  const { hooks } = spec;
  const errors: FieldErrors = {};
  for (const rule of spec.unique) {
    if (errors[rule.field] || input[rule.field] === '' || input[rule.field] == null) continue;
    if (await repo.isTaken(db, rule, input, existing?.id)) errors[rule.field] = [rule.message];
  }
  for (const field of repo.references) {
    const value = input[field.name];
    if (typeof value === 'number' && !(await repo.referenceExists(db, field, value))) {
      errors[field.name] = [m.unknownReference(field.label)];
    }
  }
  if (hooks.check && Object.keys(errors).length === 0) Object.assign(errors, await hooks.check(db, input, existing));
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** A write that lost a race with another (same name, a reference deleted meanwhile) still answers in its slot. */
export function translateResourceWriteError(spec: ResourceSpec, repo: ResourceRepository, err: unknown): never {
  const { hooks } = spec;
  const unique = uniqueViolation(err);
  const rule = spec.unique.find((r) => r.index === unique);
  if (rule) throw fieldErrors({ [rule.field]: [rule.message] });
  const constraint = foreignKeyViolation(err) ?? checkViolation(err);
  const mapped = constraint === null ? undefined : hooks.constraintErrors?.[constraint];
  if (mapped) throw fieldErrors({ [mapped.field]: [mapped.message] });
  if (foreignKeyViolation(err) !== null) {
    const field = repo.references.find((f) => constraint?.includes(spec.columns[f.name]!.name)) ?? repo.references[0];
    if (field) throw fieldErrors({ [field.name]: [m.unknownReference(field.label)] });
  }
  throw err;
}

/** The field errors `checkResource` would answer for the input, without writing (an import's preview); {} when none. */
export async function resourceProblems(
  spec: ResourceSpec,
  repo: ResourceRepository,
  executor: Executor,
  input: ResourceValues,
  existing: ResourceRecord | null,
): Promise<FieldErrors> {
  try {
    await checkResource(spec, repo, executor, input, existing);
    return {};
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 400) return err.body as FieldErrors;
    throw err;
  }
}
