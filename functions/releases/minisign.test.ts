import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromSigLines, sigLines, testSigner } from '../../test/support/minisign';
import { keyIdHex, parsePublicKey, parseSignature, SignatureError, signedFileName, verifySignature } from './minisign';

const signer = testSigner();
const key = parsePublicKey(signer.pubkey);
const installer = randomBytes(4096);

describe('parsePublicKey', () => {
  it('reads the key id and the Ed25519 key from Tauri\'s pubkey text', () => {
    expect(key.keyId).toEqual(signer.keyId);
    expect(key.key.asymmetricKeyType).toBe('ed25519');
  });

  it.each([
    ['not base64', 'not base64!'],
    ['base64 of something else', Buffer.from('hello world').toString('base64')],
    ['a key of the wrong length', Buffer.from(`untrusted comment: k\n${Buffer.from('Ed123').toString('base64')}\n`).toString('base64')],
  ])('refuses %s with a SignatureError', (_, text) => {
    expect(() => parsePublicKey(text)).toThrow(SignatureError);
  });
});

describe('verifySignature', () => {
  it('accepts a signature made with the updater key over the file (prehashed ED, as Tauri signs)', () => {
    const sig = verifySignature(key, signer.sign(installer), installer);
    expect(sig.algorithm).toBe('ED');
    expect(sig.trustedComment).toContain('file:Voxpen_setup.exe');
  });

  it('accepts the legacy non-prehashed Ed signature too, as minisign does', () => {
    expect(verifySignature(key, signer.sign(installer, { algorithm: 'Ed' }), installer).algorithm).toBe('Ed');
  });

  it('without the file, checks the key id and the trusted comment\'s global signature', () => {
    expect(() => verifySignature(key, signer.sign(installer))).not.toThrow();
  });

  it('refuses a signature from another key, naming both key ids', () => {
    const other = testSigner();
    const run = () => verifySignature(key, other.sign(installer), installer);
    expect(run).toThrow(SignatureError);
    expect(run).toThrow(`made with key ${keyIdHex(other.keyId)}, not the updater key ${keyIdHex(signer.keyId)}`);
  });

  it('refuses a foreign key that claims the updater key id: the global signature does not verify', () => {
    const forger = testSigner();
    const lines = sigLines(forger.sign(installer));
    const bytes = Buffer.from(lines[1]!, 'base64');
    signer.keyId.copy(bytes, 2);
    lines[1] = bytes.toString('base64');
    expect(() => verifySignature(key, fromSigLines(lines))).toThrow('trusted comment does not verify');
  });

  it('refuses a tampered file: one byte changed', () => {
    const tampered = Buffer.from(installer);
    tampered[100]! ^= 1;
    expect(() => verifySignature(key, signer.sign(installer), tampered)).toThrow('signature does not match the file');
  });

  it('refuses an edited trusted comment', () => {
    const lines = sigLines(signer.sign(installer));
    lines[2] = 'trusted comment: timestamp:1\tfile:other.exe';
    expect(() => verifySignature(key, fromSigLines(lines), installer)).toThrow('trusted comment does not verify');
  });

  it.each([
    ['cut after the signature line', (sig: string) => fromSigLines(sigLines(sig).slice(0, 2))],
    ['cut inside the signature line', (sig: string) => fromSigLines([sigLines(sig)[0]!, sigLines(sig)[1]!.slice(0, 40)])],
    ['cut in its base64', (sig: string) => sig.slice(0, 120)],
    ['empty', () => ''],
  ])('refuses a truncated .sig (%s)', (_, damage) => {
    expect(() => verifySignature(key, damage(signer.sign(installer)), installer)).toThrow(SignatureError);
  });

  it.each([
    ['not base64 at all', 'this is not a signature'],
    ['the minisign text itself, not its base64', Buffer.from(signer.sign(installer), 'base64').toString('utf8')],
  ])('refuses a .sig that is %s', (_, text) => {
    expect(() => parseSignature(text)).toThrow(/not base64/);
  });
});

describe("a key and signatures made with Debian's minisign 0.11, committed as fixtures", () => {
  // Made once with `minisign -G -W`, then `minisign -S` (prehashed) and `minisign -S -l` (legacy); the
  // secret key was not kept. Tauri stores each file's text base64-wrapped once more, as here.
  const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/minisign/${name}`, import.meta.url));
  const tauriForm = (name: string) => fixture(name).toString('base64');
  const fixtureKey = parsePublicKey(tauriForm('voxpen-test.pub'));
  const installerBytes = fixture('Voxpen_1.5.0_x64-setup.exe');

  it.each([
    ['prehashed (ED)', 'Voxpen_1.5.0_x64-setup.exe.minisig', 'ED'],
    ['legacy (Ed)', 'Voxpen_1.5.0_x64-setup.exe.legacy.minisig', 'Ed'],
  ])('verifies the %s signature over the file and reads its key id and signed file name', (_, sigName, algorithm) => {
    const sig = verifySignature(fixtureKey, tauriForm(sigName), installerBytes);
    expect(sig.algorithm).toBe(algorithm);
    expect(keyIdHex(sig.keyId)).toBe('1D9B3D8EA53C1714');
    expect(signedFileName(sig)).toBe('Voxpen_1.5.0_x64-setup.exe');
  });

  it('refuses the same signatures over other bytes, and under another key', () => {
    const other = Buffer.concat([installerBytes, Buffer.from('\n')]);
    for (const sigName of ['Voxpen_1.5.0_x64-setup.exe.minisig', 'Voxpen_1.5.0_x64-setup.exe.legacy.minisig']) {
      expect(() => verifySignature(fixtureKey, tauriForm(sigName), other)).toThrow('signature does not match the file');
      expect(() => verifySignature(key, tauriForm(sigName), installerBytes)).toThrow('made with key 1D9B3D8EA53C1714');
    }
  });
});

describe('signedFileName', () => {
  it("reads the trusted comment's file: field as tauri signer sign writes it", () => {
    expect(signedFileName(parseSignature(signer.sign(installer, { trustedComment: 'timestamp:1\tfile:Voxpen.app.tar.gz' })))).toBe('Voxpen.app.tar.gz');
    expect(signedFileName(parseSignature(signer.sign(installer, { trustedComment: 'made by hand' })))).toBeUndefined();
  });
});
