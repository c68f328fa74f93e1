import { CheckOutlined, CompassOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { navigationLayouts, type NavigationLayout } from '@dnx/shared';
import { Avatar, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../features/auth/api/current-user';
import { signOut } from '../../features/auth/session';

const layoutLabel = { side: 'common.layoutSide', top: 'common.layoutTop' } as const;

/** The user menu: profile, the navigation layout (kept on the server), the guided tour again, sign-out. */
export function UserMenu({
  user,
  layout,
  onLayoutChange,
  onReplayTour,
  compact,
}: {
  user: CurrentUser | undefined;
  layout: NavigationLayout;
  onLayoutChange: (layout: NavigationLayout) => void;
  onReplayTour: () => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('common.profile') },
    {
      type: 'group',
      label: t('common.layout'),
      children: navigationLayouts.map((value) => ({
        key: `layout:${value}`,
        // The chosen one is ticked; the others keep the same indent.
        icon: <CheckOutlined style={{ visibility: value === layout ? 'visible' : 'hidden' }} />,
        label: t(layoutLabel[value]),
        'data-testid': `layout-${value}`,
        'aria-checked': value === layout,
        role: 'menuitemradio',
      })),
    },
    { key: 'tour', icon: <CompassOutlined />, label: t('tour.replay'), 'data-testid': 'replay-tour' },
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: t('common.signOut'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') void navigate('/app/user-profile');
    const chosen = navigationLayouts.find((value) => key === `layout:${value}`);
    if (chosen && chosen !== layout) onLayoutChange(chosen);
    if (key === 'tour') onReplayTour();
    if (key === 'sign-out') {
      await signOut();
      void navigate('/signin', { replace: true });
    }
  };
  return (
    // A real button opens it from the keyboard (Enter, Space); the open menu takes the focus for the arrows.
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" autoFocus>
      <button type="button" className="user-menu-trigger" data-testid="user-menu" data-tour="user-menu">
        <Flex component="span" align="center" gap={8}>
          <Avatar style={{ background: '#0b5cab' }} icon={<UserOutlined />} />
          {!compact && <Typography.Text strong>{name}</Typography.Text>}
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </button>
    </Dropdown>
  );
}
