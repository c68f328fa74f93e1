import { defaultLanguage, type CurrentUserResponse } from '@dnx/shared';
import type { AuthUser } from '../../plugins/auth';

/** POST /api/user/current-user/: the signed-in user, their groups, permissions and preferences. */
export function currentUser(user: AuthUser): CurrentUserResponse {
  return {
    result: true,
    user: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      region: user.regionId,
      groups: user.groups,
      permissions: [...user.permissions].sort(),
      preferences: {
        layout: user.layout,
        tour_seen_at: user.tourSeenAt,
        language: user.language ?? defaultLanguage,
        dark_theme: user.darkTheme ?? false,
        compact_theme: user.compactTheme ?? false,
      },
    },
    error: null,
  };
}
