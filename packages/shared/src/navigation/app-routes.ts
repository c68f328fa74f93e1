import type { RoleLetter } from '../access/roles';
import { hasPermissions, type PermissionCode } from '../access/permissions';

/** Sections of the side navigation, in display order. */
export const menuSections = [
  { key: 'home', title: 'Ana səhifə', icon: 'home' },
  { key: 'access', title: 'İstifadəçilər', icon: 'team' },
  { key: 'reference', title: 'Məlumat kitabçaları', icon: 'book' },
  { key: 'transport', title: 'Daşıyıcılar və nəqliyyat', icon: 'car' },
  { key: 'fn', title: 'Fərqlənmə nişanları', icon: 'file-protect' },
  { key: 'payments', title: 'Ödənişlər', icon: 'wallet' },
  { key: 'routes', title: 'Marşrutlar', icon: 'node-index' },
  { key: 'reports', title: 'Hesabatlar', icon: 'bar-chart' },
] as const;

export type MenuSectionKey = (typeof menuSections)[number]['key'];

export interface AppRoute {
  /** Stable key: the web app maps it to a lazily loaded screen. */
  key: string;
  /** Path below /app, React Router syntax. */
  path: string;
  /** Azerbaijani page title. */
  title: string;
  /** Spec section 6 as settled by decisions.md section 2: who may open it. `all`: any signed-in user. */
  roles: 'all' | readonly RoleLetter[];
  /** What the screen requires; the seeded role groups hold exactly what makes `roles` true. */
  permissions: readonly PermissionCode[];
  /** Where the screen shows in the side navigation; absent: reached from another screen. */
  menu?: MenuSectionKey;
  /**
   * A screen that serves more than one resource or action: what the address actually opened requires, the
   * first whose `when` matches; `permissions` otherwise. The guard and the server then ask for the same thing.
   */
  targets?: readonly RouteTargetRequirement[];
}

/** What an address of a screen opens: its `:pk` and, on a route two resources share, `?resource=`. */
export interface RouteTarget {
  pk?: string | null;
  resource?: string | null;
}

export interface RouteTargetRequirement {
  when: RouteTarget;
  permissions: readonly PermissionCode[];
}

/** `carrier-form/new`: the create screen of a route that also edits. */
export const newRecordPk = 'new';
/** The query parameter naming which of a shared route's resources is opened. */
export const resourceParam = 'resource';

const A: readonly RoleLetter[] = ['A'];

