import type { User, UserCreateInput, UserUpdateInput } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { isStaleVersion } from '../../../components/stale-version-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { firstInFormOrder, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCreateUser } from '../api/create-user';
import { userQuery } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { allFields, initialValues, stepOf, userBody, type UserFormValues } from './user-form-values';

/**
 * Saves the user form (a create, or an update of the version the form's values come from); a server error opens
 * its field's step; someone's save meanwhile is shown and the fresh account reloaded on request. After a save or a
 * reload the form goes back to its first step.
 */
export function useSaveUser(
  form: FormInstance<UserFormValues>,
  user: User | undefined,
  setStep: (step: number) => void,
  onCreated: ((user: User) => void) | undefined,
) {
  const queryClient = useQueryClient();
  const create = useCreateUser();
  const update = useUpdateUser();
  // The version this form's values come from: sent with the update, refreshed after a save or a reload.
  const [version, setVersion] = useState(user?.version);
  const [stale, setStale] = useState(false);
  // Typed work on any step: leaving asks first; a save, a reload or a reset clears it.
  const unsaved = useUnsavedChanges(form);

  const backToStart = (values: UserFormValues) => {
    form.resetFields();
    form.setFieldsValue(values);
    unsaved.markSaved();
    setStep(0);
  };

  const save = (values: UserFormValues) => {
    const body = userBody(values);
    const onError = (error: unknown) => {
      if (isStaleVersion(error)) return setStale(true);
      // The step of the first field in error opens, and that field takes the focus once it shows.
      const first = firstInFormOrder(showServerErrors(form, error, allFields), allFields);
      if (first) setStep(stepOf(first));
      else notifyFailure(error);
    };
    if (user) {
      const password = values.password ? { password: values.password, confirm_password: values.confirm_password } : {};
      const input: UserUpdateInput = {
        id: user.id,
        version: version ?? user.version,
        ...body,
        is_active: user.is_active,
        ...password,
      };
      update.mutate(input, {
        onSuccess: (saved) => {
          notifySuccess();
          setVersion(saved.version);
          backToStart(initialValues(saved));
        },
        onError,
      });
    } else {
      const input: UserCreateInput = {
        ...body,
        is_active: true,
        password: values.password,
        confirm_password: values.confirm_password,
      };
      create.mutate(input, {
        onSuccess: (saved) => {
          notifySuccess();
          backToStart(initialValues());
          onCreated?.(saved);
        },
        onError,
      });
    }
  };

  /** Someone saved the account meanwhile: the form takes the fresh account and its version. */
  const reload = async () => {
    if (!user) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...userQuery(user.id), staleTime: 0 });
      backToStart(initialValues(fresh));
      setVersion(fresh.version);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return { save, reload, stale, saving: create.isPending || update.isPending };
}
