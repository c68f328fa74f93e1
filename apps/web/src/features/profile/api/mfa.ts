import type { MfaStatus, RecoveryCodes } from '@dnx/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { registerPasskey } from '../../auth/api/passkeys';

const key = ['user', 'mfa'] as const;

/** `GET /api/user/mfa/`: what the signed-in user has. */
export function useMfaStatus() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiRequest<MfaStatus>('/api/user/mfa/', { signal }) });
}

export function useMfaRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key });
}

/** New recovery codes (asks the step-up dialog first when the session has none fresh). */
export function useNewRecoveryCodes() {
  const refresh = useMfaRefresh();
  return useMutation({
    mutationFn: () => apiRequest<RecoveryCodes>('/api/user/mfa/recovery-codes/', { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useRemoveTotp() {
  const refresh = useMfaRefresh();
  return useMutation({
    mutationFn: () => apiRequest('/api/user/mfa/totp/', { method: 'DELETE' }),
    onSettled: refresh,
  });
}

/** A new passkey under a name (the browser makes it; asks the step-up dialog first when the user has a factor). */
export function useRegisterPasskey() {
  const refresh = useMfaRefresh();
  return useMutation({ mutationFn: (name: string) => registerPasskey(name), onSettled: refresh });
}

export function useRemovePasskey() {
  const refresh = useMfaRefresh();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/user/mfa/webauthn/${id}/`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
