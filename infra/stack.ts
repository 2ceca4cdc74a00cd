import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import { routes } from '../shared/routes';
import { ORIGIN_VERIFY_HEADER } from '../shared/secrets';
import { deployedTableKeys, tableOutputKey } from '../shared/tables';
import { Api, type BillingSettings } from './constructs/api';
import { Data } from './constructs/data';
import { Monitoring } from './constructs/monitoring';
import { Site } from './constructs/site';

export interface VoxpenStackProps extends StackProps {
  /** Secrets Manager names are `<secretPrefix>/<name>` (shared/secrets.ts lists them). */
  secretPrefix: string;
  /** Custom domain: the site's host names and an ACM certificate (us-east-1) covering them. */
  domain?: { names: string[]; certificateArn: string };
  /** Requests per 5 minutes per IP before WAF blocks; no WAF when unset (needs the stack in us-east-1). */
  wafRateLimit?: number;
  alarmEmail?: string;
  mailFrom?: string;
  apiThrottle?: { rateLimit: number; burstLimit: number };
  /** Stripe's Pro product and prices (context stripeProProductId, stripePriceProMonthly, stripePriceProAnnual). */
  billing: BillingSettings;
  /** The built frontend; defaults to frontend/dist. */
  distDir?: string;
}

/** Voxpen in one stack: data, the API's Lambdas, the site on CloudFront, and the alarms. */
export class VoxpenStack extends Stack {
  constructor(scope: Construct, id: string, props: VoxpenStackProps) {
    super(scope, id, props);

    const data = new Data(this, 'Data');

    const api = new Api(this, 'Api', {
      tables: data.tables,
      secretPrefix: props.secretPrefix,
      mailFrom: props.mailFrom,
      throttle: props.apiThrottle ?? { rateLimit: 50, burstLimit: 100 },
      billing: props.billing,
    });

    const waf = props.wafRateLimit
      ? new CfnWebACL(this, 'Waf', {
          scope: 'CLOUDFRONT',
          defaultAction: { allow: {} },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'voxpen-waf', sampledRequestsEnabled: true },
          rules: [
            {
              name: 'rate-limit-per-ip',
              priority: 0,
              action: { block: {} },
              statement: { rateBasedStatement: { limit: props.wafRateLimit, aggregateKeyType: 'IP' } },
              visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'voxpen-rate-limit', sampledRequestsEnabled: true },
            },
          ],
        })
      : undefined;

    const site = new Site(this, 'Site', {
      api: api.httpApi,
      distDir: props.distDir ?? resolve(import.meta.dirname, '../frontend/dist'),
      domain: props.domain,
      webAclArn: waf?.attrArn,
      // A dynamic reference: CloudFormation resolves it at deploy, so the value is in no template.
      originVerify: { header: ORIGIN_VERIFY_HEADER, value: api.secrets.originVerify.secretValueFromJson('value').unsafeUnwrap() },
    });

    const siteUrl = props.domain ? `https://${props.domain.names[0]}` : `https://${site.distribution.distributionDomainName}`;
    // CloudFront's origin is the API resource itself, not its routes or Lambdas, so the Lambdas can
    // be told the distribution's address without a dependency cycle (test/infra checks there is none).
    api.setSiteOrigin(siteUrl);

    const deployedTables = Object.fromEntries(deployedTableKeys.map((key) => [key, data.tables[key]!]));
    new Monitoring(this, 'Monitoring', { httpApi: api.httpApi, functions: api.functions, tables: deployedTables, alarmEmail: props.alarmEmail });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'ApiUrl', { value: api.httpApi.apiEndpoint, description: 'API Gateway endpoint (visitors use SiteUrl/api)' });
    const webhook = routes.find((r) => r.fn === 'stripeWebhook');
    if (webhook) new CfnOutput(this, 'StripeWebhookUrl', { value: `${siteUrl}${webhook.path}`, description: 'Register this endpoint in Stripe' });
    for (const key of deployedTableKeys) new CfnOutput(this, tableOutputKey(key), { value: data.tables[key]!.tableName });
  }
}
