/**
 * An updater signing key made by the test, and minisign texts built from it as `tauri signer` writes
 * them (each base64-wrapped once more, as Tauri stores them): so the verification is tested against
 * the format itself, not against a copy of the code under test.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

export interface TestSigner {
  keyId: Buffer;
  privateKey: KeyObject;
  /** As VOXPEN_UPDATER_PUBKEY and tauri.conf.json's `plugins.updater.pubkey` hold it. */
  pubkey: string;
  /** A `.sig` file's content for these bytes (prehashed "ED", as Tauri signs). */
  sign(file: Buffer, options?: { algorithm?: 'ED' | 'Ed'; trustedComment?: string }): string;
  /** As `tauri signer sign <name>` signs a file of that name: its trusted comment names it. */
  signAs(name: string, file: Buffer): string;
}

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

export function testSigner(): TestSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const keyId = randomBytes(8);
  const hex = Buffer.from(keyId).reverse().toString('hex').toUpperCase();
  const pubkey = b64(`untrusted comment: minisign public key: ${hex}\n${b64(Buffer.concat([Buffer.from('Ed'), keyId, raw]))}\n`);
  return {
    keyId,
    privateKey,
    pubkey,
    signAs(name, file) {
      return this.sign(file, { trustedComment: `timestamp:${Math.floor(Date.now() / 1000)}\tfile:${name}` });
    },
    sign(file, { algorithm = 'ED', trustedComment = `timestamp:${Math.floor(Date.now() / 1000)}\tfile:Voxpen_setup.exe` } = {}) {
      const message = algorithm === 'ED' ? createHash('blake2b512').update(file).digest() : file;
      const signature = sign(null, message, privateKey);
      const global = sign(null, Buffer.concat([signature, Buffer.from(trustedComment)]), privateKey);
      return b64(
        `untrusted comment: signature from tauri secret key\n${b64(Buffer.concat([Buffer.from(algorithm), keyId, signature]))}\ntrusted comment: ${trustedComment}\n${b64(global)}\n`,
      );
    },
  };
}

/** The .sig text's own minisign lines, for tests that damage one of them. */
export function sigLines(sig: string): string[] {
  return Buffer.from(sig, 'base64').toString('utf8').split('\n');
}

export function fromSigLines(lines: string[]): string {
  return b64(lines.join('\n'));
}
