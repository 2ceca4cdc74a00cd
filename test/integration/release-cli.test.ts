import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyIdHex } from '../../functions/releases/minisign';
import type { Release } from '../../functions/releases/releases';
import { releaseCommand } from '../../infra/scripts/release-command';
import { localTableName } from '../../shared/tables';
import { appArchive, startArtifactServer, type ArtifactServer } from '../support/artifact-server';
import { startTestStack } from '../support/local-stack';
import { fromSigLines, sigLines, testSigner } from '../support/minisign';

const run = promisify(execFile);
let stack: Awaited<ReturnType<typeof startTestStack>>;
let cdn: ArtifactServer;
const dir = mkdtempSync(join(tmpdir(), 'voxpen-release-'));
const signer = testSigner();
const keyId = keyIdHex(signer.keyId);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes a file of the test's own and answers its path. */
function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** A `.sig` file as `tauri build` writes beside `name`. */
const sigFile = (name: string, bytes: Buffer, by = signer) => file(`${randomUUID()}.sig`, by.signAs(name, bytes));

const X64 = 'Voxpen_2.1.0_x64-setup.exe';
const ARM64 = 'Voxpen_2.1.0_arm64-setup.exe';
const installer = Buffer.from('MZ… the 2.1.0 x64 NSIS installer bytes');
const armInstaller = Buffer.from('MZ… the 2.1.0 arm64 NSIS installer bytes');
const installerPath = file(X64, installer);
const goodSig = sigFile(X64, installer);
const signedArgs = ['--signature-file', goodSig, '--file', installerPath];
/** Served from loopback in beforeAll. */
const urls = {} as Record<'x64' | 'arm64' | 'dmgArm' | 'dmgIntel' | 'appArm' | 'appIntel', string>;
let appArm: Buffer;
let appIntel: Buffer;

