import type { CurrentUser, UserPreferences, UserPreferencesUpdate } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notifyFailure } from '../../../lib/notify';
import { currentUserQuery } from '../../../lib/current-user';

/** `PATCH /api/user/user-profile/preferences/`: the signed-in user's own layout, tour, language and themes. */
export function updatePreferences(input: UserPreferencesUpdate): Promise<UserPreferences> {
  return apiRequest<UserPreferences>('/api/user/user-profile/preferences/', { method: 'PATCH', body: input });
}

const withPreferences = (user: CurrentUser | undefined, preferences: Partial<UserPreferences>) =>
  user && { ...user, preferences: { ...user.preferences, ...preferences } };

/**
 * Saves a preference in the background: the layout applies at once (and goes back if the server refuses), the
 * answer is kept as the current user's, so every screen reads the same preferences the next sign-in will.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const key = currentUserQuery.queryKey;
  return useMutation({
    mutationFn: updatePreferences,
    // Not a form being saved: no global loading overlay (global-loading.tsx).
    meta: { background: true },
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      // The layout, language and themes apply at once; the tour's time comes from the server.
      const { tour_seen: _tourSeen, ...shown } = input;
      queryClient.setQueryData(key, withPreferences(previous, shown));
      return { previous };
    },
    onSuccess: (preferences) => queryClient.setQueryData(key, (user) => withPreferences(user, preferences)),
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notifyFailure(error);
    },
  });
}
