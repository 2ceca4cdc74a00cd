/** The synthesized template, checked against the route table, the table definitions and our rules. */
import { resolve } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { notFoundHtml, rewriteFunctionCode } from '../../infra/site/rewrite-function';
import { CONTENT_SECURITY_POLICY } from '../../infra/site/security-headers';
import { ACCESS_LOG_FIELDS, ROUTE_THROTTLES } from '../../infra/constructs/api';
import { STRIPE_FAILURE_MESSAGE } from '../../infra/constructs/monitoring';
import { CLOUDFRONT_LOG_FIELDS, placeCloudFrontLogs, UNLOGGED_FIELDS } from '../../infra/constructs/cloudfront-logs';
import { ORIGIN_ROTATION_ALARM, ORIGIN_ROTATION_DAYS } from '../../infra/constructs/origin-rotation';
import { LOG_RETENTION_DAYS, pathPattern } from '../../infra/constructs/site';
import { DEFAULT_WAF_RATE_LIMIT, placeWaf, wafFromContext } from '../../infra/constructs/waf';
import { applyNagPacks } from '../../infra/nag';
import { VoxpenStack, type VoxpenStackProps } from '../../infra/stack';
import { functions, routes } from '../../shared/routes';
import { ORIGIN_VERIFY_HEADER, secretIdEnvName } from '../../shared/secrets';
import { deployedTableKeys, tableEnvName, tables, type TableKey } from '../../shared/tables';

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string | string[];
  Metadata?: Record<string, any>;
};
let template: Template;
let resources: Record<string, Resource>;
let mainStack: Stack;

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const BILLING = { proProductId: 'prod_test_pro', priceIds: { 'pro-monthly': 'price_test_monthly', 'pro-annual': 'price_test_annual' } };

/** Errors cdk-nag left on the stack: every finding neither fixed nor acknowledged (infra/nag.ts). */
const nagErrors = (stack: Stack) =>
  [/AwsSolutions-.*/, /Serverless-.*/].flatMap((pack) =>
    Annotations.fromStack(stack)
      .findError('*', Match.stringLikeRegexp(pack.source))
      .map((e) => `${e.id}: ${String(e.entry.data).slice(0, 120)}`),
  );

/** A stack synthesized without bundling (the first synth checks that), with cdk-nag's packs as infra/app.ts applies them. */
function unbundledStack(id: string, props: Partial<VoxpenStackProps> = {}): Stack {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new VoxpenStack(app, id, { secretPrefix: 'voxpen', env: { account: '111111111111', region: 'us-east-1' }, billing: BILLING, ...props });
  applyNagPacks(app);
  return stack;
}

beforeAll(() => {
  // One synth for the whole file: it bundles every Lambda with esbuild, and runs cdk-nag as infra/app.ts does.
  const app = new App();
  const stack = new VoxpenStack(app, 'Test', {
    secretPrefix: 'voxpen',
    env: { account: '111111111111', region: 'us-east-1' },
    billing: BILLING,
  });
  applyNagPacks(app);
  mainStack = stack;
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
}, 120_000);

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
/** Our Lambdas (not the CDK's helper functions): Node.js 22, arm64, bundled `index.handler`. */
const productFunctions = () =>
  ofType('AWS::Lambda::Function').filter(([id, r]) => r.Properties.Runtime === 'nodejs22.x' && r.Properties.Handler === 'index.handler' && !id.startsWith('OriginRotation'));
const logicalIdOfFunction = (name: string) => productFunctions().find(([id]) => id.startsWith(`Api${name}`) && !id.includes('Service'))?.[0];
const json = (value: unknown) => JSON.stringify(value);

