import { DownOutlined, EyeOutlined } from '@ant-design/icons';
import type { SavedView } from '@dnx/shared';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ViewsMenuProps {
  views: readonly SavedView[];
  onOpen: (view: SavedView) => void;
  onSave: () => void;
  onManage: () => void;
}

/** "Görünüşlər": the person's views of the list and those shared with them, saving the current one, managing them. */
export function ViewsMenu({ views, onOpen, onSave, onManage }: ViewsMenuProps) {
  const { t } = useTranslation();
  const label = (view: SavedView) =>
    [view.name, view.is_default ? `(${t('views.isDefaultTag')})` : '', view.mine ? '' : `· ${t('views.shared')}`]
      .filter(Boolean)
      .join(' ');
  const items: MenuProps['items'] = [
    ...(views.length > 0
      ? views.map((view) => ({ key: `view-${view.id}`, label: label(view), 'data-testid': `view-item-${view.id}` }))
      : [{ key: 'none', label: t('views.noViews'), disabled: true }]),
    { type: 'divider' as const },
    { key: 'save', label: t('views.saveView'), 'data-testid': 'view-save' },
    { key: 'manage', label: t('views.manage'), 'data-testid': 'view-manage' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    // A dialog opens once the menu has closed and given the focus back (Enter chooses an item by keyboard).
    if (key === 'save') setTimeout(onSave);
    else if (key === 'manage') setTimeout(onManage);
    else {
      const view = views.find((v) => `view-${v.id}` === key);
      if (view) onOpen(view);
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} autoFocus>
      <Button icon={<EyeOutlined />} data-testid="views-menu">
        {t('views.views')} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
