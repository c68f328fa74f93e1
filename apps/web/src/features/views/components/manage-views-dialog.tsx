import type { ListPreferences, SavedView } from '@dnx/shared';
import { Button, Flex, Form, List, Modal } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteConfirmation } from '../../../components/delete-confirmation';
import { notifyFailure } from '../../../lib/notify';
import { useDeleteView, useSavePreferences } from '../api/views';
import { ManagedViewItem } from './managed-view-item';
import { useSubmitView, ViewForm, type ViewFormValues, type ViewSource } from './view-form';

export interface ManageViewsDialogProps {
  open: boolean;
  onClose: () => void;
  source: ViewSource;
  views: readonly SavedView[];
  preferences: ListPreferences | undefined;
  onOpen: (view: SavedView) => void;
}

/**
 * The views of a list: open one, make it (or stop it being) the person's default, delete one of their own, or edit
 * it (rename, default, sharing, the list's current filters) in the same dialog, which then goes back to the list.
 */
export function ManageViewsDialog({ open, onClose, source, views, preferences, onOpen }: ManageViewsDialogProps) {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useDeleteConfirmation();
  const remove = useDeleteView(source.list);
  const savePreferences = useSavePreferences(source.list);
  const [editing, setEditing] = useState<SavedView | null>(null);
  const [form] = Form.useForm<ViewFormValues>();
  // Back to the list with the focus on the edited view's "Redaktə et", where the person left it: focused once the
  // list is in the page (a frame scheduled beside the state change could run before React had put it there).
  const returnFocusTo = useRef<number | null>(null);
  const backToList = () => {
    returnFocusTo.current = editing?.id ?? null;
    setEditing(null);
  };
  useLayoutEffect(() => {
    if (editing || returnFocusTo.current === null) return;
    document.querySelector<HTMLElement>(`[data-testid="view-edit-${returnFocusTo.current}"]`)?.focus();
    returnFocusTo.current = null;
  }, [editing]);
  const { submit, pending } = useSubmitView(form, source, editing, backToList);
  const close = () => {
    setEditing(null);
    onClose();
  };
  const setDefault = (id: number | null) =>
    savePreferences
      .mutateAsync({
        columns: preferences?.columns ?? null,
        density: preferences?.density ?? 'comfortable',
        default_view: id,
      })
      .catch(notifyFailure);

  return (
    <Modal
      open={open}
      title={editing ? t('views.editTitle', { name: editing.name }) : t('views.manageTitle')}
      onCancel={close}
      footer={
        editing ? (
          <Flex justify="end" gap={8}>
            <Button onClick={backToList}>{t('views.cancel')}</Button>
            <Button type="primary" loading={pending} onClick={() => form.submit()}>
              {t('views.save')}
            </Button>
          </Flex>
        ) : (
          <Button onClick={close}>{t('views.close')}</Button>
        )
      }
      width={640}
      destroyOnHidden
      data-testid="manage-views-dialog"
    >
      {confirmHolder}
      {editing ? (
        <ViewForm key={editing.id} form={form} source={source} view={editing} onFinish={submit} />
      ) : (
        <List
          dataSource={[...views]}
          locale={{ emptyText: t('views.noViews') }}
          renderItem={(view) => (
            <ManagedViewItem
              view={view}
              onOpen={() => {
                onOpen(view);
                close();
              }}
              onToggleDefault={() => void setDefault(view.is_default ? null : view.id)}
              onEdit={() => setEditing(view)}
              onDelete={() =>
                void confirm({
                  title: t('views.deleteTitle'),
                  content: t('views.deleteText', { name: view.name }),
                  onOk: () => remove.mutateAsync(view.id).catch(notifyFailure),
                })
              }
            />
          )}
        />
      )}
    </Modal>
  );
}
