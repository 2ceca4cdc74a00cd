import { Duration, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnPermission } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnRotationSchedule, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import { LAMBDA_FUNCTION_DEFAULTS } from './bundling';

const ROOT = resolve(import.meta.dirname, '../..');

/** Days between rotations of the origin secret; a value CloudFront sends is retired two rotations after it was staged. */
export const ORIGIN_ROTATION_DAYS = 30;

/** The alarm's description: a rotation step failed. */
export const ORIGIN_ROTATION_ALARM = 'Origin secret rotation failed: see the rotation function\'s log (the API keeps accepting the values it knows)';

export interface OriginRotationProps {
  /** The stack-generated origin secret ({ value, previous?, next? }). */
  secret: ISecret;
  /** The distribution whose API origin sends the secret. */
  distribution: IDistribution;
  /** The origin custom header carrying it (ORIGIN_VERIFY_HEADER). */
  header: string;
  /** The distribution's web ACL, when it has one: CloudFront checks that whoever updates the distribution may read it. */
  webAclArn?: string;
}

/**
 * Scheduled rotation of the origin secret: Secrets Manager invokes functions/origin-rotation/
 * every ORIGIN_ROTATION_DAYS, and it moves the distribution's origin header to the new value itself, so
 * no deploy is needed. The template's header is the secret's AWSCURRENT value, which is what the
 * rotation leaves the distribution sending, so a later deploy writes the same value back.
 */
export class OriginRotation extends Construct {
  readonly fn: NodejsFunction;
  readonly schedule: CfnRotationSchedule;

  constructor(scope: Construct, id: string, props: OriginRotationProps) {
    super(scope, id);
    this.fn = new NodejsFunction(this, 'Function', {
      ...LAMBDA_FUNCTION_DEFAULTS,
      entry: resolve(ROOT, 'functions/origin-rotation/handler.ts'),
      memorySize: 256,
      // Four short calls per step; UpdateDistribution answers before the change reaches the edges.
      timeout: Duration.minutes(1),
      description: 'Rotates the origin secret CloudFront sends to the API (Secrets Manager rotation steps)',
      environment: {
        DISTRIBUTION_ID: props.distribution.distributionId,
        ORIGIN_HEADER: props.header,
        LOG_LEVEL: 'INFO',
      },
      logGroup: new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH }),
    });

    // That one secret's versions: read them, add the pending one, move AWSCURRENT (AWS's rotation template).
    this.fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue', 'secretsmanager:UpdateSecretVersionStage'],
        resources: [props.secret.secretArn],
      }),
    );
    // That one distribution's configuration: read it and write it back with the new header value.
    this.fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution'],
        resources: [props.distribution.distributionArn],
      }),
    );
    if (props.webAclArn) {
      // An UpdateDistribution naming a web ACL is refused ("Unable to verify read permissions on Web ACL")
      // unless the caller may read that ACL; read only, that one ACL.
      this.fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['wafv2:GetWebACL'], resources: [props.webAclArn] }));
    }

    // Only Secrets Manager, and only for this secret (aws:SourceArn), may invoke the function.
    const permission = new CfnPermission(this, 'InvokedBySecretsManager', {
      action: 'lambda:InvokeFunction',
      functionName: this.fn.functionArn,
      principal: new ServicePrincipal('secretsmanager.amazonaws.com').service,
      sourceAccount: Stack.of(this).account,
      sourceArn: props.secret.secretArn,
    });

    this.schedule = new CfnRotationSchedule(this, 'Schedule', {
      secretId: props.secret.secretArn,
      rotationLambdaArn: this.fn.functionArn,
      rotationRules: { scheduleExpression: `rate(${ORIGIN_ROTATION_DAYS} days)` },
    });
    this.schedule.node.addDependency(permission);
  }
}
