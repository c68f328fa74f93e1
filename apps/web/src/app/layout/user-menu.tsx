import { DownOutlined, LayoutOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../features/auth/api/current-user';
import { signOut } from '../../features/auth/session';

export type NavigationLayout = 'side' | 'top';

export function UserMenu({
  user,
  layout,
  onLayoutChange,
  compact,
}: {
  user: CurrentUser | undefined;
  layout: NavigationLayout;
  onLayoutChange: (layout: NavigationLayout) => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('common.profile') },
    {
      key: 'layout',
      icon: <LayoutOutlined />,
      label: layout === 'side' ? t('common.layoutTop') : t('common.layoutSide'),
    },
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: t('common.signOut'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') void navigate('/app/user-profile');
    if (key === 'layout') onLayoutChange(layout === 'side' ? 'top' : 'side');
    if (key === 'sign-out') {
      await signOut();
      void navigate('/signin', { replace: true });
    }
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Flex align="center" gap={8} style={{ cursor: 'pointer' }} data-testid="user-menu" role="button" tabIndex={0}>
        <Avatar style={{ background: '#0b5cab' }} icon={<UserOutlined />} />
        {!compact && <Typography.Text strong>{name}</Typography.Text>}
        <DownOutlined style={{ fontSize: 10 }} />
      </Flex>
    </Dropdown>
  );
}
