/**
 * Permission codes, Django style: `view_`, `add_`, `change_`, `delete_` per resource plus action codes.
 * Each resource carries its Azerbaijani name so the permission list can be shown as it is.
 */
export const permissionResources = [
  { resource: 'user', name: 'İstifadəçi' },
  { resource: 'group', name: 'İstifadəçi qrupu' },
  { resource: 'region', name: 'Region' },
  { resource: 'fnstatus', name: 'FN statusu' },
  { resource: 'fncoefficient', name: 'FN əmsalı' },
  { resource: 'transporttype', name: 'Nəqliyyat növü' },
  { resource: 'specialtransporttype', name: 'Xüsusi nəqliyyat növü' },
  { resource: 'taxpayer', name: 'Vergi ödəyicisi' },
  { resource: 'routecompany', name: 'Marşrut şirkəti' },
  { resource: 'city', name: 'Şəhər' },
  { resource: 'automobilebrand', name: 'Avtomobil markası' },
  { resource: 'automobilemodel', name: 'Avtomobil modeli' },
  { resource: 'carrier', name: 'Daşıyıcı' },
  { resource: 'driver', name: 'Sürücü' },
  { resource: 'automobile', name: 'Avtomobil' },
  { resource: 'tariff', name: 'Tarif' },
  { resource: 'fnbatch', name: 'FN buraxılışı' },
  { resource: 'fn', name: 'Fərqlənmə nişanı' },
  { resource: 'payment', name: 'Ödəniş' },
  { resource: 'onlinepayment', name: 'Onlayn ödəniş' },
  { resource: 'onlinecarrier', name: 'Onlayn daşıyıcı' },
  { resource: 'busroute', name: 'Avtobus marşrutu' },
  { resource: 'bankstatement', name: 'Bank çıxarışı' },
] as const;

export type PermissionResource = (typeof permissionResources)[number]['resource'];

const crudActions = [
  { action: 'view', name: 'baxış' },
  { action: 'add', name: 'əlavə etmə' },
  { action: 'change', name: 'dəyişmə' },
  { action: 'delete', name: 'silmə' },
] as const;

/** Permissions that are not plain CRUD on one resource. */
export const actionPermissions = [
  { code: 'activate_user', resource: 'user', name: 'İstifadəçini aktivləşdirmə / deaktivləşdirmə' },
  { code: 'view_active_fn', resource: 'fn', name: 'Aktiv FN-lərə baxış' },
  { code: 'view_paid_fn', resource: 'fn', name: 'Ödənilmiş FN-lərə baxış' },
  { code: 'view_general_fn', resource: 'fn', name: 'Ümumi FN siyahısına baxış' },
  { code: 'check_fn', resource: 'fn', name: 'FN yoxlanışı' },
  { code: 'view_report', resource: 'fn', name: 'Hesabatlara baxış' },
  { code: 'view_auditlog', resource: 'user', name: 'Audit jurnalına baxış' },
  { code: 'import_data', resource: 'user', name: 'Fayldan məlumat idxalı' },
] as const;

export type CrudPermissionCode = `${(typeof crudActions)[number]['action']}_${PermissionResource}`;
export type PermissionCode = CrudPermissionCode | (typeof actionPermissions)[number]['code'];

export interface PermissionDefinition {
  code: PermissionCode;
  resource: PermissionResource;
  name: string;
}

export const permissionCatalogue: readonly PermissionDefinition[] = [
  ...permissionResources.flatMap((r) =>
    crudActions.map((a) => ({
      code: `${a.action}_${r.resource}` as CrudPermissionCode,
      resource: r.resource,
      name: `${r.name}: ${a.name}`,
    })),
  ),
  ...actionPermissions,
];

export const permissionCodes: readonly PermissionCode[] = permissionCatalogue.map((p) => p.code);

/** A user may do a thing when they hold every permission it requires (an empty list: any signed-in user). */
export function hasPermissions(held: Iterable<string>, required: readonly PermissionCode[]): boolean {
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  return required.every((code) => set.has(code));
}

/**
 * What an endpoint requires: every one of `permissions` (an empty list: any signed-in user), or at least one of
 * `anyOf` (a picker that several screens use: the permission of any one of them).
 */
export type PermissionRequirement =
  { readonly permissions: readonly PermissionCode[] } | { readonly anyOf: readonly PermissionCode[] };

/** The one check of a requirement, for the server's routes and the tests of the role matrix. */
export function meetsRequirement(held: Iterable<string>, requirement: PermissionRequirement): boolean {
  if ('permissions' in requirement) return hasPermissions(held, requirement.permissions);
  const set = held instanceof Set ? (held as Set<string>) : new Set(held);
  return requirement.anyOf.some((code) => set.has(code));
}

/** Every code a requirement names. */
export function requirementCodes(requirement: PermissionRequirement): readonly PermissionCode[] {
  return 'permissions' in requirement ? requirement.permissions : requirement.anyOf;
}
