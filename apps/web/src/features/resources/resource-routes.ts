import { findAppRoute, newRecordPk, resourceParam, resources, type ResourceDefinition } from '@dnx/shared';
import { routeId } from '../../lib/route-params';

/**
 * Which resource a screen's route serves, and the paths between its list and form. Every resource declares
 * its route keys once (`routes`); two resources may share one (special transport types edit on the
 * transport-types-edit route, told apart by `?resource=`), and carriers create and edit on `carrier-form/:pk`.
 */
const unique = (keys: string[]) => [...new Set(keys)];

export const resourceListRouteKeys = unique(resources.map((r) => r.routes.list));
export const resourceFormRouteKeys = unique(resources.flatMap((r) => [r.routes.create, r.routes.edit]));

// `carrier-form/new` creates; `?resource=` names which resource of a shared edit route is opened (shared, so the
// route guard reads the address as the form does).
export { newRecordPk, resourceParam };

export function listResourceOf(routeKey: string): ResourceDefinition | undefined {
  return resources.find((r) => r.routes.list === routeKey);
}

export type FormTarget = { resource: ResourceDefinition; id: number | null };

/**
 * The resource and record a form route opens: `id` null to create. Undefined for an address that names
 * neither (an id that is no number, `new` on an edit-only route).
 */
export function formTargetOf(
  routeKey: string,
  pk: string | undefined,
  resourceKey: string | null,
): FormTarget | undefined {
  const served = resources.filter((r) => r.routes.create === routeKey || r.routes.edit === routeKey);
  // The first declared is the route's own resource; the others say who they are.
  const resource = served.find((r) => r.key === resourceKey) ?? served[0];
  if (!resource) return undefined;
  const creates = resource.routes.create === routeKey && (pk === undefined || pk === newRecordPk);
  if (creates) return { resource, id: null };
  const id = resource.routes.edit === routeKey ? routeId(pk) : null;
  return id === null ? undefined : { resource, id };
}

function appPath(routeKey: string, pk?: string): string {
  const route = findAppRoute(routeKey);
  if (!route) throw new Error(`No route ${routeKey}`);
  return `/app/${route.path.replace(':pk', pk ?? '')}`;
}

export const listPath = (resource: ResourceDefinition) => appPath(resource.routes.list);

export const createPath = (resource: ResourceDefinition) => appPath(resource.routes.create, newRecordPk);

export function editPath(resource: ResourceDefinition, id: number): string {
  const owner = resources.find((r) => r.routes.edit === resource.routes.edit);
  const path = appPath(resource.routes.edit, String(id));
  return owner === resource ? path : `${path}?${resourceParam}=${resource.key}`;
}

/** What a link from a list hands to the form: the list's query, so the save returns to the same rows. */
export interface FromList {
  listSearch: string;
}

export function fromListState(state: unknown): string {
  const search = (state as Partial<FromList> | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}
