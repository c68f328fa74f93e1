import type { ListPreferences, SavedView } from '@dnx/shared';
import { Button, Flex, Form, List, Modal, Tag, Typography } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteConfirmation } from '../../../components/delete-confirmation';
import { notifyFailure } from '../../../lib/notify';
import { useDeleteView, useSavePreferences } from '../api/views';
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
            <List.Item data-testid={`manage-view-${view.id}`}>
              <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
                <Flex vertical>
                  <Typography.Text strong>{view.name}</Typography.Text>
                  <Flex gap={4} wrap>
                    {view.is_default && <Tag color="blue">{t('views.isDefaultTag')}</Tag>}
                    {view.shared_with.length > 0 && <Tag>{t('views.shared')}</Tag>}
                    {!view.mine && (
                      <Typography.Text type="secondary">
                        {t('views.sharedBy', { email: view.owner.email })}
                      </Typography.Text>
                    )}
                  </Flex>
                </Flex>
                <Flex gap={4} wrap>
                  <Button
                    size="small"
                    onClick={() => {
                      onOpen(view);
                      close();
                    }}
                    aria-label={`${t('views.open')}: ${view.name}`}
                  >
                    {t('views.open')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => void setDefault(view.is_default ? null : view.id)}
                    aria-label={`${view.is_default ? t('views.unsetDefault') : t('views.makeDefault')}: ${view.name}`}
                    data-testid={`view-default-${view.id}`}
                  >
                    {view.is_default ? t('views.unsetDefault') : t('views.makeDefault')}
                  </Button>
                  {view.mine && (
                    <Button
                      size="small"
                      onClick={() => setEditing(view)}
                      aria-label={`${t('views.edit')}: ${view.name}`}
                      data-testid={`view-edit-${view.id}`}
                    >
                      {t('views.edit')}
                    </Button>
                  )}
                  {view.mine && (
                    <Button
                      size="small"
                      danger
                      aria-label={`${t('views.delete')}: ${view.name}`}
                      data-testid={`view-delete-${view.id}`}
                      onClick={() =>
                        void confirm({
                          title: t('views.deleteTitle'),
                          content: t('views.deleteText', { name: view.name }),
                          onOk: () => remove.mutateAsync(view.id).catch(notifyFailure),
                        })
                      }
                    >
                      {t('views.delete')}
                    </Button>
                  )}
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
