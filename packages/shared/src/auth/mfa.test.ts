import { describe, expect, it } from 'vitest';
import { webauthnAssertionSchema } from './mfa';

describe('a passkey answer as the API takes it', () => {
  const answer = (signature: string) => ({
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature },
  });

  it('takes the signature of an ML-DSA-44 key (2,420 bytes), which a runtime with post-quantum keys offers first', () => {
    // 2,420 bytes in base64url, unpadded.
    const signature = 'Bw'.repeat(Math.ceil((2420 * 4) / 3 / 2)).slice(0, Math.ceil((2420 * 4) / 3));
    expect(webauthnAssertionSchema.safeParse(answer(signature)).success).toBe(true);
  });

  it('refuses what is not base64url, and an absurd length', () => {
    expect(webauthnAssertionSchema.safeParse(answer('a+b/')).success).toBe(false);
    expect(webauthnAssertionSchema.safeParse(answer('a'.repeat(8001))).success).toBe(false);
  });
});
