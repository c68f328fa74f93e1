import { CheckOutlined, CompassOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { languages, navigationLayouts, type NavigationLayout } from '@dnx/shared';
import { Avatar, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../lib/current-user';
import { signOut } from '../../features/auth/session';
import { useUpdatePreferences } from '../../features/profile/api/update-preferences';
import { currentLanguage, switchLanguage } from '../../i18n';
import { languageNames } from '../../i18n/language-switch';

const layoutLabel = { side: 'common.layoutSide', top: 'common.layoutTop' } as const;
const themeOptions = [
  { key: 'dark_theme', label: 'common.themeDark' },
  { key: 'compact_theme', label: 'common.themeCompact' },
] as const;

/** A ticked choice; the others keep the same indent. */
const tick = (on: boolean) => <CheckOutlined style={{ visibility: on ? 'visible' : 'hidden' }} />;

/**
 * The user menu: profile, the navigation layout, the language and the themes (all kept on the server), the
 * guided tour again, sign-out.
 */
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
  const save = useUpdatePreferences();
  const language = currentLanguage();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('common.profile') },
    {
      type: 'group',
      label: t('common.layout'),
      children: navigationLayouts.map((value) => ({
        key: `layout:${value}`,
        icon: tick(value === layout),
        label: t(layoutLabel[value]),
        'data-testid': `layout-${value}`,
        'aria-checked': value === layout,
        role: 'menuitemradio',
      })),
    },
    {
      type: 'group',
      label: t('common.language'),
      children: languages.map((value) => ({
        key: `language:${value}`,
        icon: tick(value === language),
        label: <span lang={value}>{languageNames[value]}</span>,
        'data-testid': `menu-language-${value}`,
        'aria-checked': value === language,
        role: 'menuitemradio',
      })),
    },
    {
      type: 'group',
      label: t('common.theme'),
      children: themeOptions.map(({ key, label }) => {
        const on = Boolean(user?.preferences[key]);
        return {
          key: `theme:${key}`,
          icon: tick(on),
          label: t(label),
          'data-testid': `theme-${key}`,
          'aria-checked': on,
          role: 'menuitemcheckbox',
        };
      }),
    },
    { key: 'tour', icon: <CompassOutlined />, label: t('tour.replay'), 'data-testid': 'replay-tour' },
    { type: 'divider' },
    { key: 'sign-out', icon: <LogoutOutlined />, label: t('common.signOut'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') void navigate('/app/user-profile');
    const chosen = navigationLayouts.find((value) => key === `layout:${value}`);
    if (chosen && chosen !== layout) onLayoutChange(chosen);
    const chosenLanguage = languages.find((value) => key === `language:${value}`);
    if (chosenLanguage && chosenLanguage !== language) {
      // Shown at once; kept on the server so it follows the user to any device.
      await switchLanguage(chosenLanguage);
      save.mutate({ language: chosenLanguage });
    }
    const theme = themeOptions.find((option) => key === `theme:${option.key}`);
    if (theme) save.mutate({ [theme.key]: !user?.preferences[theme.key] });
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
