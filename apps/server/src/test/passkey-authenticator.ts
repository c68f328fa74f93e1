import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type {
  WebauthnAssertion,
  WebauthnCreationOptions,
  WebauthnRegistration,
  WebauthnRequestOptions,
} from '@dnx/shared';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the API tests (issue 27): it makes P-256 passkeys and answers WebAuthn challenges
 * as a browser and a platform authenticator would (packed "none" attestation, ES256 signatures), so the server's
 * real @simplewebauthn/server checks run end to end. The browser's own virtual authenticator is in the e2e tests.
 */

const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const uint32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

/** Flags of the authenticator data: user present, user verified, attested credential data. */
const flags = { up: 0x01, uv: 0x04, at: 0x40 };

interface Key {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  userHandle: string;
}

export class SoftwareAuthenticator {
  readonly keys: Key[] = [];

  /** `origin`: where the "browser" runs; its host is the relying party id unless given. */
  constructor(
    private readonly origin: string,
    private readonly rpID = new URL(origin).hostname,
  ) {}

  /** The answer of `navigator.credentials.create` to `options`: a new key, kept. `reuse` answers with a key again. */
  register(options: WebauthnCreationOptions, reuse?: Key): WebauthnRegistration {
    const key = reuse ?? this.newKey(options.user.id);
    const jwk = key.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(key.id.length);
    const authData = Buffer.concat([
      sha256(this.rpID),
      Buffer.from([flags.up | flags.uv | flags.at]),
      uint32(key.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      key.id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const statement = new Map<string, never>();
    const attestation = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', statement],
        ['authData', authData],
      ]),
    );
    return {
      id: b64u(key.id),
      rawId: b64u(key.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge),
        attestationObject: b64u(attestation),
        transports: ['internal'],
      },
    };
  }

  /**
   * The answer of `navigator.credentials.get` to `options`: signed by the first key the options allow (any key of
   * this authenticator when they name none, as a discoverable passkey). `tamper` changes what is signed.
   */
  assert(options: WebauthnRequestOptions, tamper: { origin?: string; key?: Key } = {}): WebauthnAssertion {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const key =
      tamper.key ?? this.keys.find((k) => allowed.length === 0 || allowed.includes(b64u(k.id))) ?? this.keys[0];
    if (!key) throw new Error('the authenticator holds no key');
    key.counter += 1;
    const authData = Buffer.concat([sha256(this.rpID), Buffer.from([flags.up | flags.uv]), uint32(key.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tamper.origin);
    const signer = createSign('SHA256');
    signer.update(Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]));
    return {
      id: b64u(key.id),
      rawId: b64u(key.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: b64u(authData),
        signature: b64u(signer.sign(key.privateKey)),
        userHandle: key.userHandle,
      },
    };
  }

  private newKey(userHandle: string): Key {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const key = { id: randomBytes(16), privateKey, publicKey, counter: 0, userHandle };
    this.keys.push(key);
    return key;
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return b64u(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}
