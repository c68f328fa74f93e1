import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface UserStatusChange {
  id: number;
  is_active: boolean;
}

/** `POST /api/user/users/change-account-status/ {id, is_active}` (201); a deactivated user's tokens stop at once. */
export function changeUserStatus(change: UserStatusChange): Promise<unknown> {
  return apiRequest('/api/user/users/change-account-status/', { method: 'POST', body: change });
}

export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
