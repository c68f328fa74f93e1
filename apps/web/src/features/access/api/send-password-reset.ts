import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/user/users/send-password-reset/ {id}`: mails the person a reset link (how non-administrators renew it). */
export function sendPasswordReset(id: number): Promise<{ message: string }> {
  return apiRequest('/api/user/users/send-password-reset/', { method: 'POST', body: { id } });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
