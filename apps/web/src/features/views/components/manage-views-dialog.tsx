import type { ListPreferences, SavedView } from '@dnx/shared';
import { Button, Flex, List, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteConfirmation } from '../../../components/delete-confirmation';
import { notifyFailure } from '../../../lib/notify';
import { useDeleteView, useSavePreferences } from '../api/views';

export interface ManageViewsDialogProps {
  open: boolean;
  onClose: () => void;
  list: string;
  views: readonly SavedView[];
  preferences: ListPreferences | undefined;
  onOpen: (view: SavedView) => void;
}

/** The views of a list: open one, make it (or stop it being) the person's default, delete one of their own. */
export function ManageViewsDialog({ open, onClose, list, views, preferences, onOpen }: ManageViewsDialogProps) {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useDeleteConfirmation();
  const remove = useDeleteView(list);
  const savePreferences = useSavePreferences(list);
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
      title={t('views.manageTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('views.close')}</Button>}
      width={640}
      data-testid="manage-views-dialog"
    >
      {confirmHolder}
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
                    onClose();
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
    </Modal>
  );
}
