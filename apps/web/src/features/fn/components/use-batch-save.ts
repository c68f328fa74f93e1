import type { FnBatch } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isStaleVersion } from '../../../components/stale-version-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { batchQuery, useSaveBatch } from '../api/batches';
import { batchFieldOrder, batchInput, toValues, type BatchFormValues } from './batch-form-values';

/**
 * Saves the batch form (a create, or an edit at the version it read) and goes back to the list; the server's errors
 * show under their fields; someone's save meanwhile offers a reload.
 */
export function useBatchSave(form: FormInstance<BatchFormValues>, batch: FnBatch | undefined) {
  const save = useSaveBatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(batch?.version);
  const [stale, setStale] = useState(false);
  const unsaved = useUnsavedChanges(form);

  const onFinish = (values: BatchFormValues) => {
    const fields = batchInput(values);
    save.mutate(batch ? { ...fields, id: batch.id, version: version ?? batch.version } : fields, {
      onSuccess: () => {
        notifySuccess();
        unsaved.markSaved();
        void navigate('/app/new-fn');
      },
      onError: (error) => {
        if (isStaleVersion(error)) {
          setStale(true);
          return;
        }
        const failed = showServerErrors(form, error, [...batchFieldOrder]);
        if (failed.length === 0) notifyFailure(error);
      },
    });
  };

  /** Someone saved the batch meanwhile: the form takes the fresh batch and its version. */
  const reload = async () => {
    if (!batch) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...batchQuery(batch.id), staleTime: 0 });
      form.resetFields();
      form.setFieldsValue(toValues(fresh));
      unsaved.markSaved();
      setVersion(fresh.version);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return { onFinish, reload, stale, saving: save.isPending };
}
