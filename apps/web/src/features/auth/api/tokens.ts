import type { MfaChallenge, RecoveryCodes, SecondFactor, SignInAnswer, TotpEnrolment } from '@dnx/shared';
import { apiRequest } from '../../../lib/api-client';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** `POST /api/token/`: the tokens, or the challenge of a second step (or of the enrolment a group requires). */
export function obtainTokens(body: { email: string; password: string; gtoken: string }): Promise<SignInAnswer> {
  return apiRequest<SignInAnswer>('/api/token/', { method: 'POST', body, bearer: 'none' });
}

export const isChallenge = (answer: SignInAnswer): answer is MfaChallenge => 'mfa' in answer;

/** A second factor as the client sends it: a code of the app, a recovery code or a passkey's answer. */
export type FactorInput = Pick<SecondFactor, 'code' | 'recovery_code' | 'webauthn'>;

/** `POST /api/token/mfa/`: the second step, a code of the app, a passkey's answer or a recovery code. */
export function secondStep(body: { mfa_token: string } & FactorInput): Promise<TokenPair> {
  return apiRequest<TokenPair>('/api/token/mfa/', { method: 'POST', body, bearer: 'none' });
}

/** A new secret: `POST /api/token/mfa/enrol/` inside a sign-in (`mfaToken`), else `/api/user/mfa/totp/` (profile). */
export function startTotp(mfaToken?: string): Promise<TotpEnrolment> {
  return mfaToken
    ? apiRequest<TotpEnrolment>('/api/token/mfa/enrol/', {
        method: 'POST',
        body: { mfa_token: mfaToken },
        bearer: 'none',
      })
    : apiRequest<TotpEnrolment>('/api/user/mfa/totp/', { method: 'POST', body: {} });
}

/** Its first code: the recovery codes (and, inside a sign-in, the tokens). */
export function confirmTotp(code: string, mfaToken?: string): Promise<RecoveryCodes> {
  return mfaToken
    ? apiRequest<RecoveryCodes>('/api/token/mfa/enrol/confirm/', {
        method: 'POST',
        body: { mfa_token: mfaToken, code },
        bearer: 'none',
      })
    : apiRequest<RecoveryCodes>('/api/user/mfa/totp/confirm/', { method: 'POST', body: { code } });
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
