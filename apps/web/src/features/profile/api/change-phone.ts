import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/user/user-profile/change-phone/ {phone}`: the signed-in user's own phone. */
export function changePhone(input: { phone: string }): Promise<unknown> {
  return apiRequest('/api/user/user-profile/change-phone/', { method: 'POST', body: input });
}

export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhone,
    // The header and the landing page show the current user: read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['session', 'current-user'] }),
  });
}
