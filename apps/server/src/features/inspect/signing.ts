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

/**
 * A snapshot's JSON text signed as a flattened JWS with the payload unencoded (RFC 7797): the answer carries the
 * JSON itself, which HTTP compression sees whole.
 */
export async function signSnapshot(keys: SigningKeys, json: string): Promise<SignedSnapshot> {
  const { kid, key } = await keys.current();
  const jws = await new FlattenedSign(encoder.encode(json))
    .setProtectedHeader({ alg: 'EdDSA', kid, typ: snapshotJwsType, b64: false, crit: ['b64'] })
    .sign(key);
  return { protected: jws.protected!, payload: json, signature: jws.signature, serverTime: new Date().toISOString() };
}
