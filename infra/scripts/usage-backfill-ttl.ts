/**
 * `npm run usage:backfill-ttl [-- --dry-run] [--stack VoxpenStack --region eu-west-1]`
 * Once, after the deploy that turned on the usage table's TTL: gives every usage month
 * stored before it its `expiresAt` (12 months after the month ends), so DynamoDB deletes it as the
 * Privacy page promises. The local data by default, the deployed table with `--stack` and AWS
 * credentials in the shell. Safe to run again: months that have one are left alone.
 */
import { backfillUsageTtl } from '../../functions/usage/retention';
import { parseFlags, runCommand, TARGET_OPTIONS } from './command';
import { openTarget } from './target-table';

const USAGE = 'Usage: npm run usage:backfill-ttl -- [--dry-run] [--stack <name> --region <region>]';

async function main(): Promise<number> {
  const values = parseFlags({ 'dry-run': { type: 'boolean', default: false }, ...TARGET_OPTIONS }, USAGE);
  if (!values) return 2;
  const dryRun = values['dry-run'] === true;
  const target = await openTarget('usage', { stack: values.stack, region: values.region });
  try {
    const result = await backfillUsageTtl(target.db, { dryRun });
    const verb = dryRun ? 'would get' : 'got';
    console.log(
      `${result.updated} usage month(s) in ${target.description} ${verb} their TTL` +
        ` (${result.pastRetention} of them past their 12 months, deleted by DynamoDB within days);` +
        ` ${result.alreadySet} already had one.`,
    );
    return 0;
  } finally {
    await target.close();
  }
}

runCommand('usage:backfill-ttl', main);
