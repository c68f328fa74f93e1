import type {
  PasskeyRegistered,
  WebauthnAssertion,
  WebauthnCreationOptions,
  WebauthnRequestOptions,
} from '@dnx/shared';
import { apiRequest } from '../../../lib/api-client';
import type { TokenPair } from './tokens';

/**
 * Passkeys (WebAuthn, issue 27): the server's challenges and the browser's ceremonies. @simplewebauthn/browser is
 * loaded only when a ceremony starts, never with a page.
 */

/** The browser can make and use passkeys (WebAuthn). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

const webauthn = () => import('@simplewebauthn/browser');

/** The browser asks the user for one of their passkeys and answers the challenge with it. */
export async function answerWithPasskey(options: WebauthnRequestOptions): Promise<WebauthnAssertion> {
  const { startAuthentication } = await webauthn();
  return (await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  })) as WebauthnAssertion;
}

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

/** A new passkey of the signed-in user, made by the browser and kept by the server under `name`. */
export async function registerPasskey(name: string): Promise<PasskeyRegistered> {
  const { options } = await apiRequest<OptionsAnswer<WebauthnCreationOptions>>('/api/user/mfa/webauthn/register/', {
    method: 'POST',
    body: {},
  });
  const { startRegistration } = await webauthn();
  const credential = await startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return apiRequest<PasskeyRegistered>('/api/user/mfa/webauthn/register/verify/', {
    method: 'POST',
    body: { name, credential },
  });
}
