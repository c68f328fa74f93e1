import { createSecretKey } from 'node:crypto';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { createTokens, keyId, TokenError } from './tokens';

const config = {
  jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256',
  jwtVerifySecrets: [] as string[],
  ACCESS_TOKEN_LIFETIME: 60,
  REFRESH_TOKEN_LIFETIME: 60,
  RESET_TOKEN_LIFETIME: 60,
};

describe('tokens', () => {
  it('a token checked once is refused after it expires', async () => {
    const tokens = createTokens(config);
    const { token } = await tokens.sign('access', 7, { sid: 3 });
    expect((await tokens.verify(token, 'access')).user_id).toBe(7);
    expect((await tokens.verify(token, 'access')).sid).toBe(3);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    await expect(tokens.verify(token, 'access')).rejects.toBeInstanceOf(TokenError);
  });

  it('a checked token of one kind is still refused as another kind', async () => {
    const tokens = createTokens(config);
    const { token } = await tokens.sign('refresh', 7, { sid: 3 });
    await tokens.verify(token, 'refresh');
    await expect(tokens.verify(token, 'access')).rejects.toBeInstanceOf(TokenError);
  });

  it('a token signed with another key is refused', async () => {
    const { token } = await createTokens({ ...config, jwtSecret: 'another-secret-that-is-long-enough-too!!' }).sign(
      'access',
      7,
    );
    await expect(createTokens(config).verify(token)).rejects.toBeInstanceOf(TokenError);
  });

  it('rotates without signing anyone out: a key added for checking first, then signing, then retired', async () => {
    const oldKey = config.jwtSecret;
    const newKey = 'the-next-secret-that-is-long-enough-for-hs256';
    const before = createTokens(config);
    const issued = await before.sign('access', 7, { sid: 1 });
    expect(decodeProtectedHeader(issued.token)).toMatchObject({ alg: 'HS256', kid: keyId(oldKey) });
    // 1. Every process learns the next key (JWT_VERIFY_SECRETS) while still signing with the old one.
    const learning = createTokens({ ...config, jwtVerifySecrets: [newKey] });
    // 2. Every process signs with the next key and still accepts the old one.
    const switched = createTokens({ ...config, jwtSecret: newKey, jwtVerifySecrets: [oldKey] });
    const next = await switched.sign('access', 8, { sid: 2 });
    expect(decodeProtectedHeader(next.token).kid).toBe(keyId(newKey));
    expect((await switched.verify(issued.token)).user_id).toBe(7);
    expect((await learning.verify(next.token)).user_id).toBe(8);
    // 3. The old key retired (after the longest session): its tokens are refused, the new ones accepted.
    const retired = createTokens({ ...config, jwtSecret: newKey });
    await expect(retired.verify(issued.token)).rejects.toBeInstanceOf(TokenError);
    expect((await retired.verify(next.token)).user_id).toBe(8);
  });

  it('checks a token without a key id (signed before keys had ids) against the signing key; refuses an unknown id', async () => {
    const key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    const claims = { token_type: 'access', user_id: 9 };
    const legacy = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti('legacy-token-1')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key);
    expect((await createTokens(config).verify(legacy)).user_id).toBe(9);
    const unknown = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'not-a-known-key' })
      .setJti('unknown-kid-1')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key);
    await expect(createTokens(config).verify(unknown)).rejects.toThrow('Token is invalid or expired');
  });

  it('reads JWT_VERIFY_SECRETS as a comma- or line-separated list, each of 32 characters or more', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/dnx-config-test', JWT_SECRET: config.jwtSecret };
    const parsed = loadConfig({ ...base, JWT_VERIFY_SECRETS: `${'a'.repeat(32)},\n${'b'.repeat(40)}\n` });
    expect(parsed.jwtVerifySecrets).toEqual(['a'.repeat(32), 'b'.repeat(40)]);
    expect(() => loadConfig({ ...base, JWT_VERIFY_SECRETS: 'short' })).toThrow(/JWT_VERIFY_SECRETS/);
  });
});
