import {
  jwksSchema,
  receiptClaimsSchema,
  receiptJwsType,
  signedSnapshotSchema,
  snapshotJwsType,
  snapshotPayloadSchema,
  type Jwks,
  type ReceiptClaims,
  type SnapshotPayload,
} from '@dnx/shared';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, flattenedVerify } from 'jose';

/**
 * The authority's signatures (issue 46), checked in the browser with its published keys: a receipt's QR (compact JWS)
 * and the inspector's snapshot (flattened JWS, unencoded payload). The keys are kept in this browser, so both checks
 * work offline once they were fetched.
 */

const jwksPath = '/.well-known/jwks.json';
const jwksStorageKey = 'dnx-jwks';

/** The keys kept from the last fetch; null when there are none or they do not read as a key set. */
export function storedJwks(): Jwks | null {
  try {
    const text = localStorage.getItem(jwksStorageKey);
    const parsed = text ? jwksSchema.safeParse(JSON.parse(text)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Fetches the published keys and keeps them; offline (or on any failure) the kept ones answer. */
export async function loadJwks(): Promise<Jwks | null> {
  try {
    const res = await fetch(jwksPath, { headers: { accept: 'application/json' } });
    if (res.ok) {
      const parsed = jwksSchema.safeParse(await res.json());
      if (parsed.success) {
        localStorage.setItem(jwksStorageKey, JSON.stringify(parsed.data));
        return parsed.data;
      }
    }
  } catch {
    // Offline: the kept keys below.
  }
  return storedJwks();
}

/** The receipt's claims when its JWS is signed by one of the keys, as a receipt (`typ`), with valid claims; else null. */
export async function verifyReceipt(jws: string, jwks: Jwks): Promise<ReceiptClaims | null> {
  try {
    const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
    if (protectedHeader.typ !== receiptJwsType || !protectedHeader.kid) return null;
    const claims = receiptClaimsSchema.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

/** A snapshot whose signature or shape is refused: nothing of it may be kept. */
export class SnapshotRefused extends Error {}

/** The snapshot's payload once its signature (a snapshot's, by one of the keys) and shape are checked; else throws. */
export async function verifySnapshot(body: unknown, jwks: Jwks): Promise<SnapshotPayload> {
  const signed = signedSnapshotSchema.safeParse(body);
  if (!signed.success) throw new SnapshotRefused('not a signed snapshot');
  let payloadText: string;
  try {
    const { payload, protectedHeader } = await flattenedVerify(signed.data, createLocalJWKSet(jwks), {
      algorithms: ['EdDSA'],
    });
    if (protectedHeader?.typ !== snapshotJwsType || !protectedHeader.kid) throw new Error('not a snapshot');
    payloadText = new TextDecoder().decode(payload);
  } catch (error) {
    throw new SnapshotRefused(error instanceof Error ? error.message : 'signature');
  }
  let parsed: ReturnType<typeof snapshotPayloadSchema.safeParse>;
  try {
    parsed = snapshotPayloadSchema.safeParse(JSON.parse(payloadText));
  } catch {
    throw new SnapshotRefused('payload is not JSON');
  }
  if (!parsed.success) throw new SnapshotRefused('payload shape');
  return parsed.data;
}

/** The key a signed snapshot names (read without trusting it); '' when it names none. */
export function snapshotKid(body: unknown): string {
  try {
    const kid = decodeProtectedHeader(body as { protected: string }).kid;
    return typeof kid === 'string' ? kid : '';
  } catch {
    return '';
  }
}
