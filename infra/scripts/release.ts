/**
 * `npm run release -- --platform windows-x86_64 --version 1.5.0 --url https://…/Voxpen_1.5.0_x64-setup.exe
 *  --signature-file Voxpen_1.5.0_x64-setup.exe.sig [--file Voxpen_1.5.0_x64-setup.exe] [--update-url …]
 *  [--notes …] [--date …] [--rollout 25] [--replace] [--stack VoxpenStack --region eu-west-1]`
 * publishes a signed installer release; `--platform … --version … --rollout 50` widens a published one
 * and `--halt` stops offering it. The desktop apps and /download see a change within a minute (CDN cache).
 *
 * The signature is verified against the updater public key (VOXPEN_UPDATER_PUBKEY, the same text as
 * `plugins.updater.pubkey` in the app's tauri.conf.json) before anything is written: a signature the
 * installed apps would refuse is refused here instead.
 */
import { readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { verifySignature, parsePublicKey, SignatureError } from '../../functions/releases/minisign';
import { changeRollout, publishRelease, releaseProblems, ReleaseExistsError, ReleaseMissingError, rolloutProblems } from '../../functions/releases/publish-release';
import { DEFAULT_PLATFORM, PLATFORMS, platformNamed } from '../../shared/platforms';
import { parseFlags, runCommand, TARGET_OPTIONS } from './command';
import { openTarget } from './target-table';

const USAGE = [
  'Usage: npm run release -- --platform windows-x86_64 --version 1.5.0 --url <installer URL> --signature-file <app.sig> [--file <installer>] [--update-url <updater artifact URL>] [--notes "…"] [--date 2026-11-22] [--rollout 25] [--replace] [--by <name>] [--stack <name> --region <region>]',
  '       npm run release -- --platform windows-x86_64 --version 1.5.0 (--rollout 50 | --halt) [--by <name>] [--stack <name> --region <region>]',
].join('\n');

const PUBKEY_ENV = 'VOXPEN_UPDATER_PUBKEY';

/** Who ran the command, for the release's record: `--by`, else the operator's login on this machine. */
function operator(by: string | undefined): string {
  return by ?? `${userInfo().username}@${hostname()}`;
}

function fail(message: string): number {
  console.error(message);
  return 1;
}

async function main(): Promise<number> {
  const values = parseFlags(
    {
      version: { type: 'string' },
      url: { type: 'string' },
      'update-url': { type: 'string' },
      'signature-file': { type: 'string' },
      file: { type: 'string' },
      notes: { type: 'string' },
      date: { type: 'string' },
      platform: { type: 'string', default: DEFAULT_PLATFORM },
      rollout: { type: 'string' },
      halt: { type: 'boolean', default: false },
      replace: { type: 'boolean', default: false },
      by: { type: 'string' },
      ...TARGET_OPTIONS,
    },
    USAGE,
  );
  if (!values) return 2;
  const platform = platformNamed(values.platform!);
  if (!platform) return fail(`Unknown platform "${values.platform}"; one of ${PLATFORMS.join(', ')}`);
  if (!values.version) return fail(`--version is required.\n${USAGE}`);
  const rollout = values.rollout === undefined ? undefined : Number(values.rollout);
  if (rollout !== undefined) {
    const problems = rolloutProblems(rollout);
    if (problems.length) return fail(`Nothing was changed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  if (values.halt && rollout !== undefined) return fail('--halt and --rollout cannot go together: halt stops the release, --rollout N resumes or widens it');
  const by = operator(values.by);

  // No URL: a change to a published release's rollout.
  if (!values.url) {
    if (rollout === undefined && !values.halt) return fail(`--url and --signature-file are required to publish; --rollout N or --halt to change a published release.\n${USAGE}`);
    const target = await openTarget('releases', { stack: values.stack, region: values.region });
    try {
      const release = await changeRollout(target.db, { platform, version: values.version }, { rollout: values.halt ? 'halted' : rollout!, by });
      console.log(
        release.haltedAt
          ? `Halted ${platform} ${release.version}: no longer offered as an update (recorded as ${by}) in ${target.description}.`
          : `${platform} ${release.version} is now offered to ${release.rollout}% of installations (recorded as ${by}) in ${target.description}.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof ReleaseMissingError) return fail(error.message);
      throw error;
    } finally {
      await target.close();
    }
  }

  if (values.halt) return fail('--halt changes a published release: leave out --url');
  if (!values['signature-file']) return fail(`--signature-file is required: the updater only installs signed releases.\n${USAGE}`);
  const input = {
    platform,
    version: values.version,
    downloadUrl: values.url,
    updateUrl: values['update-url'],
    pubDate: values.date ?? new Date().toISOString(),
    notes: values.notes,
    rollout,
    by,
  };
  const problems = releaseProblems(input);
  if (problems.length) return fail(`Nothing was published:\n${problems.map((p) => `  - ${p}`).join('\n')}`);

  const pubkey = process.env[PUBKEY_ENV];
  if (!pubkey) return fail(`Nothing was published: set ${PUBKEY_ENV} to the updater public key (plugins.updater.pubkey in tauri.conf.json) so the signature can be checked`);
  let signature: string;
  try {
    signature = readFileSync(values['signature-file'], 'utf8').trim();
    const file = values.file === undefined ? undefined : readFileSync(values.file);
    verifySignature(parsePublicKey(pubkey), signature, file);
  } catch (error) {
    if (error instanceof SignatureError || (error as NodeJS.ErrnoException).code === 'ENOENT') return fail(`Nothing was published: ${(error as Error).message}`);
    throw error;
  }
  if (values.file === undefined) console.log('The signature is from the updater key; pass --file <installer> to check it is over that exact file too.');

  const target = await openTarget('releases', { stack: values.stack, region: values.region });
  try {
    const release = await publishRelease(target.db, { ...input, signature }, { replace: values.replace });
    const share = release.rollout === 100 ? '' : `, offered to ${release.rollout}% of installations`;
    console.log(`Published ${release.platform} ${release.version} (${release.pubDate})${share} to ${target.description}.`);
    return 0;
  } catch (error) {
    if (error instanceof ReleaseExistsError) return fail(error.message);
    throw error;
  } finally {
    await target.close();
  }
}

runCommand('Release', main);
