import { Stack, type App, type Environment, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Requests per 5 minutes per IP before the rate rule blocks, unless context wafRateLimit says otherwise. */
export const DEFAULT_WAF_RATE_LIMIT = 2000;
export const WAF_METRIC = 'voxpen-waf';
export const WAF_RATE_RULE = 'rate-limit-per-ip';
export const WAF_COMMON_RULE = 'aws-common-rule-set';

/** The stack's `waf` setting from context: off only for `waf=false` (a string from -c, or a boolean from cdk.json). */
export function wafFromContext(waf: unknown, rateLimit: number | undefined): false | { rateLimit?: number } {
  return String(waf) === 'false' ? false : { rateLimit };
}

export interface EdgeWafProps {
  /** Requests per 5 minutes per IP. */
  rateLimit: number;
  /** The ACL's name; `<this stack's name>-edge` by default. */
  name?: string;
}

/**
 * The CloudFront web ACL: a per-IP rate-based rule, then AWS's managed common rule set. CLOUDFRONT-scoped,
 * so CloudFormation creates it only in us-east-1 (infra/app.ts makes sure the stack is there).
 */
export class EdgeWaf extends Construct {
  readonly acl: CfnWebACL;
  /** The ACL's name: its CloudWatch metrics' WebACL dimension. */
  readonly name: string;

  constructor(scope: Construct, id: string, props: EdgeWafProps) {
    super(scope, id);
    this.name = props.name ?? `${Stack.of(this).stackName}-edge`;
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    this.acl = new CfnWebACL(this, 'Acl', {
      name: this.name,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(WAF_METRIC),
      rules: [
        {
          name: WAF_RATE_RULE,
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: props.rateLimit, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('voxpen-rate-limit'),
        },
        {
          name: WAF_COMMON_RULE,
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // The body-size rule blocks bodies over 8 KB: a Stripe event (a subscription with its items
              // and invoice) can be larger, and a blocked webhook is a lost payment, so it only counts.
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('voxpen-common-rule-set'),
        },
      ],
    });
  }
}

/** A web ACL made elsewhere (EdgeStack in us-east-1): its ARN for the distribution, its name for the dashboard. */
export interface ExternalWebAcl {
  arn: string;
  name: string;
}

/** The CloudFront web ACL on its own, in us-east-1, for a Voxpen stack in another region. */
export class EdgeStack extends Stack {
  readonly webAcl: ExternalWebAcl;

  constructor(scope: App, id: string, props: StackProps & EdgeWafProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const waf = new EdgeWaf(this, 'Waf', { rateLimit: props.rateLimit, name: props.name });
    this.webAcl = { arn: waf.acl.attrArn, name: waf.name };
  }
}

/**
 * Where the web ACL goes, the CDK way: in the Voxpen stack when that is in us-east-1 (or its region is
 * not known at synth), else in `<stackName>-Edge` in us-east-1, whose ARN the Voxpen stack reads through
 * CDK's cross-region references (an SSM parameter in the stack's own region, written at deploy).
 */
export function placeWaf(
  app: App,
  stackName: string,
  env: Environment,
  waf: false | { rateLimit?: number },
): { waf: false | { rateLimit?: number } | { webAcl: ExternalWebAcl }; crossRegionReferences: boolean; edge?: EdgeStack } {
  if (waf === false || !env.region || env.region === 'us-east-1') return { waf, crossRegionReferences: false };
  const edge = new EdgeStack(app, `${stackName}-Edge`, {
    env: { account: env.account, region: 'us-east-1' },
    description: `CloudFront web ACL of ${stackName} (CloudFront web ACLs exist only in us-east-1)`,
    rateLimit: waf.rateLimit ?? DEFAULT_WAF_RATE_LIMIT,
    name: `${stackName}-edge`,
  });
  return { waf: { webAcl: edge.webAcl }, crossRegionReferences: true, edge };
}
