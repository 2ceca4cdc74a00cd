/**
 * `npm run release -- --version 1.4.2 --url https://…/Voxpen_1.4.2_x64-setup.exe [--notes …] [--date …]
 *  [--platform windows-x64] [--replace] [--stack VoxpenStack --region eu-west-1]`
 * Publishes an installer release; the desktop apps and /download see it within a minute (CDN cache).
 */
import { publishRelease, releaseProblems, ReleaseExistsError } from '../../functions/releases/publish-release';
import { DEFAULT_PLATFORM } from '../../shared/product';
import { parseFlags, runCommand, TARGET_OPTIONS } from './command';
import { openTarget } from './target-table';

const USAGE = 'Usage: npm run release -- --version 1.4.2 --url <installer URL> [--notes "…"] [--date 2026-11-22] [--platform windows-x64] [--replace] [--stack <name> --region <region>]';

async function main(): Promise<number> {
  const values = parseFlags(
    {
      version: { type: 'string' },
      url: { type: 'string' },
      notes: { type: 'string' },
      date: { type: 'string' },
      platform: { type: 'string', default: DEFAULT_PLATFORM },
      replace: { type: 'boolean', default: false },
      ...TARGET_OPTIONS,
    },
    USAGE,
  );
  if (!values) return 2;
  if (!values.version || !values.url) {
    console.error(`--version and --url are required.\n${USAGE}`);
    return 2;
  }
  const input = {
    platform: values.platform!,
    version: values.version,
    downloadUrl: values.url,
    pubDate: values.date ?? new Date().toISOString(),
    notes: values.notes,
  };
  const problems = releaseProblems(input);
  if (problems.length) {
    console.error(`Nothing was published:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }

  const target = await openTarget('releases', { stack: values.stack, region: values.region });
  try {
    const release = await publishRelease(target.db, input, { replace: values.replace });
    console.log(`Published ${release.platform} ${release.version} (${release.pubDate}) to ${target.description}.`);
    return 0;
  } catch (error) {
    if (error instanceof ReleaseExistsError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await target.close();
  }
}

runCommand('Release', main);