/** Every screen under /app: one table for the router, the menu and the access matrix. */
export const appRoutes: readonly AppRoute[] = [
  { key: 'sample-page', path: 'sample-page', title: 'Ana səhifə', roles: 'all', permissions: [], menu: 'home' },
  { key: 'user-profile', path: 'user-profile', title: 'Profil', roles: 'all', permissions: [] },

  { key: 'users', path: 'users', title: 'İstifadəçilər', roles: A, permissions: ['view_user'], menu: 'access' },
  { key: 'user-create', path: 'user-create', title: 'Yeni istifadəçi', roles: A, permissions: ['add_user'] },
  { key: 'user-edit', path: 'user-edit/:pk', title: 'İstifadəçinin redaktəsi', roles: A, permissions: ['change_user'] },
  {
    key: 'user-groups',
    path: 'user-groups',
    title: 'İstifadəçi qrupları',
    roles: A,
    permissions: ['view_group'],
    menu: 'access',
  },
  {
    key: 'audit-log',
    path: 'audit-log',
    title: 'Audit jurnalı',
    roles: A,
    permissions: ['view_auditlog'],
    menu: 'access',
  },
  {
    // The agency's directories, their state and the mapping's preview (issue 59).
    key: 'directory',
    path: 'directory',
    title: 'Təşkilatın kataloqu',
    roles: A,
    permissions: ['view_user', 'view_group'],
    menu: 'access',
  },
  {
    key: 'mail-outbox',
    path: 'mail-outbox',
    title: 'Göndərilən məktublar',
    roles: A,
    permissions: ['view_auditlog'],
    menu: 'access',
  },
  {
    key: 'jobs',
    path: 'jobs',
    title: 'Planlaşdırılmış işlər',
    roles: A,
    permissions: ['view_auditlog'],
    menu: 'access',
  },
  {
    key: 'imports',
    path: 'imports',
    title: 'Məlumat idxalı',
    roles: A,
    permissions: ['import_data'],
    menu: 'access',
  },
  { key: 'user-groups-create', path: 'user-groups-create', title: 'Yeni qrup', roles: A, permissions: ['add_group'] },
  {
    key: 'user-groups-edit',
    path: 'user-groups-edit/:pk',
    title: 'Qrupun redaktəsi',
    roles: A,
    permissions: ['change_group'],
  },

  { key: 'regions', path: 'regions', title: 'Regionlar', roles: A, permissions: ['view_region'], menu: 'reference' },
  { key: 'region-create', path: 'region-create', title: 'Yeni region', roles: A, permissions: ['add_region'] },
  {
    key: 'region-edit',
    path: 'region-edit/:pk',
    title: 'Regionun redaktəsi',
    roles: A,
    permissions: ['change_region'],
  },
  {
    key: 'fn-status',
    path: 'fn-status',
    title: 'FN statusları',
    roles: A,
    permissions: ['view_fnstatus'],
    menu: 'reference',
  },
  {
    key: 'fn-status-create',
    path: 'fn-status-create',
    title: 'Yeni FN statusu',
    roles: A,
    permissions: ['add_fnstatus'],
  },
  {
    key: 'fn-status-edit',
    path: 'fn-status-edit/:pk',
    title: 'FN statusunun redaktəsi',
    roles: A,
    permissions: ['change_fnstatus'],
  },
  {
    key: 'fn-coefficient',
    path: 'fn-coefficient',
    title: 'FN əmsalları',
    roles: A,
    permissions: ['view_fncoefficient'],
    menu: 'reference',
  },
  {
    key: 'fn-coefficient-create',
    path: 'fn-coefficient-create',
    title: 'Yeni FN əmsalı',
    roles: A,
    permissions: ['add_fncoefficient'],
  },
  {
    key: 'fn-coefficient-edit',
    path: 'fn-coefficient-edit/:pk',
    title: 'FN əmsalının redaktəsi',
    roles: A,
    permissions: ['change_fncoefficient'],
  },
  {
    key: 'transport-types',
    path: 'transport-types',
    title: 'Nəqliyyat növləri',
    roles: A,
    permissions: ['view_transporttype'],
    menu: 'reference',
  },
  {
    key: 'transport-types-create',
    path: 'transport-types-create',
    title: 'Yeni nəqliyyat növü',
    roles: A,
    permissions: ['add_transporttype'],
  },
  // Special transport types reuse this edit route (spec section 2), opened with ?resource=special-transport-types.
  {
    key: 'transport-types-edit',
    path: 'transport-types-edit/:pk',
    title: 'Nəqliyyat növünün redaktəsi',
    roles: A,
    permissions: ['change_transporttype'],
    targets: [{ when: { resource: 'special-transport-types' }, permissions: ['change_specialtransporttype'] }],
  },
  {
    key: 'special-transport-types',
    path: 'special-transport-types',
    title: 'Xüsusi nəqliyyat növləri',
    roles: A,
    permissions: ['view_specialtransporttype'],
    menu: 'reference',
  },
  {
    key: 'special-transport-types-create',
    path: 'special-transport-types-create',
    title: 'Yeni xüsusi nəqliyyat növü',
    roles: A,
    permissions: ['add_specialtransporttype'],
  },
  {
    key: 'tax-payers',
    path: 'tax-payers',
    title: 'Vergi ödəyiciləri',
    roles: A,
    permissions: ['view_taxpayer'],
    menu: 'reference',
  },
  {
    key: 'tax-payers-create',
    path: 'tax-payers-create',
    title: 'Yeni vergi ödəyicisi',
    roles: A,
    permissions: ['add_taxpayer'],
  },
  {
    key: 'tax-payers-edit',
    path: 'tax-payers-edit/:pk',
    title: 'Vergi ödəyicisinin redaktəsi',
    roles: A,
    permissions: ['change_taxpayer'],
  },

  {
    key: 'route-companies',
    path: 'route-companies',
    title: 'Marşrut şirkətləri',
    roles: A,
    permissions: ['view_routecompany'],
    menu: 'reference',
  },
  {
    key: 'route-companies-create',
    path: 'route-companies-create',
    title: 'Yeni marşrut şirkəti',
    roles: A,
    permissions: ['add_routecompany'],
  },
  {
    key: 'route-companies-edit',
    path: 'route-companies-edit/:pk',
    title: 'Marşrut şirkətinin redaktəsi',
    roles: A,
    permissions: ['change_routecompany'],
  },
  {
    key: 'cities',
    path: 'cities',
    title: 'Şəhərlər',
    roles: A,
    permissions: ['view_city'],
    menu: 'reference',
  },
  {
    key: 'cities-create',
    path: 'cities-create',
    title: 'Yeni şəhər',
    roles: A,
    permissions: ['add_city'],
  },
  {
    key: 'cities-edit',
    path: 'cities-edit/:pk',
    title: 'Şəhərin redaktəsi',
    roles: A,
    permissions: ['change_city'],
  },
  {
    key: 'automobile-brands',
    path: 'automobile-brands',
    title: 'Avtomobil markaları',
    roles: A,
    permissions: ['view_automobilebrand'],
    menu: 'reference',
  },
  {
    key: 'automobile-brands-create',
    path: 'automobile-brands-create',
    title: 'Yeni avtomobil markası',
    roles: A,
    permissions: ['add_automobilebrand'],
  },
  {
    key: 'automobile-brands-edit',
    path: 'automobile-brands-edit/:pk',
    title: 'Avtomobil markasının redaktəsi',
    roles: A,
    permissions: ['change_automobilebrand'],
  },
  {
    key: 'automobile-models',
    path: 'automobile-models',
    title: 'Avtomobil modelləri',
    roles: A,
    permissions: ['view_automobilemodel'],
    menu: 'reference',
  },
  {
    key: 'automobile-models-create',
    path: 'automobile-models-create',
    title: 'Yeni avtomobil modeli',
    roles: A,
    permissions: ['add_automobilemodel'],
  },
  {
    key: 'automobile-models-edit',
    path: 'automobile-models-edit/:pk',
    title: 'Avtomobil modelinin redaktəsi',
    roles: A,
    permissions: ['change_automobilemodel'],
  },
  { key: 'tariffs', path: 'tariffs', title: 'Tariflər', roles: A, permissions: ['view_tariff'], menu: 'reference' },
  { key: 'tariffs-create', path: 'tariffs-create', title: 'Yeni tarif', roles: A, permissions: ['add_tariff'] },
  {
    key: 'tariffs-edit',
    path: 'tariffs-edit/:pk',
    title: 'Tarifin redaktəsi',
    roles: A,
    permissions: ['change_tariff'],
  },

  {
    key: 'carriers',
    path: 'carriers',
    title: 'Daşıyıcılar',
    roles: A,
    permissions: ['view_carrier'],
    menu: 'transport',
  },
  // carrier-form/new creates, carrier-form/{pk} edits.
  {
    key: 'carrier-form',
    path: 'carrier-form/:pk',
    title: 'Daşıyıcı',
    roles: A,
    permissions: ['change_carrier'],
    targets: [{ when: { pk: newRecordPk }, permissions: ['add_carrier'] }],
  },
  { key: 'drivers', path: 'drivers', title: 'Sürücülər', roles: A, permissions: ['view_driver'], menu: 'transport' },
  { key: 'drivers-create', path: 'drivers-create', title: 'Yeni sürücü', roles: A, permissions: ['add_driver'] },
  {
    key: 'drivers-edit',
    path: 'drivers-edit/:pk',
    title: 'Sürücünün redaktəsi',
    roles: A,
    permissions: ['change_driver'],
  },
  {
    key: 'automobiles',
    path: 'automobiles',
    title: 'Avtomobillər',
    roles: A,
    permissions: ['view_automobile'],
    menu: 'transport',
  },

  {
    key: 'automobiles-create',
    path: 'automobiles-create',
    title: 'Yeni avtomobil',
    roles: A,
    permissions: ['add_automobile'],
  },
  {
    key: 'automobiles-edit',
    path: 'automobiles-edit/:pk',
    title: 'Avtomobilin redaktəsi',
    roles: A,
    permissions: ['change_automobile'],
  },

  {
    key: 'new-fn',
    path: 'new-fn',
    title: 'Yeni FN',
    roles: ['A', 'B', 'F'],
    permissions: ['view_fnbatch'],
    menu: 'fn',
  },
  {
    key: 'new-fn-create',
    path: 'new-fn-create',
    title: 'Yeni FN buraxılışı',
    roles: ['A', 'B'],
    permissions: ['add_fnbatch'],
  },
  {
    key: 'new-fn-edit',
    path: 'new-fn-edit/:pk',
    title: 'FN buraxılışının redaktəsi',
    roles: ['A', 'B'],
    // The batch screens' writers also delete a batch that is still all new (delete-multiple).
    permissions: ['change_fnbatch', 'delete_fnbatch'],
  },
  {
    key: 'active-fn',
    path: 'active-fn',
    title: 'Aktiv FN',
    roles: ['A', 'B', 'F', 'E'],
    // The screen shares, takes back and voids forms: change_fn.
    permissions: ['view_active_fn', 'change_fn'],
    menu: 'fn',
  },
  {
    key: 'paid-fn',
    path: 'paid-fn',
    title: 'Ödənilmiş FN',
    roles: ['A', 'D', 'B', 'F', 'E'],
    permissions: ['view_paid_fn'],
    menu: 'fn',
  },
  {
    key: 'check-fn',
    path: 'check-fn',
    title: 'FN yoxlanışı',
    roles: ['A', 'D', 'E', 'B', 'F', 'C'],
    permissions: ['check_fn'],
    menu: 'fn',
  },
  {
    key: 'general-fn',
    path: 'general-fn',
    title: 'Ümumi FN',
    roles: ['A', 'D', 'E', 'B', 'F', 'C'],
    permissions: ['view_general_fn'],
    menu: 'fn',
  },

  {
    key: 'fn-payment',
    path: 'fn-payment',
    title: 'FN ödənişi',
    roles: ['A', 'D', 'B', 'F', 'E'],
    // The screen builds payments and moves them (submit, pay, cancel).
    permissions: ['view_payment', 'add_payment', 'change_payment'],
    menu: 'payments',
  },
  {
    key: 'bank-statements',
    path: 'bank-statements',
    title: 'Bank çıxarışları',
    roles: ['A', 'B'],
    // Issue 48: the statements imported, their entries matched to payments, the differences resolved.
    permissions: ['view_bankstatement', 'add_bankstatement', 'change_bankstatement'],
    menu: 'payments',
  },
  {
    key: 'online-payment',
    path: 'online-payment',
    title: 'Onlayn ödənişlər',
    roles: ['A', 'E', 'D', 'F'],
    // The screen reviews requests for marks: accepting one makes a payment (add_payment, held through fn-payment).
    permissions: ['view_onlinepayment', 'change_onlinepayment'],
    menu: 'payments',
  },
  {
    key: 'online-carrier',
    path: 'online-carrier',
    title: 'Onlayn daşıyıcılar',
    roles: ['A', 'E', 'D'],
    // The screen reviews registrations: approving one creates or updates the carrier.
    permissions: ['view_onlinecarrier', 'change_onlinecarrier'],
    menu: 'payments',
  },

  {
    key: 'bus-routes',
    path: 'bus-routes',
    title: 'Avtobus marşrutları',
    roles: ['A', 'B', 'F', 'E', 'D'],
    permissions: ['view_busroute'],
    menu: 'routes',
  },
  {
    key: 'bus-routes-create',
    path: 'bus-routes-create',
    title: 'Yeni marşrut',
    roles: ['A', 'F', 'E', 'D'],
    permissions: ['add_busroute'],
  },
  {
    key: 'bus-routes-edit',
    path: 'bus-routes-edit/:pk',
    title: 'Marşrutun redaktəsi',
    roles: ['A', 'F', 'E', 'D'],
    permissions: ['change_busroute'],
  },

  {
    key: 'report-form',
    path: 'report-form',
    title: 'Hesabatlar',
    roles: ['A', 'E', 'B', 'F'],
    permissions: ['view_report'],
    menu: 'reports',
  },
  {
    // The forms' reconciliation (decisions.md section 3), a report of its own beside the report form.
    key: 'fn-reconciliation',
    path: 'fn-reconciliation',
    title: 'FN üzləşdirməsi',
    roles: ['A', 'E', 'B', 'F'],
    permissions: ['view_report'],
    menu: 'reports',
  },
  {
    // The general report (spec section 1, "a general report"): the country per region and transport type.
    key: 'general-report',
    path: 'general-report',
    title: 'Ümumi hesabat',
    roles: ['A', 'E', 'B', 'F'],
    permissions: ['view_report'],
    menu: 'reports',
  },
];

/** The landing page after sign-in (spec section 2). */
export const homePath = '/app/sample-page';

export function findAppRoute(key: string): AppRoute | undefined {
  return appRoutes.find((r) => r.key === key);
}

/** What a screen requires when opened at an address: the matching target's permissions, else the route's. */
export function routePermissions(route: AppRoute, target: RouteTarget = {}): readonly PermissionCode[] {
  const matches = (when: RouteTarget) =>
    (when.pk === undefined || when.pk === target.pk) &&
    (when.resource === undefined || when.resource === target.resource);
  return route.targets?.find((t) => matches(t.when))?.permissions ?? route.permissions;
}

/** Whether a user holding `held` may open the screen at an address: the route guard's one check. */
export function canOpenRoute(held: Iterable<string>, route: AppRoute, target: RouteTarget = {}): boolean {
  return hasPermissions(held, routePermissions(route, target));
}

/** Every permission a screen may require, whatever it opens: the role groups hold them all for its roles. */
export function allRoutePermissions(route: AppRoute): readonly PermissionCode[] {
  return [...new Set([...route.permissions, ...(route.targets ?? []).flatMap((t) => t.permissions)])];
}
