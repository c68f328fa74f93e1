import type { User, UserUpdateInput } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/user/users/update-account/` (the body carries the id; the password only when it changes). */
export async function updateUser(input: UserUpdateInput): Promise<User> {
  const res = await apiRequest<{ data: { data: User } }>('/api/user/users/update-account/', {
    method: 'POST',
    body: input,
  });
  return res.data.data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(['users', 'detail', user.id], user);
      return queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
