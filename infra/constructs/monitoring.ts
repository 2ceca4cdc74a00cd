import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { routes, type FunctionName } from '../../shared/routes';

export interface MonitoredFunction {
  fn: IFunction;
  /** Its own log group (text platform lines, the product's JSON lines, functions/lib/logger.ts). */
  logGroup: ILogGroup;
}

export interface MonitoringProps {
  httpApi: HttpApi;
  /** The stage's JSON access log (infra/constructs/api.ts ACCESS_LOG_FIELDS). */
  accessLogs: ILogGroup;
  functions: Record<FunctionName, MonitoredFunction>;
  tables: Record<string, TableV2>;
  /** The CloudFront web ACL's name, when there is one (its metrics are in us-east-1). */
  webAclName?: string;
  /** Who hears about alarms; without it they still show in CloudWatch. */
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);
/** Where the metric filters publish. */
export const METRIC_NAMESPACE = 'Voxpen';
/** The billing Lambda's log message when a Stripe call fails (functions/billing/handler.ts). */
export const STRIPE_FAILURE_MESSAGE = 'stripe call failed';
export const WEBHOOK_ROUTE_KEY = 'POST /api/stripe-webhook';

/** The access-log filter selecting one function group's routes. */
function routeSelector(fn: FunctionName): string {
  const keys = routes.filter((r) => r.fn === fn).map((r) => `($.routeKey = "${r.method} ${r.path}")`);
  return keys.length === 1 ? keys[0]! : `(${keys.join(' || ')})`;
}

