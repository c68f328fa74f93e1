import {
  receiptClaimsSchema,
  receiptJwsType,
  snapshotJwsType,
  type ReceiptClaims,
  type SignedSnapshot,
} from '@dnx/shared';
import { CompactSign, FlattenedSign } from 'jose';
import type { SigningKeys } from './signing-keys';

const encoder = new TextEncoder();

/** A receipt's claims as a compact JWS (`{alg:'EdDSA', kid, typ:'dnx-receipt+jws'}`): what its QR code carries. */
export async function signReceipt(keys: SigningKeys, claims: ReceiptClaims): Promise<string> {
  const { kid, key } = await keys.current();
  const payload = encoder.encode(JSON.stringify(receiptClaimsSchema.parse(claims)));
  return new CompactSign(payload).setProtectedHeader({ alg: 'EdDSA', kid, typ: receiptJwsType }).sign(key);
}

/** A signed snapshot without the time of its answer: what a kept full snapshot answers again (snapshot-service.ts). */
export type SignedSnapshotBody = Omit<SignedSnapshot, 'serverTime'>;

/**
 * A snapshot's JSON text signed as a flattened JWS with the payload unencoded (RFC 7797): the answer carries the
 * JSON itself, which HTTP compression sees whole. With the kid that signed it.
 */
export async function signSnapshotBody(
  keys: SigningKeys,
  json: string,
): Promise<{ kid: string; body: SignedSnapshotBody }> {
  const { kid, key } = await keys.current();
  const jws = await new FlattenedSign(encoder.encode(json))
    .setProtectedHeader({ alg: 'EdDSA', kid, typ: snapshotJwsType, b64: false, crit: ['b64'] })
    .sign(key);
  return { kid, body: { protected: jws.protected!, payload: json, signature: jws.signature } };
}

/** A snapshot signed, with the server's time of the answer (outside the signature). */
export async function signSnapshot(keys: SigningKeys, json: string): Promise<SignedSnapshot> {
  const { body } = await signSnapshotBody(keys, json);
  return { ...body, serverTime: new Date().toISOString() };
}
