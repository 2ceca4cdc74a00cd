import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Parts of the AWS SDK v3 a Lambda never reaches: the credential providers (it gets its role's keys
 * from the environment, the first provider tried) and event-stream support. Left out of the bundle,
 * and found in the runtime's own SDK should one ever be asked for. Every other part is bundled and
 * tree-shaken.
 */
export const UNREACHED_SDK_MODULES = [
  '@aws-sdk/nested-clients',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
  // Loaded (by dynamic import) only for operations that stream events; DynamoDB, Secrets Manager and SES have none.
  '@smithy/core/event-streams',
];

/**
 * Packages supertokens-node imports but never runs on Lambda (or, tldts, runs without its answer being
 * read), each replaced by a few lines that say why (the auth and account bundles were 1.6 MB,
 * a third of it these). Paths from the project root, where the stack's esbuild runs;
 * test/integration/auth-bundled.test.ts signs in, resets a password and continues with Google through
 * the bundles built with them, and checks that only supertokens-node reaches them.
 */
export const UNRUN_PACKAGE_SHIMS: Record<string, string> = {
  // Its fallback for a runtime without fetch; never taken, as the bundles have one (INJECTED_GLOBALS).
  'cross-fetch': './functions/lib/bundle-shims/fetch-over-node-http.ts',
  'node-fetch': './functions/lib/bundle-shims/fetch-over-node-http.ts',
  'libphonenumber-js/max': './functions/lib/bundle-shims/no-phone-numbers.ts',
  pako: './functions/lib/bundle-shims/no-stream-inflate.ts',
  'content-type': './functions/lib/bundle-shims/no-stream-charset.ts',
  'set-cookie-parser': './functions/lib/bundle-shims/no-oauth-provider-cookies.ts',
  tldts: './functions/lib/bundle-shims/host-is-its-own-site.ts',
};

/**
 * Packages supertokens-node runs, served by what the bundle already has: its own jose 4 (CommonJS, ~91 KB,
 * all of it run at require) gives way to the product's jose 6, trimmed to what the SDK calls,
 * pkce-challenge's crypto-js to node:crypto, debug to a line on stderr (each shim says why it answers
 * the same).
 */
export const ONE_COPY_PACKAGE_SHIMS: Record<string, string> = {
  jose: './functions/lib/bundle-shims/jose-6-for-supertokens.js',
  'pkce-challenge': './functions/lib/bundle-shims/pkce-from-node-crypto.ts',
  debug: './functions/lib/bundle-shims/debug-to-stderr.ts',
};

/**
 * Packages the AWS SDK's DynamoDB client brings for what it never does here, each replaced by a few lines
 * that serve what it calls (the shim says why): mnemonist's LRU cache (~7 KB with obliterator), made for
 * endpoint discovery, which is off.
 */
export const AWS_SDK_PACKAGE_SHIMS: Record<string, string> = {
  'mnemonist/lru-cache': './functions/lib/bundle-shims/lru-cache-over-map.ts',
};

const PACKAGE_SHIMS = { ...UNRUN_PACKAGE_SHIMS, ...ONE_COPY_PACKAGE_SHIMS, ...AWS_SDK_PACKAGE_SHIMS };

/**
 * Every free `fetch` and `Headers` in a bundle (supertokens-node's requests to the core and to Google,
 * jose's key-set fetches) served over node:http(s) instead of Node's undici, whose load was ~40 ms of
 * the auth Lambda's cold start (the shim says what it serves). esbuild's `inject`, which
 * NodejsFunction passes as --inject. The product's own code calls node-request.ts and names neither.
 * Left out of a bundle that does not use it (bundle-shims/package.json: no side effects), but esbuild
 * then still calls its empty initialiser from each module of a bundle holding CommonJS (~2 KB).
 */
export const INJECTED_GLOBALS = ['./functions/lib/bundle-shims/fetch-over-node-http.ts'];

/** esbuild settings for every Lambda, as the stack's NodejsFunction takes them. */
export const LAMBDA_BUNDLING = {
  minify: true,
  sourceMap: true,
  target: 'node22',
  format: OutputFormat.CJS,
  externalModules: UNREACHED_SDK_MODULES,
  mainFields: ['module', 'main'],
  esbuildArgs: { '--alias': Object.entries(PACKAGE_SHIMS).map(([name, shim]) => `${name}=${shim}`) },
  inject: INJECTED_GLOBALS,
} satisfies BundlingOptions;

/** The same settings for esbuild's own API, as bench:lambda and the bundled-handler tests build with. */
export const LAMBDA_ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  minify: LAMBDA_BUNDLING.minify,
  target: LAMBDA_BUNDLING.target,
  format: 'cjs',
  mainFields: LAMBDA_BUNDLING.mainFields,
  external: LAMBDA_BUNDLING.externalModules,
  alias: Object.fromEntries(Object.entries(PACKAGE_SHIMS).map(([name, shim]) => [name, resolve(ROOT, shim)])),
  inject: LAMBDA_BUNDLING.inject.map((file) => resolve(ROOT, file)),
} satisfies BuildOptions;

/** What every Lambda of the stack shares: Node 22 on ARM, one `handler` export, bundled as above from the repo's lock file. */
export const LAMBDA_FUNCTION_DEFAULTS = {
  handler: 'handler',
  projectRoot: ROOT,
  depsLockFilePath: resolve(ROOT, 'package-lock.json'),
  runtime: Runtime.NODEJS_22_X,
  architecture: Architecture.ARM_64,
  bundling: LAMBDA_BUNDLING,
} satisfies NodejsFunctionProps;
