import { resourceInputSchema, type ResourceDefinition, type ResourceRecord } from '@dnx/shared';
import type { FormInstance, FormProps } from 'antd';
import { useRef } from 'react';
import { isStaleVersion } from '../../../components/stale-version-alert';
import { applyFieldErrors, focusFirstError, issueFieldErrors, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSaveRecord } from '../api/save-record';
import { toApiInput, type ResourceFormValues } from '../resource-values';

/**
 * The save of a resource's form: the whole-object check (the cross-field rules too) on top of the field rules, the
 * first field in error focused, the server's field errors under their fields, the spec's toasts; after "Save and add
 * another" (create only) the form is empty again, otherwise `onSaved`; a stale version calls `onStale`.
 */
export function useResourceSubmit({
  resource,
  record,
  form,
  names,
  version,
  onSaved,
  onStale,
}: {
  resource: ResourceDefinition;
  record: ResourceRecord | undefined;
  form: FormInstance<ResourceFormValues>;
  names: string[];
  version: number | undefined;
  onSaved: (saved: ResourceRecord) => void;
  onStale: () => void;
}) {
  const save = useSaveRecord(resource);
  // Which button sent the form: "Save and add another" (create only) keeps the screen for the next record.
  const addAnotherRef = useRef(false);

  /** The whole-object check (the cross-field rules too); its errors go under the fields `keep` does not hold. */
  const checkAll = (formValues: ResourceFormValues, keep: readonly string[] = []) => {
    const checked = resourceInputSchema(resource).safeParse(toApiInput(resource, formValues));
    const placed = checked.success
      ? []
      : applyFieldErrors(
          form,
          issueFieldErrors(checked.error.issues).filter(([name]) => !keep.includes(name)),
          names,
        );
    // The first field in error, by either kind of rule, takes the focus.
    focusFirstError(form, [...keep, ...placed], names);
    return checked;
  };

  // Field rules failed: the cross-field messages (a licence ending before it starts) show beside theirs.
  const onFinishFailed: FormProps<ResourceFormValues>['onFinishFailed'] = ({ values: formValues, errorFields }) => {
    checkAll(
      formValues,
      errorFields.map((f) => String(f.name[0])),
    );
  };

  const onFinish = (formValues: ResourceFormValues) => {
    const checked = checkAll(formValues);
    if (!checked.success) return;
    const body = record ? { ...checked.data, version } : checked.data;
    save.mutate(
      { id: record?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess();
          if (addAnotherRef.current) {
            // The spec's reference form: after a save it is empty again, status 1, ready for the next record.
            form.resetFields();
            focusFirstError(form, names.slice(0, 1), names);
            return;
          }
          onSaved(saved);
        },
        onError: (error) => {
          if (isStaleVersion(error)) onStale();
          else if (showServerErrors(form, error, names).length === 0) notifyFailure(error);
        },
      },
    );
  };

  return { save, addAnotherRef, onFinish, onFinishFailed };
}
