/**
 * The account group's Lambdas as the stack bundles them (infra/constructs/bundling.ts): the account
 * Lambda talks to the SuperTokens core over its HTTP API (functions/lib/core-api.ts) and carries no
 * supertokens-node, which alone was half its bundle and most of its cold start
 * (docs/architecture.md#the-auth-core), read from esbuild's metafile so that an import that brings it
 * back fails here instead of quietly breaking the budget (`npm run bench:lambda`); and the deletion
 * sweeper, run as its schedule runs it (a fresh process, the bundle, a local DynamoDB), asks the core
 * and Stripe nothing when it finds nothing stalled. test/integration/auth-bundled.test.ts runs the
 * account bundle against the local core.
 */
import { build, type Metafile } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALLED_AFTER_MS } from '../../functions/account/stalled-jobs';
import { markDeleting } from '../../functions/user-record/deletion';
import { LAMBDA_ESBUILD_OPTIONS } from '../../infra/constructs/bundling';
import { functions } from '../../shared/routes';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'voxpen-account-bundles-'));
const metafiles: Partial<Record<'account' | 'deletionSweeper', Metafile>> = {};
let dynamo: TestDynamo;

const packageOf = (path: string) => path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];

beforeAll(async () => {
  dynamo = await startTestDynamo();
  for (const name of ['account', 'deletionSweeper'] as const) {
    const result = await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints: [functions[name].entry], outfile: join(dir, name, 'index.js'), metafile: true, logLevel: 'error' });
    metafiles[name] = result.metafile;
  }
}, 60_000);
afterAll(async () => {
  await dynamo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One scheduled sweep in a fresh process, as Lambda runs the bundle: its answer, or the error it ended with. */
async function sweepOnce(): Promise<string> {
  // No secret configured (neither the core's nor Stripe's): only the DynamoDB endpoint.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SECRET_ID_') && !name.startsWith('LOCAL_SECRET_')));
  const child = `
    require(process.argv[1]).handler().then((swept) => console.log(JSON.stringify(swept)), (e) => console.log('failed: ' + e.message));`;
  const { stdout } = await run(process.execPath, ['-e', child, join(dir, 'deletionSweeper', 'index.js')], {
    env: { ...env, DYNAMODB_ENDPOINT: dynamo.url, POWERTOOLS_LOG_LEVEL: 'SILENT', LOG_LEVEL: 'SILENT', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  return stdout.trim().split('\n').pop()!;
}

describe('the account group as bundled', () => {
  it.each(['account', 'deletionSweeper'] as const)('%s carries no supertokens-node: every call to the core is over its HTTP API', (name) => {
    const packages = new Set(Object.keys(metafiles[name]!.inputs).flatMap((path) => packageOf(path) ?? []));
    expect(packages).not.toContain('supertokens-node');
    expect(Object.keys(metafiles[name]!.inputs)).toContain('functions/lib/core-api.ts');
  });

  it("the sweeper's Lambda asks the core and Stripe nothing when nothing is stalled: only when it finds a job", async () => {
    expect(await sweepOnce()).toBe(JSON.stringify({ finished: 0, failed: 0 }));
    // A deletion marked long enough ago: now the sweep needs the core, and without its secret it says so.
    await markDeleting(dynamo.db, 'stalled-user', { emails: ['stalled@example.com'], address: '127.0.0.1' }, Date.now() - STALLED_AFTER_MS - 1_000);
    expect(await sweepOnce()).toMatch(/^failed: Secret supertokens is not configured/);
  });
});
