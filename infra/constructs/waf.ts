import { Stack } from 'aws-cdk-lib';
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
    this.name = `${Stack.of(this).stackName}-edge`;
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