describe('API: the route table and the stack agree', () => {
  it('has one Lambda per function group, Node.js 22 on arm64, and nothing else of ours', () => {
    expect(productFunctions().length).toBe(Object.keys(functions).length);
    for (const [, fn] of productFunctions()) expect(fn.Properties.Architectures).toEqual(['arm64']);
    for (const name of Object.keys(functions)) expect(logicalIdOfFunction(name), name).toBeDefined();
  });

  it('routes every route of the table to its own function group, and nothing unrouted', () => {
    const apiRoutes = ofType('AWS::ApiGatewayV2::Route');
    expect(apiRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration'));
    for (const route of routes) {
      const [, apiRoute] = apiRoutes.find(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`)!;
      const integrationId = apiRoute.Properties.Target['Fn::Join'][1][1].Ref as string;
      const uri = json(integrations[integrationId]!.Properties.IntegrationUri);
      expect(uri, `${route.method} ${route.path}`).toContain(logicalIdOfFunction(route.fn)!);
    }
  });

  it('throttles the stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });
});

describe('site', () => {
  it('keeps the bucket private: all public access blocked, encrypted, versioned', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: Match.anyValue(),
      VersioningConfiguration: { Status: 'Enabled' },
    });
  });

  it('lets only this CloudFront distribution read the bucket (OAC)', () => {
    const siteBucketId = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.VersioningConfiguration)![0];
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(([, p]) => json(p.Properties.Bucket) === json({ Ref: siteBucketId }))!;
    const allows = policy.Properties.PolicyDocument.Statement.filter((s: any) => s.Effect === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(allows[0].Action).toBe('s3:GetObject');
    expect(json(allows[0].Condition)).toContain('SiteDistribution');
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', { OriginAccessControlConfig: { SigningBehavior: 'always', OriginAccessControlOriginType: 's3' } });
  });

  it('rewrites client routes with the generated CloudFront Function, not with error-page overrides (which would cover the API too)', () => {
    const notFoundPage = notFoundHtml(resolve(import.meta.dirname, '../../frontend/dist'));
    template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: rewriteFunctionCode({ notFoundPage }), FunctionConfig: { Runtime: 'cloudfront-js-2.0' } });
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = dist.Properties.DistributionConfig;
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.DefaultCacheBehavior.Compress).toBe(true);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('sends security headers: HSTS, CSP with frame-ancestors none, nosniff, referrer policy (an API response may set its own)', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = dist.Properties.DistributionConfig;
    const headersOf = (behavior: { ResponseHeadersPolicyId: { Ref: string } }) =>
      resources[behavior.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const expected = (overrideReferrer: boolean) => ({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true },
      ContentSecurityPolicy: { ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: overrideReferrer },
      FrameOptions: { FrameOption: 'DENY', Override: true },
    });
    expect(headersOf(config.DefaultCacheBehavior)).toEqual(expected(true));
    // The desktop callback's own no-referrer must survive CloudFront.
    for (const behavior of config.CacheBehaviors) expect(headersOf(behavior), behavior.PathPattern).toEqual(expected(false));
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('caches /api/latest-version up to 60 s by its headers, other API routes never, and forwards credentials only to session routes', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const behaviors: any[] = dist.Properties.DistributionConfig.CacheBehaviors;
    const byPattern = Object.fromEntries(behaviors.map((b) => [b.PathPattern, b]));
    for (const route of routes) expect(byPattern[pathPattern(route)], route.path).toBeDefined();
    expect(byPattern['/api/*']).toBeDefined();

    const latest = byPattern['/api/latest-version'];
    const cachePolicy = resources[latest.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
    expect(cachePolicy).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 60 });
    expect(cachePolicy.ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig.CookieBehavior).toBe('none');

    for (const route of routes.filter((r) => !r.cdnCacheSeconds)) expect(byPattern[pathPattern(route)].CachePolicyId, route.path).toBe(CACHING_DISABLED);
    for (const route of routes) {
      const policy = byPattern[pathPattern(route)].OriginRequestPolicyId;
      if (route.forwardsCredentials) expect(policy, route.path).toBe(ALL_VIEWER_EXCEPT_HOST);
      else expect(resources[policy.Ref]!.Properties.OriginRequestPolicyConfig.CookiesConfig.CookieBehavior, route.path).toBe('none');
    }
  });

  it('keys the cached release answers by what they vary by: latest-version by ?platform, updates and the list by path alone', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const byPattern = Object.fromEntries((dist.Properties.DistributionConfig.CacheBehaviors as any[]).map((b) => [b.PathPattern, b]));
    const keyOf = (pattern: string) => resources[byPattern[pattern].CachePolicyId.Ref]!.Properties.CachePolicyConfig;
    const params = (pattern: string) => keyOf(pattern).ParametersInCacheKeyAndForwardedToOrigin;

    // Without ?platform in the key, the first platform asked for would be every platform's answer.
    expect(params('/api/latest-version').QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['platform'] });
    for (const pattern of ['/api/updates/*/*/*', '/api/releases']) {
      expect(keyOf(pattern), pattern).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 60 });
      expect(params(pattern).QueryStringsConfig.QueryStringBehavior, pattern).toBe('none');
      expect(params(pattern).HeadersConfig.HeaderBehavior, pattern).toBe('none');
      expect(params(pattern).CookiesConfig.CookieBehavior, pattern).toBe('none');
    }
    // The install id is not in the key (one cached answer per path) but reaches the Lambda, which
    // marks the answers that depend on it (a staged rollout) private, no-store; MinTTL 0 lets that hold.
    const updatesRequest = resources[byPattern['/api/updates/*/*/*'].OriginRequestPolicyId.Ref]!.Properties.OriginRequestPolicyConfig;
    expect(updatesRequest.HeadersConfig.Headers).toContain('voxpen-install-id');
    expect(updatesRequest.CookiesConfig.CookieBehavior).toBe('none');
  });

  it('marks every API request CloudFront forwards with a generated secret, resolved at deploy, never in the template', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const apiOrigin = (dist.Properties.DistributionConfig.Origins as any[]).find((o) => o.CustomOriginConfig);
    const header = apiOrigin.OriginCustomHeaders.find((h: { HeaderName: string }) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    expect(json(header.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:/);
    const [[secretId, secret]] = ofType('AWS::SecretsManager::Secret') as [[string, Resource]];
    expect(secret.Properties.GenerateSecretString).toMatchObject({ GenerateStringKey: 'value' });
    expect(json(header.HeaderValue)).toContain(secretId);
  });

  it("sends the secret's current value, naming no version: the value the scheduled rotation leaves the distribution sending", () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const apiOrigin = (dist.Properties.DistributionConfig.Origins as any[]).find((o) => o.CustomOriginConfig);
    const header = apiOrigin.OriginCustomHeaders.find((h: { HeaderName: string }) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    // {{resolve:secretsmanager:<arn>:SecretString:value::}}: no version stage or id, so AWSCURRENT.
    expect(json(header.HeaderValue)).toContain(':SecretString:value::}}');
  });

  it('passes the Stripe-Signature header through to the webhook, and no cookies', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const webhook = (dist.Properties.DistributionConfig.CacheBehaviors as any[]).find((b) => b.PathPattern === '/api/stripe-webhook');
    const config = resources[webhook.OriginRequestPolicyId.Ref]!.Properties.OriginRequestPolicyConfig;
    expect(config.HeadersConfig.Headers).toContain('stripe-signature');
    expect(config.CookiesConfig.CookieBehavior).toBe('none');
    const contact = (dist.Properties.DistributionConfig.CacheBehaviors as any[]).find((b) => b.PathPattern === '/api/contact');
    expect(resources[contact.OriginRequestPolicyId.Ref]!.Properties.OriginRequestPolicyConfig.HeadersConfig.Headers).not.toContain('stripe-signature');
  });

  it('deploys hashed assets immutable for a year, HTML no-cache, and invalidates HTML only', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, r]) => r.Properties);
    const assets = deployments.find((d) => json(d.SystemMetadata).includes('immutable'))!;
    expect(assets.SystemMetadata['cache-control']).toBe('public, max-age=31536000, immutable');
    const html = deployments.find((d) => d.DistributionPaths)!;
    expect(html.SystemMetadata['cache-control']).toBe('no-cache');
    expect(html.DistributionPaths).toContain('/pricing');
    expect(html.DistributionPaths.every((p: string) => !p.startsWith('/assets') && p !== '/*')).toBe(true);
  });
});

describe('data', () => {
  it('creates every deployed table with PITR, deletion protection, RETAIN and its TTL attribute', () => {
    const created = ofType('AWS::DynamoDB::GlobalTable');
    expect(created.length).toBe(deployedTableKeys.length);
    for (const key of deployedTableKeys) {
      const def = tables[key];
      const found = created.find(([id]) => id.startsWith(`Data${key}`));
      expect(found, key).toBeDefined();
      const [, table] = found!;
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.Properties.Replicas[0].PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(table.Properties.Replicas[0].DeletionProtectionEnabled).toBe(true);
      const ttl = 'ttlAttribute' in def ? def.ttlAttribute : undefined;
      if (ttl) expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: ttl, Enabled: true });
      else expect(table.Properties.TimeToLiveSpecification).toBeUndefined();
      const indexes = ('indexes' in def ? def.indexes : []) as readonly { name: string }[];
      expect((table.Properties.GlobalSecondaryIndexes ?? []).map((i: { IndexName: string }) => i.IndexName), key).toEqual(indexes.map((i) => i.name));
    }
  });

  it("finds a webhook's account by its Stripe customer: the users table has that index", () => {
    const [, users] = ofType('AWS::DynamoDB::GlobalTable').find(([id]) => id.startsWith('Datausers'))!;
    expect(users.Properties.GlobalSecondaryIndexes).toEqual([
      expect.objectContaining({ IndexName: 'byStripeCustomer', KeySchema: [{ AttributeName: 'stripeCustomerId', KeyType: 'HASH' }] }),
      // Sparse: only an account being deleted is in it, so the sweeper's Query reads those alone.
      expect.objectContaining({ IndexName: 'byDeletion', KeySchema: [{ AttributeName: 'deletionQueue', KeyType: 'HASH' }, { AttributeName: 'deletingSince', KeyType: 'RANGE' }] }),
      // Sparse too: only an email change left part way, for the same sweeper.
      expect.objectContaining({ IndexName: 'byEmailChange', KeySchema: [{ AttributeName: 'emailChangeQueue', KeyType: 'HASH' }, { AttributeName: 'emailChangeSince', KeyType: 'RANGE' }] }),
    ]);
  });

  it('runs the deletion sweeper on a schedule, and only it', () => {
    const sweeperId = logicalIdOfFunction('deletionSweeper')!;
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => json(r.Properties.Targets).includes(sweeperId));
    expect(rules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(5 minutes)']);
  });
});

describe('local stand-ins', () => {
  it("deploys no table of theirs (the auth core's store): production talks to a real SuperTokens core", () => {
    const localOnly = (Object.keys(tables) as TableKey[]).filter((key) => !deployedTableKeys.includes(key));
    expect(localOnly).toContain('authCore');
    for (const key of localOnly) expect(ofType('AWS::DynamoDB::GlobalTable').some(([id]) => id.startsWith(`Data${key}`)), key).toBe(false);
  });
});

describe('secrets and least privilege', () => {
  it('puts no secret-looking value in any Lambda environment, only secret names', () => {
    for (const [id, fn] of ofType('AWS::Lambda::Function')) {
      for (const [name, value] of Object.entries<unknown>(fn.Properties.Environment?.Variables ?? {})) {
        const text = json(value);
        expect(text, `${id}.${name}`).not.toMatch(/sk_(live|test)_|rk_(live|test)_|whsec_|-----BEGIN|AKIA[0-9A-Z]{12}|"[A-Za-z0-9+/]{40,}={0,2}"/);
        if (/SECRET|KEY|PASSWORD|TOKEN/i.test(name)) expect(name, `${id}.${name}`).toMatch(/^SECRET_ID_/);
      }
    }
  });

  it('gives the Stripe product and price ids to the functions that decide plans, and to no other', () => {
    for (const [name, def] of Object.entries(functions)) {
      const env = resources[logicalIdOfFunction(name)!]!.Properties.Environment.Variables;
      if ('billingConfig' in def && def.billingConfig) {
        expect(env.STRIPE_PRO_PRODUCT_ID, name).toBe('prod_test_pro');
        expect(JSON.parse(env.STRIPE_PRICE_IDS), name).toEqual({ 'pro-monthly': 'price_test_monthly', 'pro-annual': 'price_test_annual' });
      } else {
        expect(env.STRIPE_PRO_PRODUCT_ID, name).toBeUndefined();
      }
    }
    const stripeReaders = Object.entries(functions).filter(([, def]) => ('secrets' in def ? (def.secrets as readonly string[]) : []).includes('stripe'));
    // The account function and the deletion sweeper cancel a deleted account's subscription; the auth
    // function makes a proven new address the Stripe customer's email when the link is used.
    expect(stripeReaders.map(([name]) => name).sort()).toEqual(['account', 'auth', 'billing', 'deletionSweeper', 'stripeWebhook']);
  });

  it('grants each function only its own tables and secrets, never a wildcard resource', () => {
    const originSecretReaders: string[] = [];
    for (const [name, def] of Object.entries(functions)) {
      const fnId = logicalIdOfFunction(name)!;
      const fn = resources[fnId]!;
      const env = fn.Properties.Environment.Variables;
      const ownTables = [...def.tables, ...('readTables' in def ? def.readTables : []), ...('updateTables' in def ? def.updateTables : [])] as TableKey[];
      for (const key of Object.keys(tables) as TableKey[]) {
        expect(env[tableEnvName(key)] !== undefined, `${name} sees table ${key}`).toBe(ownTables.includes(key));
      }
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const policies = ofType('AWS::IAM::Policy').filter(([, p]) => json(p.Properties.Roles).includes(roleId));
      const statements = policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
      for (const s of statements) {
        const actions = [s.Action].flat().join(' ');
        const resourcesText = json(s.Resource);
        if (/dynamodb:|secretsmanager:/.test(actions)) for (const r of [s.Resource].flat()) expect(r, `${name}: ${actions}`).not.toBe('*');
        if (actions.includes('dynamodb:')) {
          const named = (Object.keys(tables) as TableKey[]).filter((k) => resourcesText.includes(`"Data${k}`));
          for (const k of named) expect(ownTables, `${name} may touch ${k}`).toContain(k);
        }
        if (actions.includes('secretsmanager:')) {
          const secretNames = [...resourcesText.matchAll(/secret:voxpen\/(\w+)-/g)].map((m) => m[1]);
          for (const secret of secretNames) expect(('secrets' in def ? def.secrets : []) as readonly string[], `${name} may read ${secret}`).toContain(secret);
        }
      }
      for (const secret of ('secrets' in def ? def.secrets : []) as string[]) {
        expect(env[secretIdEnvName(secret as never)]).toBe(`voxpen/${secret}`);
      }
      // The stack's own generated secret (CloudFront's origin header) is read only by those that check it.
      const [[originSecretId]] = ofType('AWS::SecretsManager::Secret') as [[string, Resource]];
      const readsOriginSecret = statements.some((st) => [st.Action].flat().join(' ').includes('secretsmanager:') && json(st.Resource).includes(originSecretId));
      expect(readsOriginSecret, `${name} reads the origin secret`).toBe((('secrets' in def ? def.secrets : []) as readonly string[]).includes('originVerify'));
      if (readsOriginSecret) originSecretReaders.push(name);
    }
    // Every product function a request reaches refuses one that did not come through CloudFront, so
    // each reads the secret; the deletion sweeper is reached by its schedule alone.
    expect(originSecretReaders.sort()).toEqual(Object.keys(functions).filter((n) => n !== 'deletionSweeper').sort());
  });

  it("lets the account function delete from exactly the tables a deletion empties, each by name, and read none other; only it deletes from usage, handoff codes, contact messages and the vocabulary (their owners aside)", () => {
    expect(functions.account.tables).toEqual(['users', 'usage', 'handoffCodes', 'rateLimits', 'contactMessages', 'vocabulary']);
    const statementsOf = (name: string) => {
      const roleId = resources[logicalIdOfFunction(name)!]!.Properties.Role['Fn::GetAtt'][0];
      return ofType('AWS::IAM::Policy')
        .filter(([, p]) => json(p.Properties.Roles).includes(roleId))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[])
        .filter((st) => [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    };
    const tablesDeletableBy = (name: string) =>
      (Object.keys(tables) as TableKey[]).filter((k) =>
        statementsOf(name).some((st) => [st.Action].flat().includes('dynamodb:BatchWriteItem') && [st.Action].flat().includes('dynamodb:DeleteItem') && json(st.Resource).includes(`"Data${k}`)),
      );
    expect(tablesDeletableBy('account').sort()).toEqual(['contactMessages', 'handoffCodes', 'rateLimits', 'usage', 'users', 'vocabulary']);
    // Its export and deletion find contact messages by sender: the index is covered, by the table's name, not a wildcard.
    const contactResources = statementsOf('account').flatMap((st) => [st.Resource].flat()).map(json).filter((r) => r.includes('"Datacontact'));
    expect(contactResources.some((r) => r.includes('/index/*'))).toBe(true);
    // The sweeper finishes what the account function's deletion started: the same tables, the same deletes.
    expect(tablesDeletableBy('deletionSweeper').sort()).toEqual(tablesDeletableBy('account').sort());
    for (const other of Object.keys(functions).filter((n) => n !== 'account' && n !== 'deletionSweeper')) {
      for (const key of ['usage', 'handoffCodes', 'contactMessages', 'vocabulary'] as const) {
        if (other === 'usage' && key === 'usage') continue;
        if (other === 'vocabulary' && key === 'vocabulary') continue;
        if (other === 'auth' && key === 'handoffCodes') continue;
        if (other === 'contact' && key === 'contactMessages') continue;
        expect(tablesDeletableBy(other), `${other} may delete from ${key}`).not.toContain(key);
      }
    }
  });

  it('routes the account API to the account function, every route with credentials', () => {
    const accountRoutes = routes.filter((r) => r.fn === 'account').map((r) => `${r.method} ${r.path}`);
    expect(accountRoutes.sort()).toEqual([
      'DELETE /api/account',
      'DELETE /api/account/passkeys/{id}',
      'DELETE /api/account/sessions/{id}',
      'DELETE /api/account/two-step',
      'GET /api/account',
      'GET /api/account/export',
      'GET /api/account/passkeys',
      'GET /api/account/sessions',
      'GET /api/account/two-step',
      'PATCH /api/account',
      'POST /api/account/password',
      'POST /api/account/sign-out-everywhere',
      'POST /api/account/two-step/recovery-codes',
    ]);
    for (const route of routes.filter((r) => r.fn === 'account')) expect(route.forwardsCredentials, route.path).toBe(true);
  });
});

describe('origin secret rotation', () => {
  const rotationFunction = () => ofType('AWS::Lambda::Function').find(([id]) => id.startsWith('OriginRotationFunction'))!;
  const originSecretId = () => (ofType('AWS::SecretsManager::Secret') as [[string, Resource]])[0][0];
  const distributionId = () => ofType('AWS::CloudFront::Distribution')[0]![0];
  const statementsOfRole = (roleId: string) =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => json(p.Properties.Roles).includes(roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);

  it(`rotates the origin secret every ${ORIGIN_ROTATION_DAYS} days with its own function`, () => {
    const schedules = ofType('AWS::SecretsManager::RotationSchedule');
    expect(schedules).toHaveLength(1);
    const [[, schedule]] = schedules as [[string, Resource]];
    expect(schedule.Properties.SecretId).toEqual({ Ref: originSecretId() });
    expect(schedule.Properties.RotationLambdaARN).toEqual({ 'Fn::GetAtt': [rotationFunction()[0], 'Arn'] });
    expect(schedule.Properties.RotationRules).toEqual({ ScheduleExpression: `rate(${ORIGIN_ROTATION_DAYS} days)` });
    expect(ORIGIN_ROTATION_DAYS).toBe(30);
  });

  it('tells the function which distribution and header to move; it is not one of the API functions', () => {
    const [, fn] = rotationFunction();
    expect(fn.Properties.Environment.Variables).toMatchObject({ DISTRIBUTION_ID: { Ref: distributionId() }, ORIGIN_HEADER: ORIGIN_VERIFY_HEADER });
    expect(json(fn.Properties.Environment.Variables)).not.toContain('SECRET_ID_');
    const integrations = ofType('AWS::ApiGatewayV2::Integration').map(([, i]) => json(i.Properties.IntegrationUri));
    for (const uri of integrations) expect(uri).not.toContain(rotationFunction()[0]);
  });

  it('lets only Secrets Manager invoke it, for this secret, before the schedule exists', () => {
    const permissions = ofType('AWS::Lambda::Permission').filter(([, p]) => json(p.Properties.FunctionName).includes(rotationFunction()[0]));
    expect(permissions).toHaveLength(1);
    const [[permissionId, permission]] = permissions as [[string, Resource]];
    expect(permission.Properties).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'secretsmanager.amazonaws.com', SourceArn: { Ref: originSecretId() } });
    expect(permission.Properties.SourceAccount).toBeDefined();
    const [[, schedule]] = ofType('AWS::SecretsManager::RotationSchedule') as [[string, Resource]];
    expect([schedule.DependsOn ?? []].flat()).toContain(permissionId);
  });

  it("may only get and put that secret's versions, get and update that one distribution, and read its web ACL", () => {
    const [, fn] = rotationFunction();
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = statementsOfRole(roleId);
    const [[aclId]] = ofType('AWS::WAFv2::WebACL') as [[string, Resource]];
    const byAction = Object.fromEntries(statements.flatMap((st) => [st.Action].flat().map((action: string) => [action, json(st.Resource)])));
    expect(Object.keys(byAction).sort()).toEqual(
      [
        'cloudfront:GetDistributionConfig',
        'cloudfront:UpdateDistribution',
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
        'secretsmanager:PutSecretValue',
        'secretsmanager:UpdateSecretVersionStage',
        'wafv2:GetWebACL',
      ].sort(),
    );
    for (const [action, resource] of Object.entries(byAction)) {
      if (action.startsWith('secretsmanager:')) expect(resource, action).toBe(json({ Ref: originSecretId() }));
      if (action.startsWith('cloudfront:')) expect(resource, action).toContain(`{"Ref":"${distributionId()}"}`);
      if (action.startsWith('wafv2:')) expect(resource, action).toBe(json({ 'Fn::GetAtt': [aclId, 'Arn'] }));
    }
    for (const st of statements) expect(st.Resource, [st.Action].flat().join()).not.toBe('*');
    // No other role touches the distribution or writes the secret.
    const others = ofType('AWS::IAM::Policy').filter(([, p]) => !json(p.Properties.Roles).includes(roleId)).flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
    for (const st of others) {
      expect([st.Action].flat(), json(st.Resource)).not.toContain('cloudfront:UpdateDistribution');
      expect([st.Action].flat()).not.toContain('secretsmanager:PutSecretValue');
    }
  });

  it('alarms when a rotation step fails', () => {
    const [alarm] = ofType('AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties.AlarmDescription === ORIGIN_ROTATION_ALARM);
    expect(alarm).toBeDefined();
    expect(alarm![1].Properties).toMatchObject({ MetricName: 'Errors', Namespace: 'AWS/Lambda', Threshold: 1 });
    expect(json(alarm![1].Properties.Dimensions)).toContain(rotationFunction()[0]);
    expect(alarm![1].Properties.AlarmActions).toHaveLength(1);
  });

  it('reads no web ACL with WAF off', () => {
    const off = Template.fromStack(unbundledStack('RotationNoWaf', { waf: false })).toJSON().Resources as Record<string, Resource>;
    const statements = Object.values(off).filter((r) => r.Type === 'AWS::IAM::Policy').flatMap((p) => p.Properties.PolicyDocument.Statement as any[]);
    expect(statements.flatMap((st) => [st.Action].flat())).not.toContain('wafv2:GetWebACL');
  });

  it('no longer acknowledges SMG4 (secret without rotation): the rotation is scheduled, and cdk-nag finds nothing', () => {
    const suppressed = Object.values(resources).flatMap((r) => (r.Metadata?.cdk_nag?.rules_to_suppress ?? []) as { id: string }[]).map((s) => s.id);
    expect(suppressed).not.toContain('AwsSolutions-SMG4');
    expect(nagErrors(mainStack)).toEqual([]);
  });
});

