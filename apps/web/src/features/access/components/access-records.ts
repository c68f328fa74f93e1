import { permissionResources, type Group, type Permission } from '@dnx/shared';
import type { AssignableRecord } from '../../../components/assign-window/assign-window';

const resourceNames = new Map<string, string>(permissionResources.map((r) => [r.resource, r.name]));

/** Permissions for the assign window, under their resource's Azerbaijani name. */
export function permissionRecords(permissions: readonly Permission[]): AssignableRecord[] {
  return permissions.map((p) => ({
    id: p.id,
    name: p.name,
    hint: p.code,
    group: resourceNames.get(p.resource) ?? p.resource,
  }));
}

export function groupRecords(groups: readonly Group[]): AssignableRecord[] {
  return groups.map((g) => ({ id: g.id, name: g.name, hint: g.code ?? undefined }));
}
