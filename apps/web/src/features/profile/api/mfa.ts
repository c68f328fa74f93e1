import type { PasskeyRegistered, RecoveryCodes, WebauthnCreationOptions } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mfaStatusKey as key } from '../../../lib/mfa-status';
import { createPasskey } from '../../../lib/passkeys';

/** A new passkey of the signed-in user, made by the browser and kept by the server under `name`. */
async function registerPasskey(name: string): Promise<PasskeyRegistered> {
  const { options } = await apiRequest<{ options: WebauthnCreationOptions }>('/api/user/mfa/webauthn/register/', {
    method: 'POST',
    body: {},
  });
  const credential = await createPasskey(options);
  return apiRequest<PasskeyRegistered>('/api/user/mfa/webauthn/register/verify/', {
    method: 'POST',
    body: { name, credential },
  });
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
