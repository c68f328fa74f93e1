import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** `POST /api/user/user-profile/change-password/`; a wrong old password answers 400 `{"oldPassword": [...]}`. */
export function changePassword(input: PasswordChange): Promise<unknown> {
  return apiRequest('/api/user/user-profile/change-password/', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
