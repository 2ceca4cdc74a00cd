import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface MonitoringProps {
  httpApi: HttpApi;
  functions: Record<string, IFunction>;
  tables: Record<string, TableV2>;
  /** Who hears about alarms; without it they still show in CloudWatch. */
  alarmEmail?: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/** Alarms on what users would notice first: API 5xx, Lambda errors and throttles, DynamoDB throttles. */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: 'Voxpen alarms' });
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

    for (const [name, fn] of Object.entries(props.functions)) {
      this.alarm(`Function-${name}-Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `Lambda ${name} threw`);
      this.alarm(`Function-${name}-Throttles`, fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `Lambda ${name} was throttled`);
    }

    for (const [name, table] of Object.entries(props.tables)) {
      const throttles = (metricName: string) =>
        new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName }, period: FIVE_MINUTES, statistic: 'Sum' });
      const both = new MathExpression({
        label: `${name} throttled events`,
        expression: 'reads + writes',
        usingMetrics: { reads: throttles('ReadThrottleEvents'), writes: throttles('WriteThrottleEvents') },
        period: FIVE_MINUTES,
      });
      this.alarm(`Table-${name}-Throttles`, both, 1, `DynamoDB table ${name} throttled requests`);
    }
  }

  private alarm(id: string, metric: IMetric, threshold: number, description: string) {
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
