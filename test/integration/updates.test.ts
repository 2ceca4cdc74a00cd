/**
 * Tauri's dynamic update endpoint through the local gateway: what an installed app polling
 * `/api/updates/{target}/{arch}/{current_version}` is told, per platform, per rollout, and what the
 * CDN may keep of it.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeRollout, publishRelease, rollBack, rollbackProblem, type ReleaseInput } from '../../functions/releases/publish-release';
import { platformReleases } from '../../functions/releases/releases';
import { rolloutBucket } from '../../functions/releases/rollout';
import { versionKey } from '../../functions/releases/version';
import type { ReleaseList } from '../../shared/api-types';
import { checkForUpdate } from '../../infra/scripts/desktop-update';
import { localTableName } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { useTestStack } from '../support/local-stack';
import { testSigner } from '../support/minisign';

const stack = useTestStack();
const signer = testSigner();

const signed = (input: Omit<ReleaseInput, 'signature' | 'downloadUrl' | 'pubDate'> & Partial<ReleaseInput>) =>
  publishRelease(stack.db, {
    downloadUrl: `https://downloads.example.com/${input.platform}/${input.version}/Voxpen_setup`,
    pubDate: '2026-12-01T10:00:00Z',
    signature: signer.sign(Buffer.from(`${input.platform} ${input.version}`)),
    ...input,
  });

function poll(path: string, installId?: string) {
  return fetch(`${stack.api}/api/updates/${path}`, { headers: installId ? { 'Voxpen-Install-Id': installId } : {} });
}

describe('GET /api/updates/{target}/{arch}/{current_version}', () => {
  let windows150: Awaited<ReturnType<typeof signed>>;

  beforeAll(async () => {
    // A release from before signatures and platforms, as the deployed table holds it: never an update.
    await stack.db.send(
      new PutCommand({
        TableName: localTableName('releases'),
        Item: { platform: 'windows-x64', versionKey: versionKey('1.4.2'), version: '1.4.2', pubDate: '2026-11-02T09:00:00.000Z', downloadUrl: 'https://downloads.example.com/Voxpen_1.4.2_x64-setup.exe' },
      }),
    );
    windows150 = await signed({ platform: 'windows-x86_64', version: '1.5.0', notes: 'Mac-style shortcuts' });
    await signed({ platform: 'darwin-aarch64', version: '1.5.0', downloadUrl: 'https://downloads.example.com/Voxpen_1.5.0_aarch64.dmg', updateUrl: 'https://downloads.example.com/Voxpen_aarch64.app.tar.gz' });
  });

  it('answers an older version 200 with exactly Tauri\'s fields: the stored .sig content, an RFC 3339 date', async () => {
    const res = await poll('windows/x86_64/1.4.2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toStrictEqual({
      version: '1.5.0',
      url: 'https://downloads.example.com/windows-x86_64/1.5.0/Voxpen_setup',
      signature: windows150.signature,
      notes: 'Mac-style shortcuts',
      pub_date: '2026-12-01T10:00:00.000Z',
    });
    // The same for every installation: CloudFront may keep it for a minute.
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('answers 204 with no body to the current version and to a newer one', async () => {
    for (const version of ['1.5.0', '1.5.1', '2.0.0', '1.6.0-rc.1+build.7']) {
      const res = await poll(`windows/x86_64/${version}`);
      expect(res.status, version).toBe(204);
      expect(await res.text()).toBe('');
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    }
    // A pre-release of the published version precedes it, so it is offered the final one.
    expect((await poll('windows/x86_64/1.5.0-rc.2')).status).toBe(200);
  });

  it('answers per platform: the Mac build\'s own updater file, 204 where nothing is published', async () => {
    const mac = await poll('darwin/aarch64/1.4.0');
    expect(mac.status).toBe(200);
    const body = await mac.json();
    expect(body).toMatchObject({ version: '1.5.0', url: 'https://downloads.example.com/Voxpen_aarch64.app.tar.gz' });
    // A release without notes sends none: Tauri's `notes` is optional, and "" would show as empty notes.
    expect(body).not.toHaveProperty('notes');
    expect((await poll('darwin/x86_64/1.4.0')).status).toBe(204);
    expect((await poll('linux/x86_64/0.1.0')).status).toBe(204);
    expect((await poll('windows/aarch64/0.1.0')).status).toBe(204);
  });

  it('never offers an unsigned release, which /api/latest-version and /download still serve', async () => {
    await publishRelease(stack.db, { platform: 'linux-x86_64', version: '1.0.0', downloadUrl: 'https://downloads.example.com/voxpen_1.0.0_amd64.AppImage', pubDate: '2026-12-01' });
    expect((await poll('linux/x86_64/0.9.0')).status).toBe(204);
    expect((await (await fetch(`${stack.api}/api/latest-version?platform=linux-x86_64`)).json()).version).toBe('1.0.0');
    // Windows: 1.5.0 is signed and newest; the legacy unsigned 1.4.2 is not offered to 1.4.1.
    expect((await (await poll('windows/x86_64/1.4.1')).json()).version).toBe('1.5.0');
  });

  it.each([
    ['macos/x86_64/1.0.0', 'Unknown target'],
    ['Windows/x86_64/1.0.0', 'Unknown target'],
    ['windows/x64/1.0.0', 'Unknown arch'],
    ['darwin/arm64/1.0.0', 'Unknown arch'],
    ['windows/x86_64/1.4', texts.api.invalidVersion],
    ['windows/x86_64/v1.4.2', texts.api.invalidVersion],
    ['windows/x86_64/01.4.2', texts.api.invalidVersion],
    ['windows/x86_64/1.4.2.1', texts.api.invalidVersion],
    ['windows/x86_64/latest', texts.api.invalidVersion],
    ['windows/x86_64/%7B%7Bcurrent_version%7D%7D', texts.api.invalidVersion],
    ['windows/x86_64/10000000.0.0', texts.api.invalidVersion],
    ['windows/x86_64/1.4.2%00', texts.api.invalidVersion],
  ])('answers %s 400 { message }', async (path, message) => {
    const res = await poll(path);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toContain(message);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('staged rollouts', () => {
  const platform = 'windows-i686' as const;
  const staged = { platform, version: '2.1.0' };
  const ids = Array.from({ length: 400 }, () => randomUUID());
  const inFirst25 = ids.find((id) => rolloutBucket(id, staged) < 25)!;
  const in25to50 = ids.find((id) => rolloutBucket(id, staged) >= 25 && rolloutBucket(id, staged) < 50)!;
  const above50 = ids.find((id) => rolloutBucket(id, staged) >= 50)!;
  const versionFor = async (installId?: string, current = '1.0.0') => {
    const res = await poll(`windows/i686/${current}`, installId);
    return { status: res.status, version: res.status === 200 ? (await res.json()).version : undefined, cache: res.headers.get('cache-control') };
  };

  beforeAll(async () => {
    await signed({ platform, version: '2.0.0' });
    await signed({ ...staged, rollout: 25, by: 'release-manager' });
  });

  it('offers a 25% release to the installations in its first quarter only; without the header, the full release', async () => {
    expect(await versionFor(inFirst25)).toEqual({ status: 200, version: '2.1.0', cache: 'private, no-store' });
    expect(await versionFor(in25to50)).toEqual({ status: 200, version: '2.0.0', cache: 'private, no-store' });
    expect(await versionFor(undefined)).toEqual({ status: 200, version: '2.0.0', cache: 'private, no-store' });
    expect(await versionFor('not-a-uuid')).toEqual({ status: 200, version: '2.0.0', cache: 'private, no-store' });
    // One already on 2.0.0 outside the rollout: nothing now, but not for everyone, so not cacheable either.
    expect(await versionFor(above50, '2.0.0')).toEqual({ status: 204, version: undefined, cache: 'private, no-store' });
    // An installation on the staged version is told nothing newer, like any other: the same for all.
    expect(await versionFor(inFirst25, '2.1.0')).toEqual({ status: 204, version: undefined, cache: 'public, max-age=60' });
  });

  it('keeps a staged release off /download and the release list until it reaches everyone', async () => {
    expect((await (await fetch(`${stack.api}/api/latest-version?platform=${platform}`)).json()).version).toBe('2.0.0');
    const list: ReleaseList = await (await fetch(`${stack.api}/api/releases`)).json();
    expect(list.platforms.find((p) => p.platform === platform)!.releases.map((r) => r.version)).toEqual(['2.0.0']);
  });

  it('widening to 50% keeps every installation that had it and adds the next quarter', async () => {
    await changeRollout(stack.db, staged, { rollout: 50, by: 'release-manager' });
    expect((await versionFor(inFirst25)).version).toBe('2.1.0');
    expect((await versionFor(in25to50)).version).toBe('2.1.0');
    expect((await versionFor(above50)).version).toBe('2.0.0');
  });

  it('halting stops offering it: those not yet updated get the previous release, or 204', async () => {
    const halted = await changeRollout(stack.db, staged, { rollout: 'halted', by: 'on-call' });
    expect(halted.haltedAt).toBeDefined();
    expect(await versionFor(inFirst25)).toEqual({ status: 200, version: '2.0.0', cache: 'public, max-age=60' });
    expect((await versionFor(inFirst25, '2.0.0')).status).toBe(204);
  });

  it('a full rollout resumes it for everyone, header or not, cacheable again; each change is on record', async () => {
    const full = await changeRollout(stack.db, staged, { rollout: 100, by: 'release-manager' });
    expect(full.haltedAt).toBeUndefined();
    expect(full.rolloutChanges!.map(({ by, rollout }) => ({ by, rollout }))).toEqual([
      { by: 'release-manager', rollout: 25 },
      { by: 'release-manager', rollout: 50 },
      { by: 'on-call', rollout: 'halted' },
      { by: 'release-manager', rollout: 100 },
    ]);
    for (const change of full.rolloutChanges!) expect(Date.parse(change.at)).not.toBeNaN();
    expect(await versionFor(undefined)).toEqual({ status: 200, version: '2.1.0', cache: 'public, max-age=60' });
    expect(await versionFor(above50)).toEqual({ status: 200, version: '2.1.0', cache: 'public, max-age=60' });
  });
});

describe('GET /api/releases', () => {
  it('lists each platform\'s public releases newest first, in platform order, cacheable', async () => {
    const res = await fetch(`${stack.api}/api/releases`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const list: ReleaseList = await res.json();
    expect(list.platforms.map((p) => [p.platform, p.releases.map((r) => r.version)])).toEqual([
      // The legacy windows-x64 1.4.2 is listed as the Windows x86_64 release it is.
      ['windows-x86_64', ['1.5.0', '1.4.2']],
      ['windows-i686', ['2.1.0', '2.0.0']],
      ['darwin-aarch64', ['1.5.0']],
      ['linux-x86_64', ['1.0.0']],
    ]);
    expect(list.platforms[0]!.releases[0]).toStrictEqual({
      version: '1.5.0',
      pub_date: '2026-12-01T10:00:00.000Z',
      download_url: 'https://downloads.example.com/windows-x86_64/1.5.0/Voxpen_setup',
      notes: 'Mac-style shortcuts',
    });
  });
});

describe('rollback', () => {
  const platform = 'windows-aarch64' as const;
  const app = (version: string) => ({ target: 'windows', arch: 'aarch64', version, installId: randomUUID() });

  beforeAll(async () => {
    await signed({ platform, version: '1.4.0', notes: '' });
    await signed({ platform, version: '1.5.0', notes: 'A bad one' });
  });

  it('a halt without a rollback keeps its answers: 204 to those on the halted version, the previous release to older ones', async () => {
    await changeRollout(stack.db, { platform, version: '1.5.0' }, { rollout: 'halted', by: 'on-call' });
    const halted = await poll('windows/aarch64/1.5.0');
    expect(halted.status).toBe(204);
    expect(halted.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await checkForUpdate(stack.api, app('1.3.0'))).toMatchObject({ version: '1.4.0' });
  });

  it('answers the older version only to installations on the halted one, cacheable like any answer the same for all', async () => {
    const releases = await platformReleases(stack.db, platform);
    expect(rollbackProblem(releases, { platform, version: '1.5.0', to: '1.4.0' })).toBeUndefined();
    const rolled = await rollBack(stack.db, { platform, version: '1.5.0', to: '1.4.0' }, { by: 'on-call' });
    expect(rolled.rollbackTo).toBe('1.4.0');
    expect(rolled.rolloutChanges!.at(-1)).toMatchObject({ by: 'on-call', rollout: 'halted', rollbackTo: '1.4.0' });

    const res = await poll('windows/aarch64/1.5.0', randomUUID());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = await res.json();
    expect(body).toMatchObject({ version: '1.4.0', url: 'https://downloads.example.com/windows-aarch64/1.4.0/Voxpen_setup' });
    // 1.4.0 was published with empty notes: none are sent.
    expect(body).not.toHaveProperty('notes');
    // The reference client, with the app's version comparator, installs the older version.
    expect(await checkForUpdate(stack.api, app('1.5.0'))).toMatchObject({ version: '1.4.0' });

    // Everyone else is answered as before.
    expect((await poll('windows/aarch64/1.4.0')).status).toBe(204);
    expect(await checkForUpdate(stack.api, app('1.3.0'))).toMatchObject({ version: '1.4.0' });
    expect((await poll('windows/aarch64/1.5.1')).status).toBe(204);
    expect((await poll('windows/aarch64/1.5.0-rc.1')).status).toBe(204);
  });

  it('a fix published above the halted version moves its installations forward instead', async () => {
    await signed({ platform, version: '1.5.1', rollout: 10 });
    const ids = Array.from({ length: 200 }, () => randomUUID());
    const inRollout = ids.find((id) => rolloutBucket(id, { platform, version: '1.5.1' }) < 10)!;
    const outside = ids.find((id) => rolloutBucket(id, { platform, version: '1.5.1' }) >= 10)!;
    const forward = await poll('windows/aarch64/1.5.0', inRollout);
    expect((await forward.json()).version).toBe('1.5.1');
    // Outside the fix's rollout it is still the rollback, now per installation, so not kept by the CDN.
    const back = await poll('windows/aarch64/1.5.0', outside);
    expect((await back.json()).version).toBe('1.4.0');
    expect(back.headers.get('cache-control')).toBe('private, no-store');
  });

  it('resuming the halted release lifts its rollback', async () => {
    const resumed = await changeRollout(stack.db, { platform, version: '1.5.0' }, { rollout: 100, by: 'release-manager' });
    expect(resumed.rollbackTo).toBeUndefined();
    expect(resumed.haltedAt).toBeUndefined();
    expect((await poll('windows/aarch64/1.5.0')).status).toBe(204);
  });

  it.each([
    [{ version: '1.9.0', to: '1.4.0' }, 'Version 1.9.0 is not published for windows-aarch64'],
    [{ version: '1.5.0', to: '1.3.0' }, 'Version 1.3.0 is not published for windows-aarch64: roll back to one of'],
    [{ version: '1.4.0', to: '1.5.0' }, 'is not older than 1.4.0'],
    [{ version: '1.5.0', to: 'one' }, 'is not a semantic version'],
  ])('refuses a rollback it cannot do (%j)', async (input, message) => {
    expect(rollbackProblem(await platformReleases(stack.db, platform), { platform, ...input })).toContain(message);
  });
});
