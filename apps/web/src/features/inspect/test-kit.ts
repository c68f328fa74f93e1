import { snapshotJwsType, type Jwks, type SignedSnapshot, type SnapshotPayload } from '@dnx/shared';
import { exportJWK, FlattenedSign, generateKeyPair } from 'jose';
import type { QueuedCheck } from './store';

/** A full snapshot of one valid mark (AB 000001), with `over` in place: the tests' snapshot. */
export const snapshotPayload = (over: Partial<SnapshotPayload> = {}): SnapshotPayload => ({
  v: 1,
  cursor: '10',
  from: null,
  full: true,
  generatedAt: '2026-03-10T07:30:00.000Z',
  regions: [2],
  maxAgeMinutes: 720,
  marks: [['AB', '000001', 'valid', '10-AB-001', 'Avtobus', '2026-01-01', '2026-12-31', '97.20', 'AbCd']],
  removed: [],
  ...over,
});

/** A typed check of AB 000001 answered "valid", queued under `id`. */
export const queuedCheck = (id: string, checkedAt = '2026-03-10T08:00:00.000Z'): QueuedCheck => ({
  id,
  series: 'AB',
  number: '000001',
  checkedAt,
  answer: 'valid',
  source: 'typed',
  snapshotAt: '2026-03-10T07:30:00.000Z',
  location: null,
});

/** A signing authority of the tests' own: its published keys and a snapshot signer, as the server signs one. */
export async function testAuthority(kid = 'k1') {
  const pair = await generateKeyPair('Ed25519');
  const { x } = await exportJWK(pair.publicKey);
  const jwks: Jwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: x!, kid, use: 'sig', alg: 'EdDSA' }] };
  const sign = async (body: SnapshotPayload, serverTime = '2026-03-10T08:00:00.000Z'): Promise<SignedSnapshot> => {
    const text = JSON.stringify(body);
    const jws = await new FlattenedSign(new TextEncoder().encode(text))
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: snapshotJwsType, b64: false, crit: ['b64'] })
      .sign(pair.privateKey);
    return { protected: jws.protected!, payload: text, signature: jws.signature, serverTime };
  };
  return { jwks, sign };
}
