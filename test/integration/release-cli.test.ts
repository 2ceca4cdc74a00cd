import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Release } from '../../functions/releases/releases';
import { localTableName } from '../../shared/tables';
import { startTestStack } from '../support/local-stack';
import { fromSigLines, sigLines, testSigner } from '../support/minisign';

const run = promisify(execFile);
let stack: Awaited<ReturnType<typeof startTestStack>>;
const dir = mkdtempSync(join(tmpdir(), 'voxpen-release-'));
const signer = testSigner();
const installer = Buffer.from('MZ… the NSIS installer bytes');

/** Writes a file of the test's own and answers its path. */
function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const goodSig = file('good.sig', signer.sign(installer));
const installerPath = file('Voxpen_2.1.0_x64-setup.exe', installer);
const signedArgs = ['--signature-file', goodSig, '--file', installerPath];

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function release(args: string[], env: Record<string, string | undefined> = { VOXPEN_UPDATER_PUBKEY: signer.pubkey }): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', ['node_modules/.bin/tsx', 'infra/scripts/release.ts', ...args], {
      env: { ...process.env, VOXPEN_UPDATER_PUBKEY: undefined, ...env, DYNAMODB_ENDPOINT: stack.env.DYNAMODB_ENDPOINT },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const latest = () => fetch(`${stack.api}/api/latest-version`);
const stored = async () => ((await stack.db.send(new ScanCommand({ TableName: localTableName('releases') }))).Items ?? []) as Release[];

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
      ['signed with another key', ['--signature-file', file('foreign.sig', otherKey.sign(installer))], `made with key`],
      ['over other bytes', ['--signature-file', goodSig, '--file', file('tampered.exe', tampered)], 'signature does not match the file'],
      ['truncated', ['--signature-file', file('cut.sig', fromSigLines(cut))], 'is it truncated?'],
      ['not base64', ['--signature-file', file('text.sig', 'untrusted comment: hello\nnot a signature\n')], 'is not base64'],
      ['missing', ['--signature-file', join(dir, 'nowhere.sig')], 'no such file'],
    ])('%s', async (_, sigArgs, message) => {
      const result = await release(['--version', '2.1.0', '--url', 'https://cdn.example.com/a.exe', ...sigArgs]);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(message);
      expect(await stored()).toEqual([]);
      expect((await latest()).status).toBe(404);
    });

    it('without the updater public key to check against', async () => {
      const result = await release(['--version', '2.1.0', '--url', 'https://cdn.example.com/a.exe', ...signedArgs], {});
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('set VOXPEN_UPDATER_PUBKEY');
      expect(await stored()).toEqual([]);
    });
  });

  it('publishes a verified release, which /api/latest-version and the update endpoint then answer', async () => {
    const result = await release(['--version', '2.1.0', '--url', 'https://cdn.example.com/Voxpen_2.1.0_x64-setup.exe', '--date', '2026-11-20', '--notes', 'Better punctuation', ...signedArgs]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Published windows-x86_64 2.1.0');
    expect(await (await latest()).json()).toEqual({
      version: '2.1.0',
      pub_date: '2026-11-20T00:00:00.000Z',
      download_url: 'https://cdn.example.com/Voxpen_2.1.0_x64-setup.exe',
      notes: 'Better punctuation',
    });
    const update = await (await fetch(`${stack.api}/api/updates/windows/x86_64/2.0.0`)).json();
    expect(update.signature).toBe(readFileSync(goodSig, 'utf8').trim());
  });

  it('refuses to overwrite a published version unless told to', async () => {
    const again = await release(['--version', '2.1.0', '--url', 'https://cdn.example.com/other.exe', ...signedArgs]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already published');
    expect((await (await latest()).json()).download_url).toBe('https://cdn.example.com/Voxpen_2.1.0_x64-setup.exe');

    // The old platform name is the same build: it reaches the same release.
    const replaced = await release(['--version', '2.1.0', '--url', 'https://cdn.example.com/fixed.exe', '--platform', 'windows-x64', '--replace', ...signedArgs]);
    expect(replaced.code).toBe(0);
    expect((await (await latest()).json()).download_url).toBe('https://cdn.example.com/fixed.exe');
  });

  it('stages a Mac release at 25%, widens it to 50% and halts it, recording who and when', async () => {
    const mac = ['--platform', 'darwin-aarch64', '--version', '2.1.0'];
    const published = await release([...mac, '--url', 'https://cdn.example.com/Voxpen_2.1.0_aarch64.dmg', '--update-url', 'https://cdn.example.com/Voxpen_aarch64.app.tar.gz', '--rollout', '25', '--by', 'ana', ...signedArgs]);
    expect(published.code).toBe(0);
    expect(published.stdout).toContain('offered to 25% of installations');
    expect((await release([...mac, '--rollout', '50', '--by', 'ana'])).stdout).toContain('now offered to 50%');
    const halted = await release([...mac, '--halt', '--by', 'bo']);
    expect(halted.code).toBe(0);
    expect(halted.stdout).toContain('Halted darwin-aarch64 2.1.0');

    const item = (await stored()).find((r) => r.platform === 'darwin-aarch64')!;
    expect(item).toMatchObject({ rollout: 50, publishedBy: 'ana', updateUrl: 'https://cdn.example.com/Voxpen_aarch64.app.tar.gz' });
    expect(item.haltedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(item.rolloutChanges!.map(({ by, rollout }) => [by, rollout])).toEqual([
      ['ana', 25],
      ['ana', 50],
      ['bo', 'halted'],
    ]);
    expect((await fetch(`${stack.api}/api/updates/darwin/aarch64/2.0.0`, { headers: { 'voxpen-install-id': crypto.randomUUID() } })).status).toBe(204);
  });

  it('refuses to change the rollout of a release that was never published', async () => {
    const result = await release(['--platform', 'linux-x86_64', '--version', '9.9.9', '--rollout', '50']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('is not published for linux-x86_64');
    expect((await stored()).some((r) => r.platform === 'linux-x86_64')).toBe(false);
  });
});
