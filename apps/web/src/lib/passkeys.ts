import type { WebauthnAssertion, WebauthnCreationOptions, WebauthnRequestOptions } from '@dnx/shared';

/**
 * The browser's passkey ceremonies (WebAuthn, issue 27), which the sign-in, the step-up and the profile all run.
 * @simplewebauthn/browser is loaded only when a ceremony starts, never with a page.
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

/** The browser makes a new passkey for the server's creation options; the credential goes back to the server. */
export async function createPasskey(options: WebauthnCreationOptions): Promise<unknown> {
  const { startRegistration } = await webauthn();
  return startRegistration({
    optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
}
