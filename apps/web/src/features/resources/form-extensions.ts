import { ownershipRightKind, type ResourceDefinition, type ResourceKey } from '@dnx/shared';
import { editableFields, pickerDependencies, type FormValue, type ResourceFormValues } from './resource-values';

/**
 * What a resource's form adds to the one pattern. Pickers narrowed by another field (an automobile's model by
 * its brand) come from the declarations' `availableBy`; what the declarations cannot say is written here.
 */
export interface FormExtension {
  /** A field kept empty and locked while the condition holds. */
  lockedWhen?: Record<string, (values: ResourceFormValues) => boolean>;
}

export const formExtensions: Partial<Record<ResourceKey, FormExtension>> = {
  // Ownership is the owner's own use: no right to expire (spec section 4), so its expiry date is cleared.
  automobiles: { lockedWhen: { right_expiry_date: (v) => v.right_kind === ownershipRightKind } },
};

export function lockedFields(resource: ResourceDefinition, values: ResourceFormValues): Set<string> {
  const lockedWhen = formExtensions[resource.key]?.lockedWhen ?? {};
  return new Set(Object.keys(lockedWhen).filter((name) => lockedWhen[name]!(values)));
}

/**
 * The fields a change empties: a picker narrowed by a changed field (the model when the brand changes), and a
 * field the new values lock. Empty: nothing to change.
 */
export function valuesAfterChange(
  resource: ResourceDefinition,
  changed: ResourceFormValues,
  values: ResourceFormValues,
): ResourceFormValues {
  const cleared: ResourceFormValues = {};
  const clear = (name: string, empty: FormValue) => {
    const value = values[name];
    if (value !== undefined && value !== null && value !== '') cleared[name] = empty;
  };
  for (const field of editableFields(resource)) {
    if (pickerDependencies(resource, field).some((name) => name in changed)) clear(field.name, undefined);
  }
  for (const name of lockedFields(resource, values)) clear(name, undefined);
  return cleared;
}