describe('deployability', () => {
  it('has no dependency cycle among its resources (CloudFormation would refuse the stack)', () => {
    const refsOf = (value: unknown, out: Set<string>): Set<string> => {
      if (Array.isArray(value)) value.forEach((v) => refsOf(v, out));
      else if (value && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (key === 'Ref' && typeof v === 'string') out.add(v);
          else if (key === 'Fn::GetAtt') out.add((v as string[])[0]!);
          else refsOf(v, out);
        }
      }
      return out;
    };
    const edges = new Map(
      Object.entries(resources).map(([id, r]) => [id, [...refsOf(r.Properties, new Set([r.DependsOn ?? []].flat() as string[]))].filter((d) => d in resources)]),
    );
    const state = new Map<string, 'visiting' | 'done'>();
    const cycleFrom = (id: string, path: string[]): string[] | undefined => {
      state.set(id, 'visiting');
      for (const next of edges.get(id)!) {
        if (state.get(next) === 'visiting') return [...path.slice(path.indexOf(next)), id, next];
        const found = state.get(next) ? undefined : cycleFrom(next, [...path, id]);
        if (found) return found;
      }
      state.set(id, 'done');
      return undefined;
    };
    for (const id of edges.keys()) if (!state.get(id)) expect(cycleFrom(id, [])).toBeUndefined();
  });

  it("tells every function the site's origin: the CloudFront distribution's address", () => {
    const distributionId = ofType('AWS::CloudFront::Distribution')[0]![0];
    for (const [id, fn] of productFunctions()) {
      for (const name of ['WEB_ORIGIN', 'API_ORIGIN']) expect(json(fn.Properties.Environment.Variables[name]), `${id}.${name}`).toContain(`"${distributionId}","DomainName"`);
    }
  });
});

