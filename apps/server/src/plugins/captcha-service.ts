import { createHash, createHmac } from 'node:crypto';
import { authApiMessages, captchaChallengeSchema, type CaptchaChallenge } from '@dnx/shared';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { recordSolution } from './captcha-repository';

const algorithm = 'PBKDF2/SHA-256';

/** What the ALTCHA widget posts back: base64 of `{challenge, solution}`. */
const payloadSchema = z.object({
  // The challenge we sent (shared schema), now with its expiry and signature required.
  challenge: captchaChallengeSchema.extend({
    parameters: captchaChallengeSchema.shape.parameters.extend({ expiresAt: z.number() }),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string(), time: z.number().optional() }),
});

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/** Self-hosted ALTCHA proof of work: signed challenges, checked for signature, expiry and single use. */
export function createCaptchaService(
  db: Database,
  config: Pick<Config, 'jwtSecret' | 'CAPTCHA_COST' | 'CAPTCHA_MAX_COUNTER' | 'CAPTCHA_LIFETIME'>,
) {
  // Own keys derived from the one server secret, so a captcha signature can never pass for a token's.
  const derive = (label: string) => createHmac('sha256', config.jwtSecret).update(label).digest('base64url');
  const hmacSignatureSecret = derive('altcha-challenge-signature');
  const hmacKeySignatureSecret = derive('altcha-key-signature');

  return {
    async challenge(): Promise<CaptchaChallenge> {
      const max = config.CAPTCHA_MAX_COUNTER;
      return createChallenge({
        algorithm,
        cost: config.CAPTCHA_COST,
        counter: randomInt(Math.ceil(max / 2), max),
        deriveKey,
        expiresAt: new Date(Date.now() + config.CAPTCHA_LIFETIME * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    /** Null when the payload is good and now spent; otherwise the message for `{"gtoken": [...]}`. */
    async verify(gtoken: string): Promise<string | null> {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(gtoken, 'base64').toString('utf8'));
      } catch {
        return authApiMessages.captchaInvalid;
      }
      const payload = payloadSchema.safeParse(decoded);
      if (!payload.success || payload.data.challenge.parameters.algorithm !== algorithm) {
        return authApiMessages.captchaInvalid;
      }
      const { challenge, solution } = payload.data;
      let result;
      try {
        result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret });
      } catch {
        return authApiMessages.captchaInvalid;
      }
      if (result.expired) return authApiMessages.captchaExpired;
      if (!result.verified) return authApiMessages.captchaInvalid;
      const hash = createHash('sha256').update(challenge.signature).digest('hex');
      const fresh = await recordSolution(db, hash, new Date(challenge.parameters.expiresAt * 1000));
      return fresh ? null : authApiMessages.captchaUsed;
    },
  };
}
