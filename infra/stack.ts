import { Annotations, CfnOutput, Duration, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import { routes } from '../shared/routes';
import { ORIGIN_VERIFY_HEADER } from '../shared/secrets';
import { deployedTableKeys, tableOutputKey } from '../shared/tables';
import { Api, type BillingSettings } from './constructs/api';
import { CloudFrontAccessLogs, cloudFrontLogsInStack } from './constructs/cloudfront-logs';
import { Data } from './constructs/data';
import { Monitoring } from './constructs/monitoring';
import { ORIGIN_ROTATION_ALARM, OriginRotation } from './constructs/origin-rotation';
import { Site } from './constructs/site';
import { DEFAULT_WAF_RATE_LIMIT, EdgeWaf, type ExternalWebAcl } from './constructs/waf';
import { suppressNagFindings } from './nag';

export interface VoxpenStackProps extends StackProps {
  /** Secrets Manager names are `<secretPrefix>/<name>` (shared/secrets.ts lists them). */
  secretPrefix: string;
  /** Custom domain: the site's host names and an ACM certificate (us-east-1) covering them. */
  domain?: { names: string[]; certificateArn: string };
  /**
   * The CloudFront web ACL (per-IP rate rule, AWS's common rule set): on unless `false`; `rateLimit` is
   * requests per 5 minutes per IP (DEFAULT_WAF_RATE_LIMIT). A CLOUDFRONT-scoped ACL exists only in
   * us-east-1: in this stack when it is there, else `webAcl` from an EdgeStack (placeWaf in infra/app.ts),
   * with crossRegionReferences on.
   */
  waf?: false | { rateLimit?: number } | { webAcl: ExternalWebAcl };
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
  /** The distribution's ARN, for CloudFront's log delivery in another stack (placeCloudFrontLogs). */
  readonly distributionArn: string;
  /** CloudFront's log delivery, when this stack can hold it (us-east-1 or no region at synth). */
  readonly cloudFrontLogs?: CloudFrontAccessLogs;

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

    const external = props.waf && 'webAcl' in props.waf ? props.waf.webAcl : undefined;
    const waf =
      props.waf === false || external ? undefined : new EdgeWaf(this, 'Waf', { rateLimit: (props.waf as { rateLimit?: number } | undefined)?.rateLimit ?? DEFAULT_WAF_RATE_LIMIT });
    if (waf) {
      if (!Token.isUnresolved(this.region) && this.region !== 'us-east-1') {
        throw new Error(
          `WAF for CloudFront lives in us-east-1, and this stack is in ${this.region}: give it the ACL of an EdgeStack in us-east-1 (infra/app.ts does, through placeWaf) or turn WAF off with -c waf=false`,
        );
      }
      if (Token.isUnresolved(this.region)) {
        Annotations.of(this).addInfo('The stack has no region at synth; with WAF on it must be deployed to us-east-1 (CloudFront web ACLs exist only there).');
      }
    }
    const webAcl: ExternalWebAcl | undefined = external ?? (waf && { arn: waf.acl.attrArn, name: waf.name });

    const site = new Site(this, 'Site', {
      api: api.httpApi,
      distDir: props.distDir ?? resolve(import.meta.dirname, '../frontend/dist'),
      domain: props.domain,
      webAclArn: webAcl?.arn,
      // A dynamic reference: CloudFormation resolves it at deploy, so the value is in no template. It names
      // no version, so a deploy resolves AWSCURRENT, the value the scheduled rotation leaves the distribution
      // sending: CloudFormation resolves it only when it updates the distribution, and then writes the same value.
      originVerify: { header: ORIGIN_VERIFY_HEADER, value: api.secrets.originVerify.secretValueFromJson('value').unsafeUnwrap() },
    });
    const originRotation = new OriginRotation(this, 'OriginRotation', {
      secret: api.secrets.originVerify,
      distribution: site.distribution,
      header: ORIGIN_VERIFY_HEADER,
      webAclArn: webAcl?.arn,
    });

    // CloudFront's access logs (standard logging v2): its delivery source exists only in us-east-1, so a
    // stack elsewhere leaves them to <stackName>-EdgeLogs (placeCloudFrontLogs in infra/app.ts).
    const region = Token.isUnresolved(this.region) ? undefined : this.region;
    this.cloudFrontLogs = cloudFrontLogsInStack(region)
      ? new CloudFrontAccessLogs(this, 'CloudFrontLogs', { distributionArn: site.distribution.distributionArn, name: this.stackName })
      : undefined;
    if (!region) Annotations.of(this).addInfo("The stack has no region at synth; CloudFront's log delivery is in it, so it must be deployed to us-east-1.");
    this.distributionArn = site.distribution.distributionArn;

    const siteUrl = props.domain ? `https://${props.domain.names[0]}` : `https://${site.distribution.distributionDomainName}`;
    // CloudFront's origin is the API resource itself, not its routes or Lambdas, so the Lambdas can
    // be told the distribution's address without a dependency cycle (test/infra checks there is none).
    api.setSiteOrigin(siteUrl);

    // Deletions that stopped part way are finished within minutes (functions/account/sweeper.ts).
    const deletionSweep = new Rule(this, 'DeletionSweep', {
      description: 'Finishes account deletions that stopped part way',
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(api.functions.deletionSweeper, { retryAttempts: 0 })],
    });

    const deployedTables = Object.fromEntries(deployedTableKeys.map((key) => [key, data.tables[key]!]));
    const monitoring = new Monitoring(this, 'Monitoring', {
      httpApi: api.httpApi,
      accessLogs: api.accessLogs,
      functions: Object.fromEntries(Object.entries(api.functions).map(([name, fn]) => [name, { fn, logGroup: fn.logGroup }])) as never,
      tables: deployedTables,
      webAclName: webAcl?.name,
      alarmEmail: props.alarmEmail,
    });
    // A failed step leaves the values CloudFront may send accepted (rotation.ts), but the secret stops rotating.
    monitoring.alarm('OriginRotationFailed', originRotation.fn.metricErrors({ period: Duration.hours(1) }), 1, ORIGIN_ROTATION_ALARM);
    suppressNagFindings(this, { api, site, monitoring, originRotation, deletionSweep, customDomain: Boolean(props.domain) });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'ApiUrl', { value: api.httpApi.apiEndpoint, description: 'API Gateway endpoint (visitors use SiteUrl/api)' });
    const webhook = routes.find((r) => r.fn === 'stripeWebhook');
    if (webhook) new CfnOutput(this, 'StripeWebhookUrl', { value: `${siteUrl}${webhook.path}`, description: 'Register this endpoint in Stripe' });
    for (const key of deployedTableKeys) new CfnOutput(this, tableOutputKey(key), { value: data.tables[key]!.tableName });
  }
}
