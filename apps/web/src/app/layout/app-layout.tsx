import { MenuOutlined } from '@ant-design/icons';
import { hasPermissions, homePath } from '@dnx/shared';
import { Button, Drawer, Layout, Menu, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { ForbiddenResult } from '../../components/status-pages';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useIsDrawerMode } from '../../lib/use-media';
import type { ScreenHandle } from '../router';
import { GlobalLoadingOverlay } from './global-loading';
import { buildMenuItems, menuKeysFor } from './menu-items';
import { RouteProgress } from './route-progress';
import { UserMenu, type NavigationLayout } from './user-menu';

const siderWidth = 260;

function Logo({ light }: { light?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={homePath} className="app-logo" data-testid="app-logo" style={{ color: light ? '#fff' : undefined }}>
      <img src="/favicon.svg" width={32} height={32} alt="" />
      <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.2 }}>
        <Typography.Text strong style={{ color: 'inherit' }}>
          {t('common.appName')}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12, color: light ? 'rgba(255,255,255,.7)' : undefined }}>
          {t('common.appSubtitle')}
        </Typography.Text>
      </span>
    </Link>
  );
}

/** Shows the matched screen, or the error page when the user may not open it. */
function GuardedOutlet({ permissions }: { permissions: readonly string[] }) {
  const matches = useMatches();
  const navigation = useNavigation();
  const location = useLocation();
  const screen = [...matches].reverse().find((m) => (m.handle as ScreenHandle | undefined)?.route);
  const route = (screen?.handle as ScreenHandle | undefined)?.route;
  if (navigation.state === 'loading' && navigation.location.pathname !== location.pathname) return <PageSkeleton />;
  if (route && !hasPermissions(permissions, route.permissions)) return <ForbiddenResult />;
  return <Outlet />;
}

/** The /app frame: side navigation (a drawer below 1200 px) or top navigation, header, content and footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const drawerMode = useIsDrawerMode();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [layout, setLayout] = useState<NavigationLayout>('side');
  const permissions = useMemo(() => user?.permissions ?? [], [user]);
  const items = useMemo(() => buildMenuItems(permissions, t), [permissions, t]);
  const keys = menuKeysFor(location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(keys.open);

  // Navigation collapses on every location change; the group holding the current path opens.
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setDrawerOpen(false);
    setOpenKeys((current) => Array.from(new Set([...current, ...keys.open])));
  }

  const sideMenu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={keys.selected}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      style={{ borderInlineEnd: 'none' }}
      data-testid="side-menu"
    />
  );
  const topNavigation = layout === 'top' && !drawerMode;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <RouteProgress />
      <GlobalLoadingOverlay />
      {!drawerMode && !topNavigation && (
        <Layout.Sider
          width={siderWidth}
          theme="light"
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflow: 'auto',
            borderInlineEnd: '1px solid #e8ecf1',
          }}
        >
          <div style={{ padding: '16px 20px' }}>
            <Logo />
          </div>
          {sideMenu}
        </Layout.Sider>
      )}
      <Drawer
        placement="left"
        open={drawerMode && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        width={siderWidth}
        styles={{ body: { padding: 0 } }}
        title={<Logo />}
        data-testid="nav-drawer"
      >
        {sideMenu}
      </Drawer>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            gap: 16,
            borderBottom: '1px solid #e8ecf1',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          {drawerMode && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t('common.openMenu')}
              onClick={() => setDrawerOpen(true)}
              data-testid="open-menu"
            />
          )}
          {(drawerMode || topNavigation) && <Logo />}
          <div style={{ flex: 1, minWidth: 0 }}>
            {topNavigation && (
              <Menu mode="horizontal" items={items} selectedKeys={keys.selected} style={{ borderBottom: 'none' }} />
            )}
          </div>
          <UserMenu user={user} layout={layout} onLayoutChange={setLayout} compact={drawerMode} />
        </Layout.Header>
        <Layout.Content style={{ padding: drawerMode ? 12 : 24 }}>
          <GuardedOutlet permissions={permissions} />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: '#6b7785' }}>{t('common.footer')}</Layout.Footer>
      </Layout>
    </Layout>
  );
}