beforeAll(async () => {
  [stack, cdn] = await Promise.all([startTestStack(), startArtifactServer()]);
  [appArm, appIntel] = await Promise.all([appArchive('aarch64'), appArchive('x86_64')]);
  urls.x64 = cdn.put(`/2.1.0/${X64}`, installer);
  urls.arm64 = cdn.put(`/2.1.0/${ARM64}`, armInstaller);
  urls.dmgArm = cdn.put('/2.1.0/Voxpen_2.1.0_aarch64.dmg', Buffer.from('the Apple silicon disk image'));
  urls.dmgIntel = cdn.put('/2.1.0/Voxpen_2.1.0_x64.dmg', Buffer.from('the Intel disk image'));
  urls.appArm = cdn.put('/2.1.0/darwin-aarch64/Voxpen.app.tar.gz', appArm);
  urls.appIntel = cdn.put('/2.1.0/darwin-x86_64/Voxpen.app.tar.gz', appIntel);
}, 60_000);
afterAll(async () => {
  await Promise.all([stack?.stop(), cdn?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The command as `npm run release` runs it, in this process (a process per run costs seconds each on
 * a busy machine): the same flags, output and exit code, the test stack's table, the real network and disk.
 */
async function release(args: string[], env: Record<string, string | undefined> = { VOXPEN_UPDATER_PUBKEY: signer.pubkey }): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await releaseCommand(args, {
    out: (text) => out.push(`${text}\n`),
    err: (text) => err.push(`${text}\n`),
    env,
    openTarget: async () => ({ db: stack.db, description: 'the test stack', close: async () => {} }),
    fetch,
    readFile: (path) => readFile(path),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** The same through `npm run release`'s own process, for what only the process shows: its exit code. */
async function releaseProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['node_modules/.bin/tsx', 'infra/scripts/release.ts', ...args], {
      env: { ...process.env, VOXPEN_UPDATER_PUBKEY: signer.pubkey, DYNAMODB_ENDPOINT: stack.env.DYNAMODB_ENDPOINT },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const latest = () => fetch(`${stack.api}/api/latest-version`);
const poll = (path: string) => fetch(`${stack.api}/api/updates/${path}`, { headers: { 'voxpen-install-id': randomUUID() } });
const stored = async () => ((await stack.db.send(new ScanCommand({ TableName: localTableName('releases') }))).Items ?? []) as Release[];

/** Runs the command, which must refuse with exit 1 and this sentence, and leave the table as it was. */
async function expectRefused(args: string[], message: string, env?: Record<string, string | undefined>) {
  const before = await stored();
  const result = await release(args, env);
  expect(result.code, result.stdout).toBe(1);
  expect(result.stderr).toContain(message);
  expect(await stored()).toEqual(before);
  return result;
}

describe('npm run release', () => {
  it.each([
    [['--version', '1.4', '--url', 'https://cdn.example.com/a.exe', ...signedArgs], 'is not a semantic version'],
    [['--version', '1.4.2', '--url', 'ftp://cdn.example.com/a.exe', ...signedArgs], 'must use https'],
    [['--version', '1.4.2', '--url', 'http://cdn.example.com/a.exe', ...signedArgs], 'must use https'],
    [['--version', '1.4.2', '--url', 'not a url', ...signedArgs], 'is not a URL'],
    [['--version', '1.4.2', '--url', 'https://cdn.example.com/a.exe', '--date', 'soon', ...signedArgs], 'is not a date'],
    [['--version', '1.4.2', '--url', 'https://cdn.example.com/a.exe', '--rollout', '0', ...signedArgs], 'whole percentage from 1 to 100'],
    [['--version', '1.4.2', '--url', 'https://cdn.example.com/a.exe', '--platform', 'macos', ...signedArgs], 'Unknown platform "macos"'],
    [['--url', 'https://cdn.example.com/a.exe', ...signedArgs], '--version is required'],
    [['--version', '1.4.2'], '--url and --signature-file are required'],
    [['--version', '1.4.2', '--url', 'https://x.example/a.exe', '--bogus'], "Unknown option '--bogus'"],
  ])('rejects %j with a clear message and writes nothing', async (args, message) => {
    const result = await release(args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
    expect(await stored()).toEqual([]);
  });

  describe('refuses a signature the installed apps would refuse, and writes nothing', () => {
    const otherKey = testSigner();
    const tampered = Buffer.from(installer);
    tampered[0]! ^= 1;
    const cut = sigLines(signer.sign(installer)).slice(0, 2);
    it.each([
      ['without a signature', [], 'signature-file is required'],
      ['signed with another key', ['--signature-file', sigFile(X64, installer, otherKey)], 'made with key'],
      ['over other bytes', ['--signature-file', sigFile(X64, tampered), '--file', installerPath], `signature does not match ${X64} as given with --file`],
      ['truncated', ['--signature-file', file('cut.sig', fromSigLines(cut))], 'is it truncated?'],
      ['not base64', ['--signature-file', file('text.sig', 'untrusted comment: hello\nnot a signature\n')], 'is not base64'],
      ['missing', ['--signature-file', join(dir, 'nowhere.sig')], 'no such file'],
    ])('%s', async (_, sigArgs, message) => {
      await expectRefused(['--version', '2.1.0', '--url', urls.x64, ...sigArgs], message);
      expect((await latest()).status).toBe(404);
    });

    it('without the updater public key to check against', async () => {
      await expectRefused(['--version', '2.1.0', '--url', urls.x64, ...signedArgs], 'set VOXPEN_UPDATER_PUBKEY', {});
    });
  });

  describe('refuses what no installed app could install, saying what to do, and writes nothing', () => {
    const other = Buffer.from('MZ… some other build');
    const win = (url: string, sig: string, platform = 'windows-x86_64') => ['--platform', platform, '--version', '2.1.0', '--url', url, '--signature-file', sig];
    const mac = (platform: string, updateUrl: string | undefined, sig: string) => [
      '--platform', platform, '--version', '2.1.0', '--url', platform === 'darwin-aarch64' ? urls.dmgArm : urls.dmgIntel,
      ...(updateUrl ? ['--update-url', updateUrl] : []), '--signature-file', sig,
    ];
    it.each<[string, () => string[], string]>([
      // Without --file the served bytes are fetched: a signature of another file is found.
      ['a signature of another file, without --file', () => win(urls.x64, sigFile('Voxpen_other.exe', other)), `The signature is of Voxpen_other.exe (its trusted comment), but the update URL serves ${X64}`],
      ['a signature over other bytes under the served name, without --file', () => win(urls.x64, sigFile(X64, other)), `The signature does not match ${X64} as served at http://127.0.0.1:`],
      ['macOS without --update-url (the .dmg would be the update)', () => mac('darwin-aarch64', undefined, sigFile('Voxpen_2.1.0_aarch64.dmg', Buffer.from('the Apple silicon disk image'))), 'darwin-aarch64 needs --update-url with the .app.tar.gz'],
      ['macOS with the .dmg as the update', () => mac('darwin-aarch64', urls.dmgArm, sigFile('Voxpen_2.1.0_aarch64.dmg', Buffer.from('the Apple silicon disk image'))), 'updates are the .app.tar.gz tauri build writes, but --update-url is Voxpen_2.1.0_aarch64.dmg'],
      ['Windows on Arm with the x64 file\'s signature', () => win(urls.arm64, goodSig, 'windows-aarch64'), `The signature is of ${X64} (its trusted comment), but the update URL serves ${ARM64}`],
      // The right file's own signature, but the file is the other platform's build.
      ['Windows on Arm at the x64 installer, correctly signed', () => win(urls.x64, goodSig, 'windows-aarch64'), `windows-aarch64 takes the arm64 installer, but --url is ${X64}, not named for arm64`],
      ['an Intel Mac at the Apple silicon .app.tar.gz, correctly signed', () => mac('darwin-x86_64', urls.appArm, sigFile('Voxpen.app.tar.gz', appArm)), 'Voxpen.app.tar.gz is the aarch64 build, not x86_64'],
      ['an Apple silicon Mac given the Intel .dmg', () => ['--platform', 'darwin-aarch64', '--version', '2.1.0', '--url', urls.dmgIntel, '--update-url', urls.appArm, '--signature-file', sigFile('Voxpen.app.tar.gz', appArm)], 'darwin-aarch64 takes the aarch64 or universal .dmg, but --url is Voxpen_2.1.0_x64.dmg'],
      ['--file that is not the file at the URL', () => [...win(urls.x64, sigFile(X64, other)), '--file', file('other.exe', other)], `serves ${installer.length} bytes but`],
      ['an update URL that serves nothing', () => win(cdn.missing(`/2.2.0/${X64}`), goodSig), 'answered 404: upload the file there first'],
      ['an update URL out of reach, without --file', () => win(`http://127.0.0.1:1/${X64}`, goodSig), 'Could not fetch http://127.0.0.1:1/'],
    ])('%s', async (_, args, message) => {
      await expectRefused(args(), message);
    });
  });

  it('exits 1 from its own process when it refuses, 0 on a dry run, writing nothing either way', async () => {
    const [refused, dry] = await Promise.all([
      releaseProcess(['--platform', 'windows-aarch64', '--version', '2.1.0', '--url', urls.x64, ...signedArgs]),
      releaseProcess(['--version', '2.1.0', '--url', urls.x64, '--dry-run', ...signedArgs]),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('windows-aarch64 takes the arm64 installer');
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Dry run: nothing was written.');
    expect(await stored()).toEqual([]);
  }, 60_000);

  it('--dry-run prints the record it would publish and writes nothing', async () => {
    const result = await release(['--version', '2.1.0', '--url', urls.x64, '--notes', 'Better punctuation', '--dry-run', ...signedArgs]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Would publish');
    expect(result.stdout).toContain(`download URL:  ${urls.x64}`);
    expect(result.stdout).toContain(`update URL:    ${urls.x64}`);
    expect(result.stdout).toContain(`size:          ${installer.length} bytes`);
    expect(result.stdout).toContain(`SHA-256:       ${sha256(installer)}`);
    expect(result.stdout).toContain(`signature key: ${keyId}`);
    expect(result.stdout).toContain('Dry run: nothing was written.');
    expect(await stored()).toEqual([]);
  });

  it('takes a trusted comment that names the file by its path (as rsign writes it) by the path\'s last part', async () => {
    const sig = file('path.sig', signer.sign(installer, { trustedComment: `timestamp:1\tfile:target/release/bundle/nsis/${X64}\tprehashed` }));
    const result = await release(['--version', '2.1.0', '--url', urls.x64, '--signature-file', sig, '--dry-run']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it.each([
    ['prehashed', 'Voxpen_1.5.0_x64-setup.exe.minisig'],
    ['legacy', 'Voxpen_1.5.0_x64-setup.exe.legacy.minisig'],
  ])("verifies the %s signature made with Debian's minisign (the committed fixture) over the served file", async (_, sigName) => {
    const fixture = (name: string) => readFileSync(join('test/fixtures/minisign', name));
    const bytes = fixture('Voxpen_1.5.0_x64-setup.exe');
    const url = cdn.put('/1.5.0/Voxpen_1.5.0_x64-setup.exe', bytes);
    const result = await release(['--version', '1.5.0', '--url', url, '--signature-file', file(`${sigName}.sig`, fixture(sigName).toString('base64')), '--dry-run'], {
      VOXPEN_UPDATER_PUBKEY: fixture('voxpen-test.pub').toString('base64'),
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`SHA-256:       ${sha256(bytes)}`);
    expect(result.stdout).toContain('signature key: 1D9B3D8EA53C1714');
    expect(await stored()).toEqual([]);
  });

  it('publishes a verified Windows x64 release with its record, which /api/latest-version and the update endpoint then answer', async () => {
    const result = await release(['--version', '2.1.0', '--url', urls.x64, '--date', '2026-11-20', '--notes', 'Better punctuation', '--by', 'ana', ...signedArgs]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Published windows-x86_64 2.1.0');
    expect(await (await latest()).json()).toEqual({ version: '2.1.0', pub_date: '2026-11-20T00:00:00.000Z', download_url: urls.x64, notes: 'Better punctuation' });
    const update = await (await poll('windows/x86_64/2.0.0')).json();
    expect(update).toMatchObject({ version: '2.1.0', url: urls.x64, signature: readFileSync(goodSig, 'utf8').trim() });
    expect((await stored()).find((r) => r.platform === 'windows-x86_64')).toMatchObject({
      downloadUrl: urls.x64,
      updateUrl: urls.x64,
      size: installer.length,
      sha256: sha256(installer),
      signatureKeyId: keyId,
      publishedBy: 'ana',
    });
  });

  it('publishes Windows on Arm from the served bytes alone (no --file); empty notes are no notes', async () => {
    const result = await release(['--platform', 'windows-aarch64', '--version', '2.1.0', '--url', urls.arm64, '--notes', '', '--signature-file', sigFile(ARM64, armInstaller)]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`SHA-256:       ${sha256(armInstaller)}`);
    const update = await (await poll('windows/aarch64/2.0.0')).json();
    expect(update).toMatchObject({ version: '2.1.0', url: urls.arm64 });
    expect(update).not.toHaveProperty('notes');
    expect((await stored()).find((r) => r.platform === 'windows-aarch64')).not.toHaveProperty('notes');
  });

  it('publishes an Intel Mac release: the .dmg on /download, the .app.tar.gz as the update', async () => {
    const result = await release(['--platform', 'darwin-x86_64', '--version', '2.1.0', '--url', urls.dmgIntel, '--update-url', urls.appIntel, '--signature-file', sigFile('Voxpen.app.tar.gz', appIntel)]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await (await poll('darwin/x86_64/2.0.0')).json()).toMatchObject({ version: '2.1.0', url: urls.appIntel });
    expect((await (await fetch(`${stack.api}/api/latest-version?platform=darwin-x86_64`)).json()).download_url).toBe(urls.dmgIntel);
    expect((await stored()).find((r) => r.platform === 'darwin-x86_64')).toMatchObject({ size: appIntel.length, sha256: sha256(appIntel), updateUrl: urls.appIntel });
  });

  it('refuses to overwrite a published version unless told to', async () => {
    await expectRefused(['--version', '2.1.0', '--url', urls.x64, ...signedArgs], 'already published');

    // The old platform name is the same build: it reaches the same release.
    const replaced = await release(['--version', '2.1.0', '--url', urls.x64, '--notes', 'Fixed notes', '--platform', 'windows-x64', '--replace', ...signedArgs]);
    expect(replaced.code).toBe(0);
    expect((await (await latest()).json()).notes).toBe('Fixed notes');
  });

  it('refuses a version below the newest; with --allow-older lists it but never offers it as an update', async () => {
    const older = Buffer.from('MZ… the 2.0.9 x64 installer');
    const name = 'Voxpen_2.0.9_x64-setup.exe';
    const args = ['--version', '2.0.9', '--url', cdn.put(`/2.0.9/${name}`, older), '--signature-file', sigFile(name, older)];
    await expectRefused(args, 'Version 2.0.9 is below 2.1.0, the newest published for windows-x86_64: installed apps only update to a higher version. Publish a version above 2.1.0, or pass --allow-older');

    const allowed = await release([...args, '--allow-older']);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('never offered as an update');
    expect((await stored()).find((r) => r.version === '2.0.9')).toMatchObject({ notOffered: true });
    // Halting 2.1.0 leaves nothing to offer 2.0.0: 2.0.9 is not an update.
    expect((await release(['--version', '2.1.0', '--halt'])).code).toBe(0);
    expect((await poll('windows/x86_64/2.0.0')).status).toBe(204);
    expect((await release(['--version', '2.1.0', '--rollout', '100'])).code).toBe(0);
  });

  it('publishes with --file when the URL is out of reach, checking the file alone and saying so', async () => {
    const next = Buffer.from('MZ… the 2.2.0 x64 installer');
    const name = 'Voxpen_2.2.0_x64-setup.exe';
    const result = await release(['--version', '2.2.0', '--url', `http://127.0.0.1:1/${name}`, '--signature-file', sigFile(name, next), '--file', file(name, next)]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Warning: Could not reach http://127.0.0.1:1/${name}`);
    expect((await stored()).find((r) => r.version === '2.2.0')).toMatchObject({ sha256: sha256(next) });
  });

  it('stages an Apple silicon Mac release at 25%, widens it to 50% and halts it, recording who and when', async () => {
    const macArgs = ['--platform', 'darwin-aarch64', '--version', '2.1.0'];
    const published = await release([...macArgs, '--url', urls.dmgArm, '--update-url', urls.appArm, '--rollout', '25', '--by', 'ana', '--signature-file', sigFile('Voxpen.app.tar.gz', appArm)]);
    expect(published.code).toBe(0);
    expect(published.stdout).toContain('offered to 25% of installations');
    const dry = await release([...macArgs, '--rollout', '50', '--dry-run']);
    expect(dry.stdout).toContain('Would offer to 50% of installations darwin-aarch64 2.1.0');
    expect((await stored()).find((r) => r.platform === 'darwin-aarch64')).toMatchObject({ rollout: 25 });
    expect((await release([...macArgs, '--rollout', '50', '--by', 'ana'])).stdout).toContain('now offered to 50%');
    const halted = await release([...macArgs, '--halt', '--by', 'bo']);
    expect(halted.code).toBe(0);
    expect(halted.stdout).toContain('Halted darwin-aarch64 2.1.0');

    const item = (await stored()).find((r) => r.platform === 'darwin-aarch64')!;
    expect(item).toMatchObject({ rollout: 50, publishedBy: 'ana', downloadUrl: urls.dmgArm, updateUrl: urls.appArm, sha256: sha256(appArm) });
    expect(item.haltedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(item.rolloutChanges!.map(({ by, rollout }) => [by, rollout])).toEqual([
      ['ana', 25],
      ['ana', 50],
      ['bo', 'halted'],
    ]);
    expect((await poll('darwin/aarch64/2.0.0')).status).toBe(204);
  });

  it('rolls back: installations on the halted version get the named older one, the rest are answered as before', async () => {
    const next = Buffer.from('MZ… the 2.2.0 arm64 installer');
    const name = 'Voxpen_2.2.0_arm64-setup.exe';
    const arm = ['--platform', 'windows-aarch64'];
    expect((await release([...arm, '--version', '2.2.0', '--url', cdn.put(`/2.2.0/${name}`, next), '--signature-file', sigFile(name, next)])).code).toBe(0);
    expect((await (await poll('windows/aarch64/2.1.0')).json()).version).toBe('2.2.0');

    await expectRefused([...arm, '--rollback-to', '2.0.0'], 'Version 2.0.0 is not published for windows-aarch64: roll back to one of 2.1.0');
    await expectRefused([...arm, '--rollback-to', '2.2.0', '--version', '2.1.0'], 'Version 2.2.0 is not older than 2.1.0');
    const dry = await release([...arm, '--rollback-to', '2.1.0', '--dry-run']);
    expect(dry.stdout).toContain('Would roll back: windows-aarch64 2.2.0 halted; installations on 2.2.0 are sent back to 2.1.0');
    expect((await stored()).find((r) => r.version === '2.2.0' && r.platform === 'windows-aarch64')!.haltedAt).toBeUndefined();

    const rolled = await release([...arm, '--rollback-to', '2.1.0', '--by', 'on-call']);
    expect(rolled.code).toBe(0);
    expect(rolled.stdout).toContain('Rolled back: windows-aarch64 2.2.0 halted');
    expect(await (await poll('windows/aarch64/2.2.0')).json()).toMatchObject({ version: '2.1.0', url: urls.arm64 });
    expect((await poll('windows/aarch64/2.1.0')).status).toBe(204);
    expect((await (await poll('windows/aarch64/2.0.0')).json()).version).toBe('2.1.0');
  });

  it('refuses to change the rollout of a release that was never published', async () => {
    const result = await release(['--platform', 'linux-x86_64', '--version', '9.9.9', '--rollout', '50']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('is not published for linux-x86_64');
    expect((await stored()).some((r) => r.platform === 'linux-x86_64')).toBe(false);
  });
});
