/**
 * What `cdk synth` loads: infra/app.ts bundled with every package resolved (only Node's built-ins left
 * out), so the inputs are the files and packages the deploy reads. The local runtime (infra/local/)
 * and the packages only it needs have no place there: they slow every synth and put a dev server's
 * code on the deploy's path.
 */
import { build, type Plugin } from 'esbuild';
import { builtinModules } from 'node:module';
import { relative, resolve, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const LOCAL_DIR = resolve(root, 'infra/local') + sep;
const LOCAL_ONLY_PACKAGES = ['stripe', 'dynalite'];

const localOnlyPackage = (specifier: string) => LOCAL_ONLY_PACKAGES.find((name) => specifier === name || specifier.startsWith(`${name}/`));

let forbiddenImports: string[];
let inputs: string[];

beforeAll(async () => {
  forbiddenImports = [];
  // Stops at the boundary and names the importer: past it, the local runtime's own dev tooling
  // (vite) does not even resolve without its optional peers, which would hide the real finding.
  const boundary: Plugin = {
    name: 'local-runtime-boundary',
    setup(b) {
      b.onResolve({ filter: /(^|\/)local(\/|$)|^(stripe|dynalite)(\/|$)/ }, (args) => {
        const target = args.path.startsWith('.') ? resolve(args.resolveDir, args.path) : args.path;
        if (!target.startsWith(LOCAL_DIR) && !localOnlyPackage(args.path)) return undefined;
        forbiddenImports.push(`${relative(root, args.importer)} imports ${args.path}`);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['infra/app.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: [...builtinModules, 'node:*'],
    plugins: [boundary],
  });
  inputs = Object.keys(result.metafile.inputs);
}, 120_000);

describe('the deploy (infra/app.ts) loads', () => {
  it('nothing of the local runtime: no infra/local/ file, no stripe or dynalite package', () => {
    expect(forbiddenImports).toEqual([]);
    expect(inputs.filter((path) => path.startsWith('infra/local/'))).toEqual([]);
    expect(inputs.filter((path) => LOCAL_ONLY_PACKAGES.some((name) => path.includes(`node_modules/${name}/`)))).toEqual([]);
  });

  it('the stack and its constructs (the bundle really followed the imports)', () => {
    expect(inputs).toEqual(expect.arrayContaining(['infra/stack.ts', 'infra/constructs/api.ts', 'shared/routes.ts', 'shared/tables.ts']));
    expect(inputs.some((path) => path.includes('node_modules/aws-cdk-lib/'))).toBe(true);
  });
});
