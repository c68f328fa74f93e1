import type { User, UserCreateInput } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/user/users/create-account/` answers 201 `{"data": {"data": user}}`. */
export async function createUser(input: UserCreateInput): Promise<User> {
  const res = await apiRequest<{ data: { data: User } }>('/api/user/users/create-account/', {
    method: 'POST',
    body: input,
  });
  return res.data.data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
