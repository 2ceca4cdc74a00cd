import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

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

/** esbuild settings for every Lambda; bench:lambda bundles with the same ones. */
export const LAMBDA_BUNDLING = {
  minify: true,
  sourceMap: true,
  target: 'node22',
  format: OutputFormat.CJS,
  externalModules: UNREACHED_SDK_MODULES,
  mainFields: ['module', 'main'],
} satisfies BundlingOptions;
