/** The CDK app: `npm run deploy` (or `npx cdk deploy`) with the context in cdk.json or `-c key=value`. */
import { App } from 'aws-cdk-lib';
import { VoxpenStack } from './stack';

const app = new App();
const context = (key: string): string | undefined => app.node.tryGetContext(key) ?? undefined;
const number = (key: string): number | undefined => (context(key) === undefined ? undefined : Number(context(key)));

const domainName = context('domainName');
const certificateArn = context('certificateArn');
if (domainName && !certificateArn) throw new Error('domainName needs certificateArn (an ACM certificate in us-east-1)');

new VoxpenStack(app, context('stackName') ?? 'Voxpen', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  secretPrefix: context('secretPrefix') ?? 'voxpen',
  domain: domainName && certificateArn ? { names: [domainName], certificateArn } : undefined,
  wafRateLimit: number('wafRateLimit'),
  alarmEmail: context('alarmEmail'),
  mailFrom: context('mailFrom'),
  apiThrottle: { rateLimit: number('apiRateLimit') ?? 50, burstLimit: number('apiBurstLimit') ?? 100 },
});
