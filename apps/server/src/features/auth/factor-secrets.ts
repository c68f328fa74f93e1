import { createHash, randomBytes, randomInt } from 'node:crypto';
import { secretBox as box, type SecretBox } from '../../lib/secret-box';

/**
 * The second factor's secrets at rest (issue 27): sealed under a key derived from MFA_ENCRYPTION_KEY (lib/secret-box).
 * A database or backup alone gives no authenticator's secret.
 */
export const secretBox = (settingKey: string): SecretBox => box('dnx-mfa-v1', settingKey);
export type { SecretBox };

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A random token a client holds between the password and the second step. */
export const challengeToken = () => randomBytes(32).toString('base64url');

const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
/** A recovery code as shown, `xxxxx-xxxxx` (no 0/o, 1/l); it is read without the dash, in lower case. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}
export const recoveryCodeHash = (code: string) => sha256(code.replace(/[\s-]+/g, '').toLowerCase());
