/**
 * `npm run release -- --platform windows-x86_64 --version 1.5.0 --url https://…/Voxpen_1.5.0_x64-setup.exe
 *  --signature-file Voxpen_1.5.0_x64-setup.exe.sig [--file Voxpen_1.5.0_x64-setup.exe] [--update-url …]
 *  [--notes …] [--date …] [--rollout 25] [--replace] [--allow-older] [--dry-run] [--stack VoxpenStack --region eu-west-1]`
 * publishes a signed installer release; `--platform … --version … --rollout 50` widens a published one,
 * `--halt` stops offering it, and `--rollback-to <older> [--version <bad>]` halts it and sends the
 * installations on it back to the older release. The desktop apps and /download see a change within a
 * minute (CDN cache).
 *
 * Before anything is written, the release is checked as the installed apps will check it (release-check.ts):
 * the signature over the very bytes served at the update URL, with the updater public key
 * (VOXPEN_UPDATER_PUBKEY, the same text as `plugins.updater.pubkey` in the app's tauri.conf.json), signed as
 * that file, a build for that platform, and a version above the newest. A release the apps would refuse
 * is refused here instead, with a sentence saying what to do, and nothing is written.
 */
import { hostname, userInfo } from 'node:os';
import {
  changeRollout,
  publishRelease,
  releaseProblems,
  ReleaseExistsError,
  ReleaseMissingError,
  rollBack,
  rollbackProblem,
  rolloutProblems,
  versionOrder,
  type ReleaseInput,
} from '../../functions/releases/publish-release';
import { platformReleases } from '../../functions/releases/releases';
import { DEFAULT_PLATFORM, PLATFORMS, platformNamed } from '../../shared/platforms';
import { parseFlags, TARGET_OPTIONS } from './command';
import { checkArtifacts } from './release-check';
import type { openTarget } from './target-table';

const USAGE = [
  'Usage: npm run release -- --platform windows-x86_64 --version 1.5.0 --url <installer URL> --signature-file <app.sig> [--file <installer>] [--update-url <updater artifact URL>] [--notes "…"] [--date 2026-11-22] [--rollout 25] [--replace] [--allow-older] [--dry-run] [--by <name>] [--stack <name> --region <region>]',
  '       npm run release -- --platform windows-x86_64 --version 1.5.0 (--rollout 50 | --halt) [--dry-run] [--by <name>] [--stack <name> --region <region>]',
  '       npm run release -- --platform windows-x86_64 --rollback-to 1.4.2 [--version 1.5.0] [--dry-run] [--by <name>] [--stack <name> --region <region>]',
].join('\n');

const PUBKEY_ENV = 'VOXPEN_UPDATER_PUBKEY';

/** Who ran the command, for the release's record: `--by`, else the operator's login on this machine. */
function operator(by: string | undefined): string {
  return by ?? `${userInfo().username}@${hostname()}`;
}

/** What the command reaches outside itself: its output, environment, table, network and disk. */
export interface ReleaseCommandDeps {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  openTarget: typeof openTarget;
  fetch: typeof fetch;
  readFile(path: string): Promise<Buffer>;
}

const DRY_RUN = 'Dry run: nothing was written.';

/** The release's record as the operator checks it: what the apps and /download will be given. */
function describe(release: ReleaseInput): string {
  const share = release.notOffered
    ? 'listed on /download/releases but never offered as an update (below the newest)'
    : `offered to ${release.rollout ?? 100}% of installations`;
  return [
    `${release.platform} ${release.version}, dated ${new Date(release.pubDate).toISOString()}, ${share}`,
    `  download URL:  ${release.downloadUrl}`,
    `  update URL:    ${release.updateUrl}`,
    `  size:          ${release.size} bytes`,
    `  SHA-256:       ${release.sha256}`,
    `  signature key: ${release.signatureKeyId}`,
    `  notes:         ${release.notes?.trim() ? release.notes : '(none)'}`,
  ].join('\n');
}

