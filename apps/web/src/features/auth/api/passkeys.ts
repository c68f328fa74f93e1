import type { WebauthnRequestOptions } from '@dnx/shared';
import { apiRequest } from '../../../lib/api-client';
import { answerWithPasskey } from '../../../lib/passkeys';
import type { TokenPair } from './tokens';

/** Passkeys (WebAuthn, issue 27) in the sign-in and the step-up: the server's challenges (ceremonies: lib/passkeys). */

interface OptionsAnswer<T> {
  options: T;
}

/** `POST /api/token/mfa/webauthn/`: the challenge of the sign-in's second step. */
export const secondStepPasskeyOptions = async (mfaToken: string) =>
  (
    await apiRequest<OptionsAnswer<WebauthnRequestOptions>>('/api/token/mfa/webauthn/', {
      method: 'POST',
      body: { mfa_token: mfaToken },
      bearer: 'none',
    })
  ).options;

/** `POST /api/user/mfa/step-up/webauthn/`: the challenge of a step-up. */
export const stepUpPasskeyOptions = async () =>
  (
    await apiRequest<OptionsAnswer<WebauthnRequestOptions>>('/api/user/mfa/step-up/webauthn/', {
      method: 'POST',
      body: {},
    })
  ).options;

/** `POST /api/token/passkey/`, twice: the challenge, then the tokens of the passkey's owner. */
export async function signInWithPasskey(): Promise<TokenPair> {
  const { options } = await apiRequest<OptionsAnswer<WebauthnRequestOptions>>('/api/token/passkey/', {
    method: 'POST',
    body: {},
    bearer: 'none',
  });
  const answer = await answerWithPasskey(options);
  return apiRequest<TokenPair>('/api/token/passkey/', { method: 'POST', body: { webauthn: answer }, bearer: 'none' });
}
