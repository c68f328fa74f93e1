import {
  BarChartOutlined,
  BookOutlined,
  CarOutlined,
  FileProtectOutlined,
  HomeOutlined,
  NodeIndexOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { appRoutes, hasPermissions, menuSections, publicPagePaths, type MenuSectionKey } from '@dnx/shared';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';

const sectionIcons: Record<MenuSectionKey, React.ReactNode> = {
  home: <HomeOutlined />,
  access: <TeamOutlined />,
  reference: <BookOutlined />,
  transport: <CarOutlined />,
  fn: <FileProtectOutlined />,
  payments: <WalletOutlined />,
  routes: <NodeIndexOutlined />,
  reports: <BarChartOutlined />,
};

type MenuItem = Required<MenuProps>['items'][number];

/** The live counts (issue 47) shown beside a menu item, by the item's route key. */
export type MenuCounts = Partial<Record<string, number>>;

/** The menu items that show a count, and the live counter each shows (`counters` events). */
export const menuCounters: Record<string, string> = {
  'new-fn': 'batchesToAccept',
  'online-carrier': 'onlineCarriersWaiting',
  'online-payment': 'onlinePaymentsWaiting',
};

/** The counts of the menu's items from the stream's counters (a count not sent is not shown). */
export function menuCountsOf(counters: Partial<Record<string, number>>): MenuCounts {
  return Object.fromEntries(Object.entries(menuCounters).map(([route, counter]) => [route, counters[counter]]));
}

function itemLabel(title: string, count: number | undefined) {
  if (!count) return title;
  return (
    <>
      {title} <span className="menu-count">{count}</span>
    </>
  );
}

const inspectPath = publicPagePaths.inspect;
const inspectPermissions = ['check_fn'] as const;

/**
 * The side (or top) navigation, built from the shared route table: an item shows only when the user holds
 * what its screen requires; a section with one item is shown as that item.
 */
export function buildMenuItems(permissions: readonly string[], t: TFunction, counts: MenuCounts = {}): MenuItem[] {
  const items: MenuItem[] = [];
  for (const section of menuSections) {
    const children = appRoutes
      .filter((r) => r.menu === section.key && hasPermissions(permissions, r.permissions))
      .map((r) => ({
        key: `/app/${r.path}`,
        label: (
          <Link to={`/app/${r.path}`} data-testid={counts[r.key] === undefined ? undefined : `menu-count-${r.key}`}>
            {itemLabel(t(`routes.${r.key}`), counts[r.key])}
          </Link>
        ),
      }));
    // The inspector's phone (issue 46) is a page of its own outside /app, for whoever may check forms.
    if (section.key === 'fn' && hasPermissions(permissions, inspectPermissions)) {
      children.push({ key: inspectPath, label: <Link to={inspectPath}>{t('routes.inspect')}</Link> });
    }
    if (children.length === 0) continue;
    if (children.length === 1 && section.key === 'home') {
      items.push({ ...children[0]!, icon: sectionIcons[section.key] });
    } else {
      items.push({ key: section.key, icon: sectionIcons[section.key], label: t(`sections.${section.key}`), children });
    }
  }
  return items;
}

/** The menu item and section that hold a path: the item is selected, its section opened. */
export function menuKeysFor(pathname: string): { selected: string[]; open: string[] } {
  const route = appRoutes.find((r) => r.menu && pathname === `/app/${r.path}`);
  if (!route?.menu) return { selected: [], open: [] };
  return { selected: [`/app/${route.path}`], open: route.menu === 'home' ? [] : [route.menu] };
}
