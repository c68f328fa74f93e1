import type { MfaChallenge, SignInAnswer } from '@dnx/shared';
import { apiRequest } from '../../../lib/api-client';
import type { FactorInput } from '../../../lib/second-factor';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** `POST /api/token/`: the tokens, or the challenge of a second step (or of the enrolment a group requires). */
export function obtainTokens(body: { email: string; password: string; gtoken: string }): Promise<SignInAnswer> {
  return apiRequest<SignInAnswer>('/api/token/', { method: 'POST', body, bearer: 'none' });
}

export const isChallenge = (answer: SignInAnswer): answer is MfaChallenge => 'mfa' in answer;

/** `POST /api/token/mfa/`: the second step, a code of the app, a passkey's answer or a recovery code. */
export function secondStep(body: { mfa_token: string } & FactorInput): Promise<TokenPair> {
  return apiRequest<TokenPair>('/api/token/mfa/', { method: 'POST', body, bearer: 'none' });
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
