import { MenuOutlined } from '@ant-design/icons';
import { canOpenRoute, homePath, resourceParam } from '@dnx/shared';
import { Button, Drawer, Layout, Menu, theme, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { useCurrentUser } from '../../lib/current-user';
import { useIsDrawerMode } from '../../lib/use-media';
import { mainContentId } from '../../lib/page-focus';
import { useFrameTitle } from '../../lib/document-title';
import type { ScreenHandle } from '../screen-handle';
import { GlobalLoadingOverlay } from './global-loading';
import { buildMenuItems, menuCountsOf, menuKeysFor } from './menu-items';
import { useFocusOnScreenChange } from './route-focus';
import { RouteProgress } from './route-progress';
import { TourHost, useShellPreferences } from './shell-preferences';
import { SkipLink } from './skip-link';
import { UserMenu } from './user-menu';
import { StepUpHost } from '../../features/auth/components/step-up-host';
import { SearchTrigger } from '../../features/search/components/search-trigger';
import { UnsavedChangesHost } from '../../components/unsaved-changes';
import { ConnectionStatus } from '../../components/connection-status';
import { LiveStatus } from '../../components/live-status';
import { LiveRefusal } from '../../components/live-refusal';
import { useLiveCounters, useLiveStream } from '../../lib/live';

const siderWidth = 260;

// Shown only to a user who opens a screen they may not: loaded then, not with every first screen (its JS budget).
const ForbiddenResult = lazy(() =>
  import('../../components/status-pages').then((m) => ({ default: m.ForbiddenResult })),
);

/** The logo with the app's name and subtitle; `wrap` lets the subtitle take two lines (the narrow drawer's title). */
function Logo({ light, wrap }: { light?: boolean; wrap?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={homePath}
      className={wrap ? 'app-logo app-logo-wrap' : 'app-logo'}
      data-testid="app-logo"
      style={{ color: light ? '#fff' : undefined }}
    >
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

/**
 * Shows the matched screen, or the error page when the user may not open it: what the address opens decides
 * on a screen two resources share (`?resource=`) or that creates and edits (`carrier-form/new`).
 */
function GuardedOutlet({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const navigation = useNavigation();
  const location = useLocation();
  const screen = [...matches].reverse().find((m) => (m.handle as ScreenHandle | undefined)?.route);
  const route = (screen?.handle as ScreenHandle | undefined)?.route;
  const target = { pk: screen?.params.pk ?? null, resource: new URLSearchParams(location.search).get(resourceParam) };
  const forbidden = route !== undefined && !canOpenRoute(permissions, route, target);
  // The tab is named after the screen; an address that matches none is named by the not-found page itself.
  // The screen's title in the interface's language (the catalogue's routes; Azerbaijani is the route table's own).
  const screenTitle = route && t(`routes.${route.key}`, { defaultValue: route.title });
  useFrameTitle(forbidden ? t('common.forbiddenTitle') : screenTitle);
  if (navigation.state === 'loading' && navigation.location.pathname !== location.pathname) return <PageSkeleton />;
  if (forbidden)
    return (
      <Suspense fallback={<PageSkeleton />}>
        <ForbiddenResult />
      </Suspense>
    );
  return <Outlet />;
}

/**
 * The side navigation: a column beside the content (wide screens with the side layout) or a drawer (below 1200 px);
 * `none` with the top layout, whose menu is in the header.
 */
function SideNavigation({
  shown,
  menu,
  drawerOpen,
  onCloseDrawer,
  drawerReturnsFocus,
}: {
  shown: 'column' | 'drawer' | 'none';
  menu: ReactNode;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  drawerReturnsFocus: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <>
      {shown === 'column' && (
        // The column stretches with the page, so its background and border reach the bottom of a long screen;
        // what it holds stays in view (sticky, at most a screen tall, scrolling on its own).
        <Layout.Sider
          width={siderWidth}
          theme="light"
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
          data-testid="side-navigation"
        >
          <div className="app-sider-content">
            <div style={{ padding: '16px 20px' }}>
              <Logo />
            </div>
            <div data-tour="menu">{menu}</div>
          </div>
        </Layout.Sider>
      )}
      <Drawer
        placement="left"
        open={shown === 'drawer' && drawerOpen}
        onClose={onCloseDrawer}
        focusable={{ focusTriggerAfterClose: drawerReturnsFocus }}
        width={siderWidth}
        styles={{ body: { padding: 0 } }}
        title={<Logo wrap />}
        data-testid="nav-drawer"
      >
        {menu}
      </Drawer>
    </>
  );
}

/** The /app frame: side navigation (a drawer below 1200 px) or top navigation, header, content and footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // The header's and footer's colours follow the theme (light or dark): the light values are unchanged.
  const { token } = theme.useToken();
  const drawerMode = useIsDrawerMode();
  const shell = useShellPreferences(user);
  const layout = shell.layout;
  const permissions = useMemo(() => user?.permissions ?? [], [user]);
  const counters = useLiveCounters();
  const counts = useMemo(() => menuCountsOf(counters), [counters]);
  const items = useMemo(() => buildMenuItems(permissions, t, counts), [permissions, t, counts]);
  const { keys, openKeys, setOpenKeys, drawerOpen, setDrawerOpen, drawerReturnsFocus, setDrawerReturnsFocus } =
    useNavigationState();
  useFocusOnScreenChange();
  // The tab's one event stream runs while the signed-in frame is shown: from sign-in to sign-out (issue 47).
  useLiveStream();

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
    <Layout style={{ minHeight: '100vh' }} data-tour-phase={shell.tourPhase}>
      <SkipLink />
      <StepUpHost />
      <UnsavedChangesHost />
      <RouteProgress />
      <GlobalLoadingOverlay />
      <SideNavigation
        shown={drawerMode ? 'drawer' : topNavigation ? 'none' : 'column'}
        menu={sideMenu}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => setDrawerOpen(false)}
        drawerReturnsFocus={drawerReturnsFocus}
      />
      <Layout>
        <AppHeader
          drawerMode={drawerMode}
          topMenu={
            topNavigation && (
              <Menu
                mode="horizontal"
                items={items}
                selectedKeys={keys.selected}
                style={{ borderBottom: 'none' }}
                data-testid="top-menu"
                data-tour="menu"
              />
            )
          }
          onOpenMenu={() => {
            setDrawerReturnsFocus(true);
            setDrawerOpen(true);
          }}
          userMenu={
            <UserMenu
              user={user}
              layout={layout}
              onLayoutChange={shell.setLayout}
              onReplayTour={shell.replayTour}
              compact={drawerMode}
            />
          }
        />
        <ConnectionStatus />
        {/* At least a screen tall, so the footer starts below the fold and a screen's rows arriving late never move
            anything in view (issue 60: the footer was the lists' layout shift). */}
        <Layout.Content
          id={mainContentId}
          tabIndex={-1}
          style={{ padding: drawerMode ? 12 : 24, minHeight: 'calc(100vh - 64px)' }}
        >
          <GuardedOutlet permissions={permissions} />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: token.colorTextSecondary }}>
          {t('common.footer')}
        </Layout.Footer>
      </Layout>
      <TourHost open={shell.tourOpen} permissions={permissions} drawerMode={drawerMode} onDone={shell.endTour} />
    </Layout>
  );
}