/**
 * Alarms on what users would notice first (API 5xx, Lambda errors and throttles, DynamoDB throttles) and
 * on the money path (webhook 5xx, failed Stripe calls), and one dashboard: the API per function group,
 * the Lambdas, the tables, the webhook and WAF.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Voxpen alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const api5xxRate = new MathExpression({
      label: 'API 5xx rate (%)',
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
        requests: props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
      },
      period: FIVE_MINUTES,
    });
    this.alarm('Api5xxRate', api5xxRate, 5, 'More than 5% of API requests failed with 5xx');

    for (const [name, { fn }] of Object.entries(props.functions)) {
      this.alarm(`Function-${name}-Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `Lambda ${name} threw`);
      this.alarm(`Function-${name}-Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `Lambda ${name} was throttled`);
    }

    const tableWidgets: IWidget[] = [];
    for (const [name, table] of Object.entries(props.tables)) {
      const tableMetric = (metricName: string, statistic = 'Sum') =>
        new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName }, period: FIVE_MINUTES, statistic });
      const both = new MathExpression({
        label: `${name} throttled events`,
        expression: 'reads + writes',
        usingMetrics: { reads: tableMetric('ReadThrottleEvents'), writes: tableMetric('WriteThrottleEvents') },
        period: FIVE_MINUTES,
      });
      this.alarm(`Table-${name}-Throttles`, both, 1, `DynamoDB table ${name} throttled requests`);
      tableWidgets.push(
        new GraphWidget({
          title: `DynamoDB ${name}`,
          width: 8,
          left: [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')],
          right: [tableMetric('ReadThrottleEvents'), tableMetric('WriteThrottleEvents')],
        }),
      );
    }

    // Per function group, from the access log: requests and latency (one filter carrying the latency), 4xx, 5xx.
    const accessMetric = (id: string, metricName: string, pattern: string, value: string) => {
      new MetricFilter(this, id, {
        logGroup: props.accessLogs,
        filterPattern: FilterPattern.literal(pattern),
        metricNamespace: METRIC_NAMESPACE,
        metricName,
        metricValue: value,
      });
      return (statistic: string, label: string) => new Metric({ namespace: METRIC_NAMESPACE, metricName, period: FIVE_MINUTES, statistic, label });
    };
    const apiWidgets: IWidget[] = [];
    const lambdaWidgets: IWidget[] = [];
    for (const [name, { fn, logGroup }] of Object.entries(props.functions) as [FunctionName, MonitoredFunction][]) {
      const selector = routeSelector(name);
      const latency = accessMetric(`Api-${name}-Latency`, `api-${name}-latency`, `{ ${selector} }`, '$.responseLatency');
      const client = accessMetric(`Api-${name}-4xx`, `api-${name}-4xx`, `{ ${selector} && ($.status >= 400) && ($.status < 500) }`, '1');
      const server = accessMetric(`Api-${name}-5xx`, `api-${name}-5xx`, `{ ${selector} && ($.status >= 500) }`, '1');
      apiWidgets.push(
        new GraphWidget({
          title: `API ${name}: requests, 4xx, 5xx`,
          width: 12,
          left: [latency('SampleCount', 'requests'), client('Sum', '4xx'), server('Sum', '5xx')],
        }),
        new GraphWidget({ title: `API ${name}: latency (ms)`, width: 12, left: [latency('p50', 'p50'), latency('p99', 'p99')] }),
      );

      // A cold start is the one invocation whose platform REPORT line carries an Init Duration.
      new MetricFilter(this, `Function-${name}-ColdStarts`, {
        logGroup,
        filterPattern: FilterPattern.literal('"REPORT" "Init Duration"'),
        metricNamespace: METRIC_NAMESPACE,
        metricName: `lambda-${name}-cold-starts`,
        metricValue: '1',
      });
      const coldStarts = new Metric({ namespace: METRIC_NAMESPACE, metricName: `lambda-${name}-cold-starts`, period: FIVE_MINUTES, statistic: 'Sum', label: 'cold starts' });
      lambdaWidgets.push(
        new GraphWidget({
          title: `Lambda ${name}: invocations, errors, throttles, cold starts`,
          width: 12,
          left: [
            fn.metricInvocations({ period: FIVE_MINUTES, statistic: 'Sum' }),
            fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
            fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
            coldStarts,
          ],
        }),
        new GraphWidget({
          title: `Lambda ${name}: duration (ms)`,
          width: 12,
          left: [fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p50', label: 'p50' }), fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99', label: 'p99' })],
        }),
      );
    }

    // The money path: Stripe's webhook answered 5xx (Stripe retries, then gives up), a Stripe call failed.
    const webhook5xx = accessMetric('Webhook-5xx-Filter', 'webhook-5xx', `{ ($.routeKey = "${WEBHOOK_ROUTE_KEY}") && ($.status >= 500) }`, '1')('Sum', 'webhook 5xx');
    this.alarm('Webhook5xx', webhook5xx, 1, 'Stripe webhook answered 5xx: a payment event is not applied until Stripe retries successfully');
    new MetricFilter(this, 'StripeCallFailuresFilter', {
      logGroup: props.functions.billing.logGroup,
      filterPattern: FilterPattern.literal(`{ $.message = "${STRIPE_FAILURE_MESSAGE}" }`),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'billing-stripe-call-failures',
      metricValue: '1',
    });
    const stripeFailures = new Metric({ namespace: METRIC_NAMESPACE, metricName: 'billing-stripe-call-failures', period: FIVE_MINUTES, statistic: 'Sum', label: 'Stripe call failures' });
    this.alarm('StripeCallFailures', stripeFailures, 1, 'Billing could not reach Stripe (checkout or the customer portal failed)');

    const edgeWidgets: IWidget[] = [
      new GraphWidget({
        title: 'Money path: webhook 5xx and errors, Stripe call failures',
        width: 12,
        left: [webhook5xx, props.functions.stripeWebhook.fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum', label: 'webhook Lambda errors' }), stripeFailures],
      }),
    ];
    if (props.webAclName) {
      const waf = (metricName: string, rule: string, label: string) =>
        new Metric({ namespace: 'AWS/WAFV2', metricName, dimensionsMap: { WebACL: props.webAclName!, Rule: rule }, region: 'us-east-1', period: FIVE_MINUTES, statistic: 'Sum', label });
      edgeWidgets.push(
        new GraphWidget({
          title: 'WAF: blocked and allowed requests',
          width: 12,
          left: [waf('BlockedRequests', 'ALL', 'blocked (all rules)'), waf('BlockedRequests', 'rate-limit-per-ip', 'blocked by rate limit')],
          right: [waf('AllowedRequests', 'ALL', 'allowed')],
        }),
      );
    }

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `${Stack.of(this).stackName}-operations` });
    this.dashboard.addWidgets(new TextWidget({ markdown: '# API (all routes)', width: 24, height: 1 }));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API: requests, 4xx, 5xx',
        width: 12,
        left: [
          props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
          props.httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum' }),
          props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
        ],
      }),
      new GraphWidget({
        title: 'API: latency (ms)',
        width: 12,
        left: [props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p50', label: 'p50' }), props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99', label: 'p99' })],
      }),
    );
    this.dashboard.addWidgets(new TextWidget({ markdown: '# Money path and edge', width: 24, height: 1 }));
    this.dashboard.addWidgets(...edgeWidgets);
    this.dashboard.addWidgets(new TextWidget({ markdown: '# API per function group (from the access log)', width: 24, height: 1 }));
    this.dashboard.addWidgets(...apiWidgets);
    this.dashboard.addWidgets(new TextWidget({ markdown: '# Lambdas', width: 24, height: 1 }));
    this.dashboard.addWidgets(...lambdaWidgets);
    this.dashboard.addWidgets(new TextWidget({ markdown: '# DynamoDB: consumed capacity (left), throttles (right)', width: 24, height: 1 }));
    this.dashboard.addWidgets(...tableWidgets);
  }

  /** An alarm to the topic when `metric` reaches `threshold` in one period. */
  alarm(id: string, metric: IMetric, threshold: number, description: string) {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