describe('operations', () => {
  it('sets log retention, alarms on API 5xx, Lambda errors and throttles, DynamoDB throttles', () => {
    const logGroups = ofType('AWS::Logs::LogGroup');
    expect(logGroups.length).toBeGreaterThanOrEqual(Object.keys(functions).length);
    for (const [, group] of logGroups) expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties.AlarmDescription as string);
    expect(alarms).toContain('More than 5% of API requests failed with 5xx');
    for (const name of Object.keys(functions)) {
      expect(alarms).toContain(`Lambda ${name} threw`);
      expect(alarms).toContain(`Lambda ${name} was throttled`);
    }
    for (const key of deployedTableKeys) expect(alarms).toContain(`DynamoDB table ${key} throttled requests`);
  });

  it('outputs the site URL, the API URL, the Stripe webhook URL and each table name', () => {
    const outputs = template.toJSON().Outputs;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['SiteUrl', 'ApiUrl', 'StripeWebhookUrl', 'ReleasesTableName']));
    expect(json(outputs.StripeWebhookUrl.Value)).toContain('/api/stripe-webhook');
  });
});

describe('optional context: custom domain, WAF, alarm email, mail sender', () => {
  let custom: Record<string, Resource>;
  let customStack: Stack;
  let outputs: Record<string, { Value: unknown }>;
  const certificateArn = 'arn:aws:acm:us-east-1:111111111111:certificate/abc';

  beforeAll(() => {
    // Bundling is what the first synth checks; this one only looks at the optional resources.
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new VoxpenStack(app, 'Custom', {
      secretPrefix: 'voxpen',
      env: { account: '111111111111', region: 'us-east-1' },
      domain: { names: ['voxpen.example', 'www.voxpen.example'], certificateArn },
      waf: { rateLimit: 1500 },
      alarmEmail: 'ops@voxpen.example',
      mailFrom: 'no-reply@voxpen.example',
      billing: { proProductId: 'prod_test_pro', priceIds: { 'pro-monthly': 'price_test_monthly', 'pro-annual': 'price_test_annual' } },
    });
    applyNagPacks(app);
    customStack = stack;
    const synthesized = Template.fromStack(stack).toJSON();
    custom = synthesized.Resources;
    outputs = synthesized.Outputs;
  }, 120_000);

  const customOfType = (type: string) => Object.entries(custom).filter(([, r]) => r.Type === type);

  it('serves the site on the domain with its certificate, behind a per-IP WAF rate rule', () => {
    const [[, dist]] = customOfType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = dist.Properties.DistributionConfig;
    expect(config.Aliases).toEqual(['voxpen.example', 'www.voxpen.example']);
    expect(config.ViewerCertificate).toMatchObject({ AcmCertificateArn: certificateArn, SslSupportMethod: 'sni-only' });
    const [[wafId, waf]] = customOfType('AWS::WAFv2::WebACL') as [[string, Resource]];
    expect(waf.Properties.Scope).toBe('CLOUDFRONT');
    expect(waf.Properties.Rules[0]).toMatchObject({ Action: { Block: {} }, Statement: { RateBasedStatement: { Limit: 1500, AggregateKeyType: 'IP' } } });
    expect(json(config.WebACLId)).toContain(wafId);
    expect(json(outputs.SiteUrl!.Value)).toBe('"https://voxpen.example"');
  });

  it('requires TLS 1.2 (TLSv1.2_2021) from viewers on the custom domain, and is cdk-nag clean without the default-certificate acknowledgement', () => {
    const [[, dist]] = customOfType('AWS::CloudFront::Distribution') as [[string, Resource]];
    expect(dist.Properties.DistributionConfig.ViewerCertificate.MinimumProtocolVersion).toBe('TLSv1.2_2021');
    expect(nagErrors(customStack)).toEqual([]);
    // CFR4 is acknowledged only for the default *.cloudfront.net certificate, never with a custom domain.
    expect(json(dist.Metadata ?? {})).not.toContain('AwsSolutions-CFR4');
  });

  it('mails alarms to the address, and lets only the mail-sending function send, from its domain only', () => {
    const [[topicId]] = customOfType('AWS::SNS::Topic') as [[string, Resource]];
    expect(customOfType('AWS::SNS::Subscription').map(([, s]) => s.Properties)).toContainEqual(expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@voxpen.example' }));
    for (const [, alarm] of customOfType('AWS::CloudWatch::Alarm')) expect(json(alarm.Properties.AlarmActions)).toContain(topicId);

    const sesStatements = customOfType('AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.PolicyDocument.Statement as any[]).filter((st) => [st.Action].flat().includes('ses:SendEmail')).map((st) => ({ roles: json(p.Properties.Roles), resource: json(st.Resource) })),
    );
    // Auth mails reset and verification links; account mails an email change's link and notice; the
    // sweeper mails the notice of an email change it finishes.
    expect(sesStatements).toHaveLength(3);
    expect(sesStatements.map((st) => st.roles).join(' ')).toContain('Apiauth');
    expect(sesStatements.map((st) => st.roles).join(' ')).toContain('Apiaccount');
    expect(sesStatements.map((st) => st.roles).join(' ')).toContain('deletionSweeper');
    for (const st of sesStatements) expect(st.resource).toContain('identity/voxpen.example');
  });
});

describe('cdk-nag (AwsSolutions and Serverless packs, as infra/app.ts applies them)', () => {
  it('leaves no finding unfixed or unacknowledged on the stack', () => {
    expect(nagErrors(mainStack)).toEqual([]);
  });

  it('gives every acknowledgement a reason', () => {
    const suppressions = Object.values(resources).flatMap((r) => (r.Metadata?.cdk_nag?.rules_to_suppress ?? []) as { id: string; reason: string }[]);
    expect(suppressions.length).toBeGreaterThan(0);
    for (const s of suppressions) expect(s.reason.length, s.id).toBeGreaterThan(30);
    // The default certificate's TLSv1 is AWS's limit, acknowledged; the API's missing authorizer is the sessions in the Lambdas.
    expect(suppressions.map((s) => s.id)).toEqual(expect.arrayContaining(['AwsSolutions-CFR4', 'AwsSolutions-APIG4']));
  });
});

describe('the edge: WAF, TLS, logs', () => {
  it('puts a WAF web ACL in front of CloudFront by default: a per-IP rate rule, then AWS common rule set', () => {
    const acls = ofType('AWS::WAFv2::WebACL');
    expect(acls).toHaveLength(1);
    const [[aclId, acl]] = acls as [[string, Resource]];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    const [rate, common] = acl.Properties.Rules;
    expect(rate).toMatchObject({ Priority: 0, Action: { Block: {} }, Statement: { RateBasedStatement: { Limit: DEFAULT_WAF_RATE_LIMIT, AggregateKeyType: 'IP' } } });
    expect(common).toMatchObject({ Priority: 1, OverrideAction: { None: {} }, Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' } } });
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    expect(json(dist.Properties.DistributionConfig.WebACLId)).toContain(aclId);
  });

  it('serves viewers over IPv4 only, so the per-IP WAF rule counts one client once (WAF cannot key an IPv6 client by its /64)', () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    // An IPv6 viewer picks any of its /64's 2^64 addresses: with IPv6 on, the per-IP rule below would hold nobody.
    expect(dist.Properties.DistributionConfig.IPV6Enabled).toBe(false);
    const [[, acl]] = ofType('AWS::WAFv2::WebACL') as [[string, Resource]];
    expect(acl.Properties.Rules[0].Statement.RateBasedStatement.AggregateKeyType).toBe('IP');
  });

  it('turns WAF off only for waf=false (the -c string or a cdk.json boolean)', () => {
    expect(wafFromContext(undefined, undefined)).toEqual({ rateLimit: undefined });
    expect(wafFromContext('true', 500)).toEqual({ rateLimit: 500 });
    expect(wafFromContext('false', 500)).toBe(false);
    expect(wafFromContext(false, undefined)).toBe(false);
    const stack = unbundledStack('NoWaf', { waf: false });
    const off = Template.fromStack(stack);
    off.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const [dist] = Object.values(off.findResources('AWS::CloudFront::Distribution'));
    expect(dist!.Properties.DistributionConfig.WebACLId).toBeUndefined();
    expect(nagErrors(stack)).toEqual([]);
  });

  it('puts the ACL in <stackName>-Edge in us-east-1 for a stack in another region, read through cross-region references (as infra/app.ts does)', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const env = { account: '111111111111', region: 'eu-central-1' };
    const edge = placeWaf(app, 'Frankfurt', env, { rateLimit: 900 });
    expect(edge.crossRegionReferences).toBe(true);
    const stack = new VoxpenStack(app, 'Frankfurt', { secretPrefix: 'voxpen', env, billing: BILLING, crossRegionReferences: true, waf: edge.waf });
    applyNagPacks(app);
    expect(edge.edge!.region).toBe('us-east-1');
    const edgeTemplate = Template.fromStack(edge.edge!);
    edgeTemplate.resourceCountIs('AWS::WAFv2::WebACL', 1);
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', Name: 'Frankfurt-edge' });
    const main = Template.fromStack(stack);
    main.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const [dist] = Object.values(main.findResources('AWS::CloudFront::Distribution'));
    expect(json(dist!.Properties.DistributionConfig.WebACLId)).toMatch(/ExportsReader/);
    expect(nagErrors(stack)).toEqual([]);
    expect(nagErrors(edge.edge!)).toEqual([]);
    // In us-east-1, or with WAF off, there is no second stack.
    expect(placeWaf(new App(), 'Virginia', { region: 'us-east-1' }, {}).edge).toBeUndefined();
    expect(placeWaf(new App(), 'Off', env, false).edge).toBeUndefined();
  });

  it('refuses an in-stack ACL with the stack outside us-east-1, where a CloudFront web ACL cannot exist, and says what to do', () => {
    expect(() => unbundledStack('Frankfurt', { env: { account: '111111111111', region: 'eu-central-1' } })).toThrow(/us-east-1.*placeWaf.*waf=false/);
    expect(() => unbundledStack('FrankfurtNoWaf', { env: { account: '111111111111', region: 'eu-central-1' }, waf: false })).not.toThrow();
  });

  it("keeps the default domain's policy (AWS's), acknowledged; no legacy CloudFront logging (it records query strings), CFR3 acknowledged for v2", () => {
    const [[, dist]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = dist.Properties.DistributionConfig;
    expect(config.ViewerCertificate).toBeUndefined();
    expect(config.Logging).toBeUndefined();
    const cfr3 = (dist.Metadata?.cdk_nag?.rules_to_suppress ?? []).find((r: { id: string }) => r.id === 'AwsSolutions-CFR3');
    expect(cfr3?.reason).toMatch(/standard logging v2/);
  });

  it("keeps the site bucket's access logs in a private log bucket that expires them", () => {
    const site = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.VersioningConfiguration)!;
    expect(site[1].Properties.LoggingConfiguration).toMatchObject({ LogFilePrefix: 'site-bucket/' });
    const logBucket = resources[site[1].Properties.LoggingConfiguration.DestinationBucketName.Ref]!;
    expect(logBucket.Properties.LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ ExpirationInDays: LOG_RETENTION_DAYS, Status: 'Enabled' }));
    expect(logBucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
  });

  it("delivers CloudFront's access logs with standard logging v2, from the distribution to a log group kept 30 days", () => {
    const distributionId = ofType('AWS::CloudFront::Distribution')[0]![0];
    const [[sourceId, source]] = ofType('AWS::Logs::DeliverySource') as [[string, Resource]];
    expect(source.Properties.LogType).toBe('ACCESS_LOGS');
    expect(json(source.Properties.ResourceArn)).toContain(`{"Ref":"${distributionId}"}`);
    expect(json(source.Properties.ResourceArn)).toContain(':distribution/');
    const [[destinationId, destination]] = ofType('AWS::Logs::DeliveryDestination') as [[string, Resource]];
    expect(destination.Properties).toMatchObject({ DeliveryDestinationType: 'CWL', OutputFormat: 'json' });
    const logGroupId = destination.Properties.DestinationResourceArn['Fn::GetAtt'][0];
    expect(resources[logGroupId]!.Type).toBe('AWS::Logs::LogGroup');
    expect(resources[logGroupId]!.Properties.RetentionInDays).toBe(LOG_RETENTION_DAYS);
    const [[, delivery]] = ofType('AWS::Logs::Delivery') as [[string, Resource]];
    expect(delivery.Properties.DeliverySourceName).toBe(source.Properties.Name);
    expect(delivery.Properties.DeliveryDestinationArn).toEqual({ 'Fn::GetAtt': [destinationId, 'Arn'] });
    expect([delivery.DependsOn ?? []].flat()).toContain(sourceId);
    // Only CloudWatch Logs' delivery service may write there, for this account's deliveries.
    const policies = ofType('AWS::Logs::ResourcePolicy').map(([, p]) => JSON.parse(p.Properties.PolicyDocument['Fn::Join'] ? json(p.Properties.PolicyDocument) : p.Properties.PolicyDocument));
    expect(json(policies)).toContain('delivery.logs.amazonaws.com');
    expect(json(policies)).toContain('aws:SourceAccount');
  });

  it('leaves the query string, cookies, the referer and forwarded-for out of every CloudFront log record', () => {
    const [[, delivery]] = ofType('AWS::Logs::Delivery') as [[string, Resource]];
    const fields: string[] = delivery.Properties.RecordFields;
    expect(fields).toEqual([...CLOUDFRONT_LOG_FIELDS]);
    for (const unlogged of UNLOGGED_FIELDS) expect(fields, unlogged).not.toContain(unlogged);
    expect(fields.filter((f) => /query|cookie|referer|forwarded/i.test(f))).toEqual([]);
    expect(fields).toEqual(expect.arrayContaining(['cs-uri-stem', 'sc-status', 'time-taken', 'x-edge-request-id']));
  });

  it('puts the log delivery in <stackName>-EdgeLogs in us-east-1 for a stack in another region, after the stack (cross-region reference to the distribution)', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const env = { account: '111111111111', region: 'eu-central-1' };
    const stack = new VoxpenStack(app, 'Frankfurt', { secretPrefix: 'voxpen', env, billing: BILLING, crossRegionReferences: true, waf: false });
    const logs = placeCloudFrontLogs(app, 'Frankfurt', env, stack.distributionArn)!;
    applyNagPacks(app);
    expect(logs.region).toBe('us-east-1');
    expect(logs.stackName).toBe('Frankfurt-EdgeLogs');
    const main = Template.fromStack(stack);
    for (const type of ['AWS::Logs::DeliverySource', 'AWS::Logs::DeliveryDestination', 'AWS::Logs::Delivery']) main.resourceCountIs(type, 0);
    const edgeLogs = Template.fromStack(logs);
    edgeLogs.hasResourceProperties('AWS::Logs::DeliverySource', { LogType: 'ACCESS_LOGS', Name: 'Frankfurt-cloudfront' });
    edgeLogs.hasResourceProperties('AWS::Logs::Delivery', { RecordFields: [...CLOUDFRONT_LOG_FIELDS] });
    edgeLogs.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: LOG_RETENTION_DAYS });
    const [source] = Object.values(edgeLogs.findResources('AWS::Logs::DeliverySource'));
    // The distribution's id comes from the stack through an SSM parameter written at its deploy, so EdgeLogs deploys after it.
    expect(json(source!.Properties.ResourceArn)).toMatch(/ExportsReader[A-Za-z0-9]*","\/cdk\/exports\/Frankfurt-EdgeLogs\/Frankfurt[A-Za-z0-9]*SiteDistribution/);
    expect(logs.dependencies.map((d) => d.stackName)).toContain('Frankfurt');
    expect(nagErrors(stack)).toEqual([]);
    expect(nagErrors(logs)).toEqual([]);
    // In us-east-1 (or with no region known at synth) there is no second stack.
    expect(placeCloudFrontLogs(new App(), 'Virginia', { region: 'us-east-1' }, 'arn')).toBeUndefined();
    expect(placeCloudFrontLogs(new App(), 'Unknown', {}, 'arn')).toBeUndefined();
  });

  it('accepts alarm-topic publishes over TLS only', () => {
    const [[topicId]] = ofType('AWS::SNS::Topic') as [[string, Resource]];
    const policies = ofType('AWS::SNS::TopicPolicy').filter(([, p]) => json(p.Properties.Topics).includes(topicId));
    const statements = policies.flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
  });

  it('writes the API access log as JSON: request id, route, status, latencies, integration error; no cookies, headers, path or query string', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const settings = stage.Properties.AccessLogSettings;
    const format: string = settings.Format;
    // Filled in with numbers for the unquoted fields, the template is one JSON object.
    const line = JSON.parse(format.replace(/\$context\.[A-Za-z.]+/g, (v) => (/status|responseLatency/.test(v) && !/integration/i.test(v) ? '200' : 'x')));
    expect(Object.keys(line)).toEqual(expect.arrayContaining(['requestId', 'routeKey', 'status', 'responseLatency', 'integrationLatency', 'integrationErrorMessage']));
    expect(typeof line.status).toBe('number');
    expect(typeof line.responseLatency).toBe('number');
    for (const variable of Object.values(ACCESS_LOG_FIELDS)) expect(format).toContain(variable);
    expect(format).not.toMatch(/cookie|header|querystring|\$context\.path|authorizer|identity\.sourceIp|user-?agent/i);
    const logGroupId = settings.DestinationArn['Fn::GetAtt'][0];
    expect(resources[logGroupId]!.Type).toBe('AWS::Logs::LogGroup');
    expect(resources[logGroupId]!.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  it("throttles the Stripe webhook, sign-in and the session refresh on their own budgets, apart from the stage's default", () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const settings = stage.Properties.RouteSettings;
    const routeKeys = routes.map((r) => `${r.method} ${r.path}`);
    expect(Object.keys(settings)).toEqual(expect.arrayContaining(['POST /api/stripe-webhook', 'ANY /api/auth/{proxy+}']));
    for (const [key, limits] of Object.entries(ROUTE_THROTTLES)) {
      expect(routeKeys, key).toContain(key);
      expect(settings[key]).toEqual({ ThrottlingRateLimit: limits.rateLimit, ThrottlingBurstLimit: limits.burstLimit });
    }
    // The refresh has a budget of its own, larger than sign-in's: a flood of sign-ins cannot stop it.
    expect(settings['POST /api/auth/session/refresh']).toEqual({ ThrottlingRateLimit: 300, ThrottlingBurstLimit: 600 });
    const refreshRoute = ofType('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === 'POST /api/auth/session/refresh');
    expect(refreshRoute, 'the refresh is a route of its own').toBeDefined();
    expect(settings['POST /api/auth/session/refresh'].ThrottlingRateLimit).toBeGreaterThan(settings['ANY /api/auth/{proxy+}'].ThrottlingRateLimit);
    // The route settings name routes, so the stage waits for them.
    const routeIds = ofType('AWS::ApiGatewayV2::Route').map(([id]) => id);
    expect([stage.DependsOn ?? []].flat()).toEqual(expect.arrayContaining(routeIds));
  });
});

