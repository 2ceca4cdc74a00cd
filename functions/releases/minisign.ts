/**
 * Minisign signatures as Tauri's updater writes and checks them, verified by the release
 * command before it stores anything: a wrong signature is found there, not when every installed app
 * refuses its update.
 *
 * Formats (minisign's, each wrapped in one more base64 by Tauri):
 * - public key (`plugins.updater.pubkey`, VOXPEN_UPDATER_PUBKEY): base64 of the text
 *   `untrusted comment: …\n<base64 of "Ed" ‖ key id (8 bytes) ‖ Ed25519 public key (32 bytes)>`;
 * - signature (the `.sig` file): base64 of the text
 *   `untrusted comment: …\n<base64 of algorithm ‖ key id ‖ signature (64 bytes)>\ntrusted comment: …\n<base64 of global signature (64 bytes)>`.
 *   Algorithm "ED" signs the file's BLAKE2b-512 hash (minisign's prehashed mode, what Tauri writes),
 *   legacy "Ed" the file itself; the global signature signs the signature ‖ the trusted comment's text.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

export interface UpdaterPublicKey {
  keyId: Buffer;
  key: KeyObject;
}

export interface MinisignSignature {
  algorithm: 'Ed' | 'ED';
  keyId: Buffer;
  signature: Buffer;
  trustedComment: string;
  globalSignature: Buffer;
}

export class SignatureError extends Error {}

/** Strict base64: node's decoder skips what it does not understand, which would hide a damaged file. */
function base64(text: string, what: string): Buffer {
  const compact = text.trim();
  if (!compact || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new SignatureError(`${what} is not base64`);
  return Buffer.from(compact, 'base64');
}

function lines(text: string): string[] {
  return text.split(/\r?\n/).filter((line, i, all) => line !== '' || i < all.length - 1);
}

/** minisign's way of showing a key id: the 8 bytes as a little-endian number, in upper-case hex. */
export function keyIdHex(keyId: Buffer): string {
  return Buffer.from(keyId).reverse().toString('hex').toUpperCase();
}

export function parsePublicKey(tauriPubkey: string): UpdaterPublicKey {
  const text = base64(tauriPubkey, 'The updater public key').toString('utf8');
  const [comment, encoded] = lines(text);
  if (!comment?.startsWith('untrusted comment:') || encoded === undefined) throw new SignatureError('The updater public key is not a minisign public key (tauri signer generate writes one)');
  const bytes = base64(encoded, 'The updater public key');
  if (bytes.length !== 42 || bytes.subarray(0, 2).toString('latin1') !== 'Ed') throw new SignatureError('The updater public key is not an Ed25519 minisign public key');
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: bytes.subarray(10).toString('base64url') }, format: 'jwk' });
  return { keyId: bytes.subarray(2, 10), key };
}

export function parseSignature(sigFile: string): MinisignSignature {
  const text = base64(sigFile, 'The .sig file').toString('utf8');
  const [comment, encoded, trusted, encodedGlobal] = lines(text);
  if (!comment?.startsWith('untrusted comment:') || encoded === undefined) throw new SignatureError('The .sig file is not a minisign signature');
  const bytes = base64(encoded, "The .sig file's signature line");
  const algorithm = bytes.subarray(0, 2).toString('latin1');
  if (bytes.length !== 74 || (algorithm !== 'Ed' && algorithm !== 'ED')) throw new SignatureError('The .sig file is not an Ed25519 minisign signature (is it truncated?)');
  if (!trusted?.startsWith('trusted comment: ') || encodedGlobal === undefined) throw new SignatureError('The .sig file has no trusted comment and global signature (is it truncated?)');
  const globalSignature = base64(encodedGlobal, "The .sig file's global signature");
  if (globalSignature.length !== 64) throw new SignatureError("The .sig file's global signature is not 64 bytes (is it truncated?)");
  return {
    algorithm,
    keyId: bytes.subarray(2, 10),
    signature: bytes.subarray(10),
    trustedComment: trusted.slice('trusted comment: '.length),
    globalSignature,
  };
}

/**
 * Throws a SignatureError saying what is wrong unless the `.sig` file was made with this key: its key id
 * matches, and its trusted comment carries the key's global signature. With the file, the signature
 * must also be over exactly that file.
 */
export function verifySignature(publicKey: UpdaterPublicKey, sigFile: string, file?: Buffer): MinisignSignature {
  const sig = parseSignature(sigFile);
  if (!sig.keyId.equals(publicKey.keyId)) {
    throw new SignatureError(`The .sig file was made with key ${keyIdHex(sig.keyId)}, not the updater key ${keyIdHex(publicKey.keyId)}: installed apps would refuse this update`);
  }
  const signedComment = Buffer.concat([sig.signature, Buffer.from(sig.trustedComment, 'utf8')]);
  if (!verify(null, signedComment, publicKey.key, sig.globalSignature)) {
    throw new SignatureError("The .sig file's trusted comment does not verify with the updater key: the file is damaged or forged");
  }
  if (file) {
    const message = sig.algorithm === 'ED' ? createHash('blake2b512').update(file).digest() : file;
    if (!verify(null, message, publicKey.key, sig.signature)) {
      throw new SignatureError('The signature does not match the file: it was signed over different bytes (another build, or the file changed since)');
    }
  }
  return sig;
}

/**
 * The file name the trusted comment says was signed: the `file:` field of `timestamp:…\tfile:…[\thashed]`,
 * as minisign and `tauri signer sign` write it. The trusted comment is covered by the global signature,
 * so once verifySignature has passed, this name is the signer's word, not the uploader's.
 */
export function signedFileName(sig: MinisignSignature): string | undefined {
  return sig.trustedComment.split('\t').find((field) => field.startsWith('file:'))?.slice('file:'.length);
}
