import type { PermissionCode, PermissionRequirement } from '../access/permissions';
import { appRoutes } from '../navigation/app-routes';
import type { ResourceKey } from './define';
import { resources } from './definitions';

/** Screens that use a resource's picker besides the resource forms and filters the declarations name. */
const busRouteScreens = ['bus-routes', 'bus-routes-create', 'bus-routes-edit'];
const otherPickerScreens: Partial<Record<ResourceKey, readonly string[]>> = {
  // The users list filters by region; the account form picks one.
  // The reports (report-form, general-report), the forms' reconciliation (fn-reconciliation) and the registry of
  // every form (general-fn, A-F) filter by region too.
  regions: [
    'users',
    'user-create',
    'user-edit',
    'new-fn',
    'new-fn-create',
    'report-form',
    'general-report',
    'fn-reconciliation',
    'general-fn',
    'bus-routes',
  ],
  // The form batch list filters by them and the batch form picks them (new-fn-edit is opened by the same
  // writers as new-fn-create, A and B, so its two-permission requirement need not be named); general-fn, the
  // report form and the reconciliation filter by them.
  // The payment form (fn-payment, which requires three permissions and so cannot be named here) picks regions and
  // transport types too: everyone who opens it (A, B, D, E, F) opens general-fn, which is named.
  'transport-types': ['new-fn', 'new-fn-create', 'general-fn', 'report-form', 'fn-reconciliation', ...busRouteScreens],
  'fn-coefficients': ['new-fn', 'new-fn-create'],
  // The bus route list filters by city, company, transport type and region; its form picks them (issue 15).
  cities: busRouteScreens,
  'route-companies': busRouteScreens,
};

/**
 * The screens (route keys) that show the picker (`available/`) of a resource: the list of every resource with a
 * reference filter to it, the create and edit forms of every resource with a reference field to it, and the
 * screens named above.
 */
export function pickerScreens(key: ResourceKey): string[] {
  const screens = new Set<string>(otherPickerScreens[key] ?? []);
  for (const resource of resources) {
    for (const field of resource.fields) {
      if (field.kind !== 'reference' || field.reference !== key) continue;
      if (field.filter) screens.add(resource.routes.list);
      if (!field.readOnly) {
        screens.add(resource.routes.create);
        screens.add(resource.routes.edit);
      }
    }
  }
  return [...screens];
}

/**
 * Who may read a picker: whoever may open a screen that shows it, or view the resource itself (which shows
 * more). Names and plates of records are not for every signed-in user.
 */
export function pickerRequirement(key: ResourceKey): PermissionRequirement {
  const resource = resources.find((r) => r.key === key);
  if (!resource) throw new Error(`no resource ${key}`);
  const codes = new Set<PermissionCode>([`view_${resource.permission}`]);
  for (const screen of pickerScreens(key)) {
    const route = appRoutes.find((r) => r.key === screen);
    if (!route) throw new Error(`picker of ${key}: no screen ${screen} in the route table`);
    // A screen open to every signed-in user opens its pickers to them too.
    if (route.permissions.length === 0) return { permissions: [] };
    // "Any of" holds one code per screen: a screen requiring two would be opened by either alone.
    if (route.permissions.length > 1)
      throw new Error(`picker of ${key}: screen ${screen} requires several permissions`);
    codes.add(route.permissions[0]!);
  }
  return { anyOf: [...codes].sort() };
}
