import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * The second factor's secrets at rest (issue 27): AES-256-GCM under a key derived from MFA_ENCRYPTION_KEY, written
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. A database or backup alone gives no authenticator's secret.
 */
export function secretBox(settingKey: string) {
  const key = createHash('sha256').update('dnx-mfa-v1\u0000').update(settingKey).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

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
