import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useDeleteConfirmation } from '../delete-confirmation';
import { deleteMultiple, type ListEndpoint } from './resource-api';
import './texts';

/** The selected rows' delete through `delete-multiple`, after a confirmation; the list is read again after it. */
export function useBulkDelete<Row>(
  endpoint: ListEndpoint<Row>,
  selected: number[],
  clearSelection: () => void,
  onDeleted: ((answer: unknown) => void) | undefined,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirm, confirmHolder] = useDeleteConfirmation();
  const remove = useMutation({
    mutationFn: (pkList: number[]) => deleteMultiple(endpoint, pkList),
    onSuccess: (answer) => {
      clearSelection();
      if (onDeleted) onDeleted(answer);
      else notifySuccess();
    },
    onError: (error) => notifyFailure(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpoint.queryKey }),
  });
  const confirmDelete = () =>
    confirm({
      title: t('list.deleteConfirmTitle'),
      content: t('list.deleteConfirmText', { count: selected.length }),
      onOk: () => remove.mutateAsync(selected).catch(() => undefined),
    });
  return { confirmHolder, confirmDelete, deleting: remove.isPending };
}
