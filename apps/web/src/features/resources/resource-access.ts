import { hasPermissions, type CrudPermissionCode, type ResourceDefinition } from '@dnx/shared';
import { useCurrentUser } from '../../lib/current-user';

/** What the signed-in user may do with a resource: the server refuses the rest, the screens hide it. */
export function useResourceAccess(resource: ResourceDefinition) {
  const held = useCurrentUser()?.permissions ?? [];
  const can = (action: 'add' | 'change' | 'delete') => {
    const code: CrudPermissionCode = `${action}_${resource.permission}`;
    return hasPermissions(held, [code]);
  };
  return { canAdd: can('add'), canChange: can('change'), canDelete: can('delete') };
}
