import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      apiRequest<{ message: string }>('/api/user/users/forgot-password/', { method: 'POST', body, bearer: 'none' }),
  });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (body: { password: string; confirm_password: string }) =>
      apiRequest<{ message: string }>('/api/user/users/reset-password/', {
        method: 'POST',
        body: { token, ...body },
        bearer: { token },
      }),
  });
}
