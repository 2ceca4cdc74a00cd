/**
 * What `cdk synth` loads: infra/app.ts bundled with the repository's own files followed and every
 * package left external at its import, so the inputs are the files the deploy reads and the packages
 * they import. The local runtime (infra/local/) and the packages only it needs have no place there:
 * they slow every synth and put a dev server's code on the deploy's path. The boundary is our code's
 * imports, so the packages' own insides need not be bundled (all of aws-cdk-lib took 51-128 s).
 */
import { build, type Plugin } from 'esbuild';
import { builtinModules } from 'node:module';
import { relative, resolve, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const LOCAL_DIR = resolve(root, 'infra/local') + sep;
const LOCAL_ONLY_PACKAGES = ['stripe', 'dynalite', '@simplewebauthn/server'];

const localOnlyPackage = (specifier: string) => LOCAL_ONLY_PACKAGES.find((name) => specifier === name || specifier.startsWith(`${name}/`));

let forbiddenImports: string[];
let inputs: string[];
/** The packages the deploy's own files import, by name (`aws-cdk-lib`, `@aws-sdk/client-dynamodb`). */
let packages: Set<string>;

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

beforeAll(async () => {
  forbiddenImports = [];
  packages = new Set();
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
      // Every other bare specifier is a package (Node's built-ins are external already): named, not followed.
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (builtinModules.includes(args.path) || args.path.startsWith('node:')) return undefined;
        packages.add(packageName(args.path));
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
});

describe('the deploy (infra/app.ts) loads', () => {
  it('nothing of the local runtime: no infra/local/ file, no stripe or dynalite package', () => {
    expect(forbiddenImports).toEqual([]);
    expect(inputs.filter((path) => path.startsWith('infra/local/'))).toEqual([]);
    expect([...packages].filter((name) => LOCAL_ONLY_PACKAGES.includes(name))).toEqual([]);
  });

  it('the stack and its constructs, and the CDK packages (the bundle really followed the imports)', () => {
    expect(inputs).toEqual(expect.arrayContaining(['infra/stack.ts', 'infra/constructs/api.ts', 'shared/routes.ts', 'shared/tables.ts']));
    expect([...packages]).toEqual(expect.arrayContaining(['aws-cdk-lib', 'constructs', 'cdk-nag']));
  });
});
