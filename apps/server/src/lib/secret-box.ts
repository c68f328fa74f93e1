import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A text sealed at rest or in a client's hands: AES-256-GCM under a key derived from a setting's key and a label of
 * its own (one label per use, so one sealed text never opens as another's), written `v1.<iv>.<tag>.<ciphertext>` in
 * base64url. Used for the second factors' secrets and the signing keys (MFA_ENCRYPTION_KEY: a database or backup alone
 * gives neither) and the inspectors' snapshot cursors (a phone learns nothing from its cursor).
 */
export function secretBox(label: string, settingKey: string, refuse: (why: string) => Error = (why) => new Error(why)) {
  const key = createHash('sha256').update(`${label}\u0000`).update(settingKey).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** The text sealed; throws (`refuse`) for a text this box did not seal. */
    open(sealed: string): string {
      const [version, iv, tag, data, extra] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data || extra !== undefined) throw refuse('not a sealed text');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw refuse('not sealed by this key');
      }
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
