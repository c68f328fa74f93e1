import type { RecoveryCodes, SecondFactor, TotpEnrolment } from '@dnx/shared';
import { apiRequest } from './api-client';

/** The second factor's shapes and calls that the sign-in and the profile share (issue 27). */

/** A second factor as the client sends it: a code of the app, a recovery code or a passkey's answer. */
export type FactorInput = Pick<SecondFactor, 'code' | 'recovery_code' | 'webauthn'>;

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
