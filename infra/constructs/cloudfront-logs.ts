import { RemovalPolicy, Stack, type App, type Environment, type StackProps } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnDelivery, CfnDeliveryDestination, CfnDeliverySource, LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * The fields of each CloudFront access log record (standard logging v2). What is left out, on purpose:
 * `cs-uri-query` (Google's one-time `code` on /auth/callback, Stripe's `session_id` on /checkout/success,
 * a password-reset `token`, a desktop sign-in code), `cs(Cookie)` (the session), `cs(Referer)` (the page
 * before, with its query string: same-origin requests send it whole), `x-forwarded-for` (addresses a
 * client claims), and the field-level-encryption and range fields the site does not use.
 */
export const CLOUDFRONT_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'x-edge-request-id',
  'x-host-header',
  'cs(Host)',
  'cs-method',
  'cs-uri-stem',
  'cs-protocol',
  'cs-protocol-version',
  'cs-bytes',
  'cs(User-Agent)',
  'c-ip',
  'c-port',
  'c-country',
  'sc-status',
  'sc-bytes',
  'sc-content-type',
  'sc-content-len',
  'time-taken',
  'time-to-first-byte',
  'x-edge-result-type',
  'x-edge-response-result-type',
  'x-edge-detailed-result-type',
  'cache-behavior-path-pattern',
  'ssl-protocol',
  'ssl-cipher',
] as const;

/** Fields that carry codes, tokens or sessions and must never be delivered (stack tests hold the list to it). */
export const UNLOGGED_FIELDS = ['cs-uri-query', 'cs(Cookie)', 'cs(Referer)', 'x-forwarded-for'] as const;

/** Days CloudFront's access logs are kept. */
export const CLOUDFRONT_LOG_RETENTION = RetentionDays.ONE_MONTH;

export interface CloudFrontAccessLogsProps {
  /** The distribution's ARN (arn:aws:cloudfront::<account>:distribution/<id>). */
  distributionArn: string;
  /** Names the delivery source, destination and log group: the Voxpen stack's name. */
  name: string;
}

/**
 * CloudFront standard logging (v2): CloudWatch's vended log delivery from the distribution (its
 * ACCESS_LOGS) to a log group kept CLOUDFRONT_LOG_RETENTION, with only CLOUDFRONT_LOG_FIELDS. CloudFront's
 * delivery source exists only in us-east-1, so this construct must be in a stack there (placeCloudFrontLogs).
 */
export class CloudFrontAccessLogs extends Construct {
  readonly logGroup: LogGroup;
  readonly source: CfnDeliverySource;
  readonly destination: CfnDeliveryDestination;
  readonly delivery: CfnDelivery;

  constructor(scope: Construct, id: string, props: CloudFrontAccessLogsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.logGroup = new LogGroup(this, 'Logs', {
      // The /aws/vendedlogs/ prefix is the one AWS recommends for vended logs.
      logGroupName: `/aws/vendedlogs/cloudfront/${props.name}`,
      retention: CLOUDFRONT_LOG_RETENTION,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudWatch Logs' delivery service writes the records, for deliveries of this account only.
    const policy = this.logGroup.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': stack.formatArn({ service: 'logs', resource: '*' }) },
        },
      }),
    );

    this.source = new CfnDeliverySource(this, 'Source', {
      name: `${props.name}-cloudfront`,
      logType: 'ACCESS_LOGS',
      resourceArn: props.distributionArn,
    });
    this.destination = new CfnDeliveryDestination(this, 'Destination', {
      name: `${props.name}-cloudfront-logs`,
      deliveryDestinationType: 'CWL',
      destinationResourceArn: this.logGroup.logGroupArn,
      outputFormat: 'json',
    });
    if (policy.policyDependable) this.destination.node.addDependency(policy.policyDependable);
    this.delivery = new CfnDelivery(this, 'Delivery', {
      deliverySourceName: this.source.name,
      deliveryDestinationArn: this.destination.attrArn,
      recordFields: [...CLOUDFRONT_LOG_FIELDS],
    });
    // The delivery names its source by name, which is no reference CloudFormation can order by.
    this.delivery.node.addDependency(this.source);
  }
}

/** CloudFront's access log delivery on its own, in us-east-1, for a Voxpen stack in another region. */
export class EdgeLogsStack extends Stack {
  readonly logs: CloudFrontAccessLogs;

  constructor(scope: App, id: string, props: StackProps & CloudFrontAccessLogsProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    this.logs = new CloudFrontAccessLogs(this, 'CloudFrontLogs', { distributionArn: props.distributionArn, name: props.name });
  }
}

/** Whether CloudFront's log delivery can be in a stack of this region: us-east-1, or none known at synth. */
export function cloudFrontLogsInStack(region: string | undefined): boolean {
  return !region || region === 'us-east-1';
}

/**
 * Where CloudFront's log delivery goes, the CDK way: in the Voxpen stack when that is in us-east-1 (the
 * stack does it), else in `<stackName>-EdgeLogs` in us-east-1, which reads the distribution's ARN through
 * CDK's cross-region references (the Voxpen stack writes it to an SSM parameter in us-east-1 at deploy),
 * so it is deployed after the Voxpen stack. (The `-Edge` stack of the WAF cannot hold it: the Voxpen stack
 * reads the ACL from it, so it is deployed first, before the distribution exists.)
 */
export function placeCloudFrontLogs(app: App, stackName: string, env: Environment, distributionArn: string): EdgeLogsStack | undefined {
  if (cloudFrontLogsInStack(env.region)) return undefined;
  return new EdgeLogsStack(app, `${stackName}-EdgeLogs`, {
    env: { account: env.account, region: 'us-east-1' },
    description: `CloudFront access logs of ${stackName} (CloudFront's log delivery source exists only in us-east-1)`,
    distributionArn,
    name: stackName,
  });
}
