import type { SignInAnswer, SignInProviders } from '@dnx/shared';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/auth/directory/providers/`: the directories the sign-in screen offers (issue 59). */
export function signInProviders(): Promise<SignInProviders> {
  return apiRequest<SignInProviders>('/api/auth/directory/providers/', { bearer: 'none' });
}

/** Where the browser goes to sign in at a provider; it comes back to /signin/directory. */
export const directoryStartUrl = (provider: string, next: string) =>
  `/api/auth/directory/start/${encodeURIComponent(provider)}/?next=${encodeURIComponent(next)}`;

/** `POST /api/auth/directory/handoff/`: the callback's one-time code -> the tokens or the product's second step. */
export function finishDirectorySignIn(code: string): Promise<SignInAnswer> {
  return apiRequest<SignInAnswer>('/api/auth/directory/handoff/', { method: 'POST', body: { code }, bearer: 'none' });
}

/** `POST /api/auth/directory/ldap/{id}/`: the directory's user name and password. */
export function signInWithLdap(provider: string, body: { username: string; password: string }): Promise<SignInAnswer> {
  return apiRequest<SignInAnswer>(`/api/auth/directory/ldap/${encodeURIComponent(provider)}/`, {
    method: 'POST',
    body,
    bearer: 'none',
  });
}

/** `POST /api/auth/directory/end-session/`: the provider's sign-out address for this session, or null. */
export async function providerSignOutUrl(): Promise<string | null> {
  try {
    return (await apiRequest<{ url: string | null }>('/api/auth/directory/end-session/', { method: 'POST' })).url;
  } catch {
    return null;
  }
}
