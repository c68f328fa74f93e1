import type { MfaStatus } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The signed-in user's second factors, which the step-up dialog and the profile both read (issue 27). */
export const mfaStatusKey = ['user', 'mfa'] as const;

/** `GET /api/user/mfa/`: what the signed-in user has. */
export function useMfaStatus() {
  return useQuery({
    queryKey: mfaStatusKey,
    queryFn: ({ signal }) => apiRequest<MfaStatus>('/api/user/mfa/', { signal }),
  });
}
