import type { ComponentType } from 'react';

/**
 * The built screens, by the key of their route in the shared route table; each loads lazily.
 * A route without an entry shows the placeholder screen.
 */
export const screens: Partial<Record<string, () => Promise<{ default: ComponentType }>>> = {
  'sample-page': () => import('../features/home/pages/sample-page'),
  'user-profile': () => import('../features/profile/pages/profile-page'),
  users: () => import('../features/access/pages/users-page'),
  'user-create': () => import('../features/access/pages/user-create-page'),
  'user-edit': () => import('../features/access/pages/user-edit-page'),
  'user-groups': () => import('../features/access/pages/groups-page'),
  'user-groups-create': () => import('../features/access/pages/group-create-page'),
  'user-groups-edit': () => import('../features/access/pages/group-edit-page'),
};
