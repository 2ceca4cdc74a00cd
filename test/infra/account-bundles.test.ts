/**
 * The account group's Lambdas as the stack bundles them (infra/constructs/bundling.ts), read from
 * esbuild's metafile: the account Lambda talks to the SuperTokens core over its HTTP API
 * (functions/lib/core-api.ts) and carries no supertokens-node, which alone was half its bundle and
 * most of its cold start (docs/architecture.md#the-auth-core); and the deletion sweeper loads the jobs
 * and their clients only when a sweep finds one (functions/account/sweeper-handler.ts). Checked here
 * so that an import that brings either back fails a test instead of quietly breaking the budget
 * (`npm run bench:lambda`). test/integration/auth-bundled.test.ts runs the account bundle.
 */
import { build, type Metafile } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_ESBUILD_OPTIONS } from '../../infra/constructs/bundling';
import { functions } from '../../shared/routes';

const dir = mkdtempSync(join(tmpdir(), 'voxpen-account-bundles-'));
const metafiles: Partial<Record<'account' | 'deletionSweeper', Metafile>> = {};

const packageOf = (path: string) => path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];

/** The inputs a bundle's entry reaches through static imports alone: what a cold start evaluates before the handler runs. */
function staticallyReached(metafile: Metafile, entry: string): Set<string> {
  const reached = new Set<string>();
  const next = [entry];
  while (next.length) {
    const path = next.pop()!;
    if (reached.has(path) || !metafile.inputs[path]) continue;
    reached.add(path);
    for (const imported of metafile.inputs[path].imports) if (imported.kind !== 'dynamic-import' && !imported.external) next.push(imported.path);
  }
  return reached;
}

beforeAll(async () => {
  for (const name of ['account', 'deletionSweeper'] as const) {
    const result = await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints: [functions[name].entry], outfile: join(dir, name, 'index.js'), metafile: true, logLevel: 'error' });
    metafiles[name] = result.metafile;
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the account group as bundled', () => {
  it.each(['account', 'deletionSweeper'] as const)('%s carries no supertokens-node: every call to the core is over its HTTP API', (name) => {
    const packages = new Set(Object.keys(metafiles[name]!.inputs).flatMap((path) => packageOf(path) ?? []));
    expect(packages).not.toContain('supertokens-node');
    expect(Object.keys(metafiles[name]!.inputs)).toContain('functions/lib/core-api.ts');
  });

  it('the sweeper evaluates only its query for stalled jobs at a cold start: the jobs, the core, Stripe and SES load when it finds one', () => {
    const metafile = metafiles.deletionSweeper!;
    const reached = staticallyReached(metafile, functions.deletionSweeper.entry);
    expect(reached).toContain('functions/account/stalled-jobs.ts');
    const loadedLater = ['functions/account/sweep-stalled.ts', 'functions/account/sweeper.ts', 'functions/account/deletion-job.ts', 'functions/lib/core-api.ts', 'functions/lib/mail.ts', 'functions/billing/stripe-api.ts'];
    for (const path of loadedLater) {
      expect(Object.keys(metafile.inputs), `${path} is in the bundle`).toContain(path);
      expect(reached.has(path), `${path} is evaluated only when a sweep finds work`).toBe(false);
    }
    expect([...reached].some((path) => packageOf(path) === '@aws-sdk/client-sesv2')).toBe(false);
  });
});
