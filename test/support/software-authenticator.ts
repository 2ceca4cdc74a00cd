/**
 * A passkey authenticator in software, for tests that speak the WebAuthn API's JSON as a browser
 * sends it: a P-256 (ES256) key pair per credential made with node's crypto, attestation "none", and
 * assertions signed over authenticatorData ‖ SHA-256(clientDataJSON) as an authenticator signs them.
 * Its origin and relying party id can be set wrong on purpose, and any of its answers replayed.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** The few CBOR shapes attestation objects and COSE keys use: maps, integers, byte and text strings. */
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface RegisterOptions {
  webauthnGeneratedOptionsId: string;
  challenge: string;
  rp: { id: string };
  user: { id: string };
  excludeCredentials?: { id: string; type: string }[];
}

export interface SignInOptions {
  webauthnGeneratedOptionsId: string;
  challenge: string;
  rpId?: string;
  userVerification?: string;
}

interface Held {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

export class SoftwareAuthenticator {
  private readonly credentials: Held[] = [];

  /** `origin` is what the "browser" puts in clientDataJSON; `rpId`, when given, overrides the one the options name. */
  constructor(
    readonly origin: string,
    private readonly rpIdOverride?: string,
  ) {}

  get credentialIds(): string[] {
    return this.credentials.map((c) => b64url(c.id));
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** What the authenticator holds for the site: one resident credential per user handle. */
  get userHandles(): string[] {
    return this.credentials.map((c) => c.userHandle);
  }

  /**
   * navigator.credentials.create(): a new resident credential for the options' user. As WebAuthn's
   * authenticatorMakeCredential does: a credential it holds among `excludeCredentials` refuses the
   * request (InvalidStateError), and a resident credential for the same user handle is replaced.
   */
  create(options: RegisterOptions) {
    if (options.excludeCredentials?.some((excluded) => this.credentialIds.includes(excluded.id))) {
      throw Object.assign(new Error('The authenticator already holds a credential for this account'), { name: 'InvalidStateError' });
    }
    const replaced = this.credentials.findIndex((c) => c.userHandle === options.user.id);
    if (replaced !== -1) this.credentials.splice(replaced, 1);
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
    const rpId = this.rpIdOverride ?? options.rp.id;
    const authData = this.authData(rpId, FLAG_UP | FLAG_UV | FLAG_AT, 0, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, privateKey, publicKey, userHandle: options.user.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get() with a discoverable credential: the newest one, or the one named.
   * `signWith` signs with another authenticator's key instead (a forged assertion); `unverified`
   * answers without having checked its user (a security key without a PIN: the UV flag unset).
   */
  get(options: SignInOptions, rpId: string, pick?: { credentialId?: string; signWith?: SoftwareAuthenticator; unverified?: boolean }) {
    const held = pick?.credentialId ? this.credentials.find((c) => b64url(c.id) === pick.credentialId) : this.credentials.at(-1);
    if (!held) throw new Error('no such credential on this authenticator');
    held.counter += 1;
    const authData = this.authData(this.rpIdOverride ?? rpId, pick?.unverified ? FLAG_UP : FLAG_UP | FLAG_UV, held.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const key = pick?.signWith ? pick.signWith.anyKey() : held.privateKey;
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key);
    return {
      id: b64url(held.id),
      rawId: b64url(held.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: held.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private anyKey(): KeyObject {
    if (this.credentials.length === 0) this.create({ webauthnGeneratedOptionsId: '', challenge: '', rp: { id: 'localhost' }, user: { id: '' } });
    return this.credentials[0]!.privateKey;
  }
}
