import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator that plays the browser and the passkey in tests: it answers the
 * server's WebAuthn options with real registrations ("none" attestation, an ES256 key made with
 * node:crypto, CBOR-encoded) and real signed assertions, so the server's verification runs for
 * real. It follows the browser's rules where tests rely on them: the RP id must be the origin's
 * host (or a parent), excluded credentials are refused, an allow list picks the credential.
 */

type Json = Record<string, unknown>;

interface StoredCredential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  signCount: number;
}

export interface AuthenticatorOptions {
  /** Whether the user is verified (PIN, biometrics): the UV flag. Default true. */
  userVerified?: boolean;
  /** Authenticators that keep no signature counter always report 0. Default false. */
  noCounter?: boolean;
}

const b64url = (b: Uint8Array): string => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string): Buffer => createHash('sha256').update(b).digest();

// Minimal CBOR (RFC 8949): what attestation objects and COSE keys need.
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? cborHead(0, v) : cborHead(1, -1 - v);
  if (typeof v === 'string') {
    const bytes = Buffer.from(v, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([cborHead(2, v.length), Buffer.from(v)]);
  const parts = [cborHead(5, v.size)];
  for (const [k, val] of v) parts.push(cbor(k), cbor(val));
  return Buffer.concat(parts);
}

/** The credential's public key as a COSE_Key (EC2, P-256, ES256). */
function coseKey(privateKey: KeyObject): Buffer {
  const jwk = privateKey.export({ format: 'jwk' });
  return cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export class SoftwareAuthenticator {
  private readonly credentials: StoredCredential[] = [];

  constructor(private readonly opts: AuthenticatorOptions = {}) {}

  /** Credential ids (base64url) this authenticator holds. */
  get credentialIds(): string[] {
    return this.credentials.map((c) => b64url(c.id));
  }

  /**
   * A copy with the same keys and counters: a cloned authenticator. Signing with one leaves the
   * other's counter behind, which the server must notice.
   */
  clone(): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(this.opts);
    copy.credentials.push(...this.credentials.map((c) => ({ ...c })));
    return copy;
  }

  private flags(extra = 0): number {
    return FLAG_UP | (this.opts.userVerified === false ? 0 : FLAG_UV) | extra;
  }

  private counter(c: StoredCredential): Buffer {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(this.opts.noCounter ? 0 : c.signCount);
    return b;
  }

  /** `navigator.credentials.create()`: answers `challenge.publicKey` of a registration begin. */
  create(challenge: { publicKey?: Json } | Json, origin: string): Json {
    const pk = ((challenge as { publicKey?: Json }).publicKey ?? challenge) as Json;
    const rp = pk.rp as { id: string };
    const user = pk.user as { id: string };
    assertRpIdFits(rp.id, origin);
    const excluded = ((pk.excludeCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    if (this.credentialIds.some((id) => excluded.includes(id)))
      throw new Error('InvalidStateError: this authenticator holds an excluded credential');
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const cred: StoredCredential = { id: randomBytes(32), rpId: rp.id, userHandle: user.id, privateKey, signCount: 0 };
    this.credentials.push(cred);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(cred.id.length);
    const authData = Buffer.concat([
      sha256(rp.id),
      Buffer.from([this.flags(FLAG_AT)]),
      this.counter(cred),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      cred.id,
      coseKey(privateKey),
    ]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: pk.challenge, origin, crossOrigin: false });
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(cred.id),
      rawId: b64url(cred.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * `navigator.credentials.get()`: signs `challenge.publicKey` of a sign-in begin (or the
   * `passkeyChallenge` of a 401), with the credential the allow list names or, for a
   * discoverable sign-in, the first one for the RP (or the one asked for).
   */
  get(challenge: { publicKey?: Json } | Json, origin: string, opts: { credentialId?: string } = {}): Json {
    const pk = ((challenge as { publicKey?: Json }).publicKey ?? challenge) as Json;
    const rpId = pk.rpId as string;
    assertRpIdFits(rpId, origin);
    const allowed = ((pk.allowCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    const cred = this.credentials.find(
      (c) =>
        c.rpId === rpId &&
        (allowed.length === 0 || allowed.includes(b64url(c.id))) &&
        (opts.credentialId === undefined || b64url(c.id) === opts.credentialId),
    );
    if (!cred) throw new Error('NotAllowedError: no credential for this request');
    cred.signCount += 1;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags()]), this.counter(cred)]);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: pk.challenge, origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), cred.privateKey);
    return {
      id: b64url(cred.id),
      rawId: b64url(cred.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: cred.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

/** A browser only uses an RP id that is the origin's host or a parent domain of it. */
function assertRpIdFits(rpId: string, origin: string): void {
  const host = new URL(origin).hostname;
  if (host !== rpId && !host.endsWith(`.${rpId}`))
    throw new Error(`SecurityError: RP id ${rpId} does not fit the origin ${origin}`);
}