/** Runs `npm run release -- <args>`; answers the exit code (1: refused, nothing written; 2: bad flags). */
export async function releaseCommand(args: string[], deps: ReleaseCommandDeps): Promise<number> {
  const { openTarget } = deps;
  const fail = (message: string) => {
    deps.err(message);
    return 1;
  };
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
      'rollback-to': { type: 'string' },
      replace: { type: 'boolean', default: false },
      'allow-older': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      by: { type: 'string' },
      ...TARGET_OPTIONS,
    },
    USAGE,
    args,
    deps.err,
  );
  if (!values) return 2;
  const platform = platformNamed(values.platform!);
  if (!platform) return fail(`Unknown platform "${values.platform}"; one of ${PLATFORMS.join(', ')}`);
  const dryRun = values['dry-run']!;
  const by = operator(values.by);

  const rollbackTo = values['rollback-to'];
  if (rollbackTo !== undefined) {
    if (values.url || values.rollout !== undefined || values.halt) return fail('--rollback-to goes alone: it halts the release and sends its installations back (leave out --url, --rollout and --halt)');
    const target = await openTarget('releases', { stack: values.stack, region: values.region });
    try {
      const releases = await platformReleases(target.db, platform);
      const version = values.version ?? releases[0]?.version;
      if (!version) return fail(`Nothing was changed: nothing is published for ${platform}`);
      const problem = rollbackProblem(releases, { platform, version, to: rollbackTo });
      if (problem) return fail(`Nothing was changed: ${problem}`);
      const plan = `${platform} ${version} halted; installations on ${version} are sent back to ${rollbackTo}, the rest are answered as before`;
      if (dryRun) {
        deps.out(`Would roll back: ${plan} (in ${target.description}).\n${DRY_RUN}`);
        return 0;
      }
      try {
        await rollBack(target.db, { platform, version, to: rollbackTo }, { by });
      } catch (error) {
        if (error instanceof ReleaseMissingError) return fail(`Nothing was changed: ${error.message}`);
        throw error;
      }
      deps.out(`Rolled back: ${plan} (recorded as ${by}) in ${target.description}. Their apps install it at their next update check if their version comparator accepts an older version (docs/desktop-api.md#updates).`);
      return 0;
    } finally {
      await target.close();
    }
  }

  if (!values.version) return fail(`--version is required.\n${USAGE}`);
  const rollout = values.rollout === undefined ? undefined : Number(values.rollout);
  if (rollout !== undefined) {
    const problems = rolloutProblems(rollout);
    if (problems.length) return fail(`Nothing was changed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  if (values.halt && rollout !== undefined) return fail('--halt and --rollout cannot go together: halt stops the release, --rollout N resumes or widens it');

  // No URL: a change to a published release's rollout.
  if (!values.url) {
    if (rollout === undefined && !values.halt) return fail(`--url and --signature-file are required to publish; --rollout N or --halt to change a published release.\n${USAGE}`);
    const target = await openTarget('releases', { stack: values.stack, region: values.region });
    try {
      if (dryRun) {
        const held = (await platformReleases(target.db, platform)).find((r) => r.version === values.version);
        if (!held) return fail(`Version ${values.version} is not published for ${platform}`);
        deps.out(`Would ${values.halt ? 'halt' : `offer to ${rollout}% of installations`} ${platform} ${values.version} in ${target.description}.\n${DRY_RUN}`);
        return 0;
      }
      const release = await changeRollout(target.db, { platform, version: values.version }, { rollout: values.halt ? 'halted' : rollout!, by });
      deps.out(
        release.haltedAt
          ? `Halted ${platform} ${release.version}: no longer offered as an update (recorded as ${by}) in ${target.description}. Installations already on it keep it; --rollback-to <older version> sends them back.`
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

  const pubkey = deps.env[PUBKEY_ENV];
  if (!pubkey) return fail(`Nothing was published: set ${PUBKEY_ENV} to the updater public key (plugins.updater.pubkey in tauri.conf.json) so the signature can be checked`);
  let signature: string;
  try {
    signature = (await deps.readFile(values['signature-file'])).toString('utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fail(`Nothing was published: --signature-file ${values['signature-file']}: no such file`);
    throw error;
  }

  const target = await openTarget('releases', { stack: values.stack, region: values.region });
  try {
    // The table first: a version refused here needs no download.
    const order = versionOrder(await platformReleases(target.db, platform), input, { replace: values.replace, allowOlder: values['allow-older'] });
    if ('problem' in order) return fail(`Nothing was published: ${order.problem}`);
    const checked = await checkArtifacts({ platform, downloadUrl: input.downloadUrl, updateUrl: input.updateUrl, signature, pubkey, file: values.file }, deps);
    if (!checked.ok) return fail(`Nothing was published: ${checked.problem}`);
    for (const notice of checked.artifacts.notices) deps.err(`Warning: ${notice}`);
    const { notices: _, ...artifacts } = checked.artifacts;
    const release: ReleaseInput = { ...input, ...artifacts, signature, notOffered: order.notOffered };
    if (dryRun) {
      deps.out(`Would publish to ${target.description}:\n${describe(release)}\n${DRY_RUN}`);
      return 0;
    }
    const published = await publishRelease(target.db, release, { replace: values.replace });
    deps.out(`Published ${published.platform} ${published.version} to ${target.description}:\n${describe(release)}`);
    return 0;
  } catch (error) {
    if (error instanceof ReleaseExistsError) return fail(error.message);
    throw error;
  } finally {
    await target.close();
  }
}

