import { describe, expect, it, vi } from 'vitest';
import { createTokens, TokenError } from './tokens';

const config = {
  jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256',
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
});
