import { createHash, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import { drfMessages } from '@dnx/shared';
import type { Config } from '../config';

export type TokenType = 'access' | 'refresh' | 'reset';

/** Claims every token carries, named as djangorestframework-simplejwt names them. */
export interface TokenClaims {
  token_type: TokenType;
  jti: string;
  user_id: number;
  exp: number;
  iat: number;
  /** Session (sign-in) an access or refresh token belongs to. */
  sid?: number;
}

export interface SignedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** simplejwt's words for a token it refuses. */
export const tokenMessages = {
  invalid: drfMessages.tokenInvalid,
  wrongType: drfMessages.tokenWrongType,
  blacklisted: drfMessages.tokenBlacklisted,
} as const;

export class TokenError extends Error {}

/** A new token id (`jti`): 128 random bits as hex. */
export const newTokenId = () => randomUUID().replaceAll('-', '');

const algorithm = 'HS256';

/** A key's id (`kid`): the start of its secret's SHA-256, which names the key and tells nothing of it. */
export const keyId = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 16);

/**
 * Signs and checks the JWTs (HS256 only: `alg: none` and every other algorithm are refused). Tokens are signed with
 * `jwtSecret` and name it by `kid`; a token naming one of `jwtVerifySecrets` is accepted too, so a key can be added
 * and the old one retired without signing anyone out (docs/operations.md, "Rotating secrets"). A token without `kid`
 * (signed before keys had ids) is checked against the signing key.
 */
export function createTokens(
  config: Pick<
    Config,
    'jwtSecret' | 'jwtVerifySecrets' | 'ACCESS_TOKEN_LIFETIME' | 'REFRESH_TOKEN_LIFETIME' | 'RESET_TOKEN_LIFETIME'
  >,
) {
  const key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  const kid = keyId(config.jwtSecret);
  const keys = new Map<string, KeyObject>([
    ...(config.jwtVerifySecrets ?? []).map(
      (secret) => [keyId(secret), createSecretKey(Buffer.from(secret, 'utf8'))] as const,
    ),
    [kid, key],
  ]);
  const keyFor = (header: JWTHeaderParameters) => {
    const found = header.kid === undefined ? key : keys.get(header.kid);
    if (!found) throw new TokenError(tokenMessages.invalid);
    return found;
  };
  // Signatures already checked in this process: a token's signature cannot change, so a signed-in user's next
  // requests skip the HMAC. Expiry is still checked on every use; revocation is the session check's business.
  const checked = new Map<string, TokenClaims>();
  const checkedLimit = 10_000;
  const lifetimes: Record<TokenType, number> = {
    access: config.ACCESS_TOKEN_LIFETIME,
    refresh: config.REFRESH_TOKEN_LIFETIME,
    reset: config.RESET_TOKEN_LIFETIME,
  };

  /**
   * `at` fixes the token id and issue time (seconds), so the same token can be signed again (HS256 is
   * deterministic), and caps its expiry (`notAfter`, seconds: the end of the session's absolute lifetime).
   */
  async function sign(
    type: TokenType,
    userId: number,
    extra: { sid?: number } = {},
    at: { jti?: string; iat?: number; notAfter?: number } = {},
  ): Promise<SignedToken> {
    const jti = at.jti ?? newTokenId();
    const now = at.iat ?? Math.floor(Date.now() / 1000);
    const exp = Math.min(now + lifetimes[type], at.notAfter ?? Number.POSITIVE_INFINITY);
    const token = await new SignJWT({ token_type: type, user_id: userId, ...extra })
      .setProtectedHeader({ alg: algorithm, typ: 'JWT', kid })
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(key);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /** Checks signature, algorithm, expiry and claims; `type` also checks the token's kind. */
  async function verify(token: string, type?: TokenType): Promise<TokenClaims> {
    const known = checked.get(token);
    if (known) {
      if (known.exp * 1000 <= Date.now()) {
        checked.delete(token);
        throw new TokenError(tokenMessages.invalid);
      }
      if (type && known.token_type !== type) throw new TokenError(tokenMessages.wrongType);
      return known;
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keyFor, { algorithms: [algorithm], requiredClaims: ['exp', 'jti'] }));
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError || err instanceof TokenError)
        throw new TokenError(tokenMessages.invalid);
      throw err;
    }
    const claims = payload as Partial<TokenClaims>;
    if (
      (claims.token_type !== 'access' && claims.token_type !== 'refresh' && claims.token_type !== 'reset') ||
      typeof claims.user_id !== 'number' ||
      typeof claims.jti !== 'string'
    ) {
      throw new TokenError(tokenMessages.invalid);
    }
    if (type && claims.token_type !== type) throw new TokenError(tokenMessages.wrongType);
    if (checked.size >= checkedLimit) checked.clear();
    checked.set(token, claims as TokenClaims);
    return claims as TokenClaims;
  }

  return { sign, verify };
}

export type Tokens = ReturnType<typeof createTokens>;
