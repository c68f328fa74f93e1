import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import {
  mfaMessages,
  type Passkey,
  type WebauthnAssertion,
  type WebauthnCreationOptions,
  type WebauthnRegistration,
  type WebauthnRequestOptions,
} from '@dnx/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { userPasskeys } from '../../db/schema';
import { conflict, fieldErrors } from '../../lib/http-errors';
import * as repo from './factor-repository';

/**
 * Passkeys (WebAuthn, issue 27) with @simplewebauthn/server: a registration from the profile, and an assertion as
 * the second step, a step-up, or a sign-in without the password. Each ceremony's challenge is kept, spent once, and
 * lasts `ceremonySeconds`.
 */

const ceremonySeconds = 300;
const rpName = 'FN İdarəetmə Sistemi';

/**
 * The relying party: PUBLIC_URL's host and origin. An address that is an IP (a development or test server on
 * 127.0.0.1) cannot be a relying party id, so it is served as `localhost`, which browsers treat as secure too.
 */
export function relyingParty(publicOrigin: string) {
  const url = new URL(publicOrigin);
  const isIp = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[');
  if (!isIp) return { rpID: url.hostname, origins: [url.origin] };
  return { rpID: 'localhost', origins: [`${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`, url.origin] };
}

type PasskeyRow = typeof userPasskeys.$inferSelect;
const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransport[];

export const passkeyView = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The challenge a response signed, read from its client data; empty when that is not readable. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

export type PasskeyCeremonies = ReturnType<typeof createPasskeyCeremonies>;

export function createPasskeyCeremonies({ db, config }: { db: Database; config: Pick<Config, 'publicOrigin'> }) {
  const { rpID, origins } = relyingParty(config.publicOrigin);
  const refused = () => fieldErrors({ webauthn: [mfaMessages.passkeyInvalid] });
  const save = (challenge: string, userId: number | null, purpose: repo.WebauthnPurpose) =>
    repo.saveWebauthnChallenge(db, { challenge, userId, purpose, seconds: ceremonySeconds });

  return {
    /** The options of a new passkey of the user (their passkeys excluded, so one authenticator is not added twice). */
    async registrationOptions(user: { id: number; email: string }): Promise<WebauthnCreationOptions> {
      const existing = await repo.listPasskeys(db, user.id);
      const options = await generateRegistrationOptions({
        rpName,
        rpID,
        userName: user.email,
        userID: new TextEncoder().encode(`dnx-user-${user.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: transportsOf(k) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        timeout: ceremonySeconds * 1000,
      });
      await save(options.challenge, user.id, 'register');
      return options as WebauthnCreationOptions;
    },

    /** Checks the new passkey's answer and keeps it (in `executor`, with what else the caller writes). */
    async register(executor: Executor, userId: number, name: string, response: WebauthnRegistration) {
      const challenge = await repo.spendWebauthnChallenge(
        executor,
        signedChallenge(response.response.clientDataJSON),
        'register',
        userId,
      );
      if (!challenge) throw refused();
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origins,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => null);
      if (!verified?.verified) throw refused();
      const { credential } = verified.registrationInfo;
      const row = await repo.insertPasskey(executor, {
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      });
      if (!row) throw conflict(mfaMessages.passkeyTaken);
      return row;
    },

    /**
     * The options of an assertion: by one of the user's passkeys (the second step, a step-up), or with no user, by
     * any passkey of this site the authenticator holds (a sign-in without the password, user verification required).
     */
    async assertionOptions(userId: number | null): Promise<WebauthnRequestOptions> {
      const keys = userId === null ? [] : await repo.listPasskeys(db, userId);
      if (userId !== null && keys.length === 0) throw conflict(mfaMessages.noPasskey);
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: transportsOf(k) })),
        userVerification: userId === null ? 'required' : 'preferred',
        timeout: ceremonySeconds * 1000,
      });
      await save(options.challenge, userId, userId === null ? 'passwordless' : 'verify');
      return options as WebauthnRequestOptions;
    },

    /**
     * Checks an assertion against the passkey it names: the user's (`userId`), or anyone's when null (passwordless).
     * The challenge is spent whatever the outcome; the passkey's user when it holds, null otherwise.
     */
    async assert(response: WebauthnAssertion, userId: number | null): Promise<number | null> {
      const purpose = userId === null ? 'passwordless' : 'verify';
      const challenge = await repo.spendWebauthnChallenge(
        db,
        signedChallenge(response.response.clientDataJSON),
        purpose,
        userId,
      );
      if (!challenge) return null;
      const key = await repo.findPasskey(db, response.id);
      if (!key || (userId !== null && key.userId !== userId)) return null;
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origins,
        expectedRPID: rpID,
        credential: {
          id: key.credentialId,
          publicKey: Buffer.from(key.publicKey, 'base64url'),
          counter: key.counter,
          transports: transportsOf(key),
        },
        requireUserVerification: userId === null,
      }).catch(() => null);
      if (!verified?.verified) return null;
      await repo.passkeyUsed(db, key.id, verified.authenticationInfo.newCounter);
      return key.userId;
    },
  };
}