describe('the dashboard and the money-path alarms', () => {
  const body = () => {
    const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard') as [[string, Resource]];
    return json(dashboard.Properties.DashboardBody);
  };

  it('is one dashboard with the API, per function group: requests/4xx/5xx and p50/p99 latency; per Lambda: errors, throttles, cold starts, duration', () => {
    expect(ofType('AWS::CloudWatch::Dashboard')).toHaveLength(1);
    const text = body();
    for (const name of Object.keys(functions)) {
      expect(text, name).toContain(`API ${name}: requests, 4xx, 5xx`);
      expect(text, name).toContain(`API ${name}: latency (ms)`);
      expect(text, name).toContain(`Lambda ${name}: invocations, errors, throttles, cold starts`);
      expect(text, name).toContain(`Lambda ${name}: duration (ms)`);
      expect(text, name).toContain(`api-${name}-latency`);
      expect(text, name).toContain(`lambda-${name}-cold-starts`);
    }
    expect(text).toContain('p99');
    for (const key of deployedTableKeys) expect(text, key).toContain(`DynamoDB ${key}`);
    expect(text).toContain('ConsumedReadCapacityUnits');
    expect(text).toContain('WriteThrottleEvents');
    expect(text).toContain('AWS/WAFV2');
    expect(text).toContain('BlockedRequests');
    expect(text).toContain('webhook-5xx');
  });

  it('counts per-group metrics from the access log, each group by exactly its own routes, and cold starts from the platform REPORT line', () => {
    const filters = ofType('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
    for (const name of Object.keys(functions)) {
      const latency = filters.find((f) => f.MetricTransformations[0].MetricName === `api-${name}-latency`)!;
      expect(latency.MetricTransformations[0].MetricValue).toBe('$.responseLatency');
      for (const route of routes) expect(latency.FilterPattern.includes(`"${route.method} ${route.path}"`), `${name} / ${route.path}`).toBe(route.fn === name);
      const cold = filters.find((f) => f.MetricTransformations[0].MetricName === `lambda-${name}-cold-starts`)!;
      expect(cold.FilterPattern).toBe('"REPORT" "Init Duration"');
    }
  });

  it('alarms on webhook 5xx and on failed Stripe calls in billing (its own log message)', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const byMetric = (metricName: string) => alarms.find((a) => json(a.Metrics ?? a.MetricName).includes(`"${metricName}"`));
    for (const metricName of ['webhook-5xx', 'billing-stripe-call-failures']) {
      const alarm = byMetric(metricName);
      expect(alarm, metricName).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      expect(json(alarm!.Metrics ?? alarm!.Namespace), metricName).toContain('"Voxpen"');
      expect(alarm!.AlarmActions, metricName).toHaveLength(1);
    }
    const filters = ofType('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
    const stripe = filters.find((f) => f.MetricTransformations[0].MetricName === 'billing-stripe-call-failures')!;
    expect(stripe.FilterPattern).toBe(`{ $.message = "${STRIPE_FAILURE_MESSAGE}" }`);
    expect(json(stripe.LogGroupName)).toContain('Apibillinglogs');
    const webhook = filters.find((f) => f.MetricTransformations[0].MetricName === 'webhook-5xx')!;
    expect(webhook.FilterPattern).toContain('"POST /api/stripe-webhook"');
    expect(webhook.FilterPattern).toContain('$.status >= 500');
  });
});
