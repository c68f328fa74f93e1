import { apiRequest } from '../../../lib/api-client';

export interface TokenPair {
  access: string;
  refresh: string;
}

export function obtainTokens(body: { email: string; password: string; gtoken: string }): Promise<TokenPair> {
  return apiRequest<TokenPair>('/api/token/', { method: 'POST', body, bearer: 'none' });
}

/** True when the server accepts the token (a session token, or an unspent reset token). */
export async function verifyToken(token: string): Promise<boolean> {
  try {
    await apiRequest('/api/token/verify/', { method: 'POST', body: { token }, bearer: 'none' });
    return true;
  } catch {
    return false;
  }
}

export function logout(): Promise<unknown> {
  return apiRequest('/api/user/logout/', { method: 'POST' });
}
