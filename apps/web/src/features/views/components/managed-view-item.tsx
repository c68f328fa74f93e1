import type { SavedView } from '@dnx/shared';
import { Button, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ManagedViewItemProps {
  view: SavedView;
  onOpen: () => void;
  onToggleDefault: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One view in the manage dialog: its name and tags, and open, default, edit and delete (the last two on one's own). */
export function ManagedViewItem({ view, onOpen, onToggleDefault, onEdit, onDelete }: ManagedViewItemProps) {
  const { t } = useTranslation();
  return (
    <List.Item data-testid={`manage-view-${view.id}`}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
        <Flex vertical>
          <Typography.Text strong>{view.name}</Typography.Text>
          <Flex gap={4} wrap>
            {view.is_default && <Tag color="blue">{t('views.isDefaultTag')}</Tag>}
            {view.shared_with.length > 0 && <Tag>{t('views.shared')}</Tag>}
            {!view.mine && (
              <Typography.Text type="secondary">{t('views.sharedBy', { email: view.owner.email })}</Typography.Text>
            )}
          </Flex>
        </Flex>
        <Flex gap={4} wrap>
          <Button size="small" onClick={onOpen} aria-label={`${t('views.open')}: ${view.name}`}>
            {t('views.open')}
          </Button>
          <Button
            size="small"
            onClick={onToggleDefault}
            aria-label={`${view.is_default ? t('views.unsetDefault') : t('views.makeDefault')}: ${view.name}`}
            data-testid={`view-default-${view.id}`}
          >
            {view.is_default ? t('views.unsetDefault') : t('views.makeDefault')}
          </Button>
          {view.mine && (
            <Button
              size="small"
              onClick={onEdit}
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
              onClick={onDelete}
            >
              {t('views.delete')}
            </Button>
          )}
        </Flex>
      </Flex>
    </List.Item>
  );
}
