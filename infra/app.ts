/** The CDK app: `npm run deploy` (or `npx cdk deploy`) with the context in cdk.json or `-c key=value`. */
import { Annotations, App } from 'aws-cdk-lib';
import { cloudFrontLogsInStack, placeCloudFrontLogs } from './constructs/cloudfront-logs';
import { placeWaf, wafFromContext } from './constructs/waf';
import { applyNagPacks } from './nag';
import { VoxpenStack } from './stack';

const app = new App();
const context = (key: string): string | undefined => app.node.tryGetContext(key) ?? undefined;
const number = (key: string): number | undefined => (context(key) === undefined ? undefined : Number(context(key)));

const domainName = context('domainName');
const certificateArn = context('certificateArn');
if (domainName && !certificateArn) throw new Error('domainName needs certificateArn (an ACM certificate in us-east-1)');

// Stripe ids differ per Stripe account (test or live); billing refuses to start without them.
const billing = {
  proProductId: context('stripeProProductId') ?? '',
  priceIds: { 'pro-monthly': context('stripePriceProMonthly') ?? '', 'pro-annual': context('stripePriceProAnnual') ?? '' },
};

const stackName = context('stackName') ?? 'Voxpen';
const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
// WAF is on unless -c waf=false; a CLOUDFRONT web ACL lives in us-east-1: in this stack when it is there,
// else in <stackName>-Edge in us-east-1, read through cross-region references.
const edge = placeWaf(app, stackName, env, wafFromContext(context('waf'), number('wafRateLimit')));
const stack = new VoxpenStack(app, stackName, {
  env,
  // Outside us-east-1 the stack reads the Edge stack's ACL and gives EdgeLogs its distribution's ARN.
  crossRegionReferences: edge.crossRegionReferences || !cloudFrontLogsInStack(env.region),
  secretPrefix: context('secretPrefix') ?? 'voxpen',
  domain: domainName && certificateArn ? { names: [domainName], certificateArn } : undefined,
  waf: edge.waf,
  alarmEmail: context('alarmEmail'),
  mailFrom: context('mailFrom'),
  apiThrottle: { rateLimit: number('apiRateLimit') ?? 50, burstLimit: number('apiBurstLimit') ?? 100 },
  billing,
});
// CloudFront's access log delivery: in the stack in us-east-1, else in <stackName>-EdgeLogs in us-east-1.
placeCloudFrontLogs(app, stackName, env, stack.distributionArn);
// cdk-nag's AwsSolutions and Serverless packs: an unacknowledged finding is an error, which fails `cdk synth`
// (acknowledgements and their reasons: infra/nag.ts).
applyNagPacks(app);
if (!billing.proProductId || Object.values(billing.priceIds).some((id) => !id)) {
  Annotations.of(stack).addWarningV2(
    'voxpen:billing-context',
    'Stripe ids are not set: pass -c stripeProProductId=prod_… -c stripePriceProMonthly=price_… -c stripePriceProAnnual=price_… (checkout and plans fail without them).',
  );
}