/**
 * The frame's header: the menu button (drawer mode) or the logo beside the top menu, the live state, the search and
 * the user menu. The header's colours follow the theme.
 */
function AppHeader({
  drawerMode,
  topMenu,
  userMenu,
  onOpenMenu,
}: {
  drawerMode: boolean;
  /** The top navigation's menu, when the layout is "top" (false otherwise). */
  topMenu: ReactNode;
  userMenu: ReactNode;
  onOpenMenu: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        padding: '0 16px',
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
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
          onClick={onOpenMenu}
          data-testid="open-menu"
          data-tour="menu"
        />
      )}
      {(drawerMode || Boolean(topMenu)) && <Logo />}
      <div style={{ flex: 1, minWidth: 0 }}>{topMenu}</div>
      {!drawerMode && <LiveStatus />}
      {!drawerMode && <LiveRefusal />}
      <SearchTrigger compact={drawerMode} />
      {userMenu}
    </Layout.Header>
  );
}

/**
 * The navigation's state: the menu's selected and open groups, and the drawer (below 1200 px). It collapses on every
 * location change and the group holding the current path opens; a drawer closed by Escape gives the focus back to
 * its button, one closed by a move gives it to the new screen.
 */
function useNavigationState() {
  const location = useLocation();
  const keys = menuKeysFor(location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(keys.open);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerReturnsFocus, setDrawerReturnsFocus] = useState(true);
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setDrawerOpen(false);
    setDrawerReturnsFocus(false);
    setOpenKeys((current) => Array.from(new Set([...current, ...keys.open])));
  }
  return { keys, openKeys, setOpenKeys, drawerOpen, setDrawerOpen, drawerReturnsFocus, setDrawerReturnsFocus };
}
