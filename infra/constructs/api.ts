import { Duration, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import type { PriceId } from '../../shared/plans';
import { functions, FUNCTION_TIMEOUT_SECONDS, routes, type FunctionDef, type FunctionName } from '../../shared/routes';
import { secretIdEnvName, secrets as secretDefs, type SecretName } from '../../shared/secrets';
import { tableEnvName, type TableKey } from '../../shared/tables';
import { LAMBDA_FUNCTION_DEFAULTS } from './bundling';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ApiProps {
  tables: Partial<Record<TableKey, TableV2>>;
  /** Secrets Manager names are `<prefix>/<secret>`, e.g. voxpen/stripe. */
  secretPrefix: string;
  /** Sender address for mail (password reset); SES must have it verified. */
  mailFrom?: string;
  throttle: { rateLimit: number; burstLimit: number };
  /** Stripe's Pro product and the price id behind each of our price ids; not secrets, but per account. */
  billing: BillingSettings;
}

/**
 * The stage's access log line: one JSON object per request, the request's id, route, status and
 * latencies, and API Gateway's or the integration's error. Deliberately no cookies, headers, path or
 * query string (a desktop sign-in code travels in a query string), no source address beyond what the
 * rate limits need: nothing that identifies a session.
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTimeEpoch',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationErrorMessage: '$context.integrationErrorMessage',
  errorMessage: '$context.error.message',
} as const;

/** Fields API Gateway always fills with a number: written unquoted, so metric filters can compare and sum them. */
const NUMERIC_ACCESS_LOG_FIELDS: ReadonlySet<string> = new Set(['status', 'responseLatency']);

/** ACCESS_LOG_FIELDS as API Gateway's format string: a JSON object per line. */
export function accessLogFormat(): string {
  const fields = Object.entries(ACCESS_LOG_FIELDS).map(([name, variable]) =>
    NUMERIC_ACCESS_LOG_FIELDS.has(name) ? `"${name}":${variable}` : `"${name}":"${variable}"`,
  );
  return `{${fields.join(',')}}`;
}

/**
 * Routes with their own throttle on the stage, apart from the default every other route gets: Stripe's
 * webhook (its retries must not starve behind, or starve, visitors), sign-in, sign-up and reset (an attack
 * on one must not take the others down) and the session refresh apart from them: every signed-in tab
 * refreshes once per access token's life, so its budget is large, and a flood of sign-in attempts
 * that exhausts theirs leaves every signed-in user's refresh alone. Requests per second, steady and burst.
 */
export const ROUTE_THROTTLES: Record<string, { rateLimit: number; burstLimit: number }> = {
  'POST /api/stripe-webhook': { rateLimit: 20, burstLimit: 40 },
  'ANY /api/auth/{proxy+}': { rateLimit: 30, burstLimit: 60 },
  'POST /api/auth/session/refresh': { rateLimit: 300, burstLimit: 600 },
  'POST /api/contact': { rateLimit: 5, burstLimit: 10 },
};

export interface BillingSettings {
  proProductId: string;
  priceIds: Record<PriceId, string>;
}

/** One Lambda per function group of the route table, and an HTTP API routing to them. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: Record<FunctionName, NodejsFunction>;
  readonly secrets: Record<SecretName, ISecret>;
  readonly stage: HttpStage;
  /** The stage's access log (ACCESS_LOG_FIELDS as JSON, one line per request). */
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', { createDefaultStage: false });
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(accessLogFormat()),
      },
    });
    const routeSettings = Object.fromEntries(
      Object.entries(ROUTE_THROTTLES).map(([key, t]) => [key, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }]),
    );
    (this.stage.node.defaultChild as CfnStage).addPropertyOverride('RouteSettings', routeSettings);

    this.secrets = {} as Record<SecretName, ISecret>;
    for (const name of Object.keys(secretDefs) as SecretName[]) {
      const def: { description: string; fields: readonly string[]; generated?: boolean } = secretDefs[name];
      this.secrets[name] = def.generated
        ? new Secret(this, `Secret-${name}`, {
            secretName: `${props.secretPrefix}/${name}`,
            description: def.description,
            generateSecretString: { secretStringTemplate: '{}', generateStringKey: def.fields[0]!, excludePunctuation: true, passwordLength: 48 },
          })
        : Secret.fromSecretNameV2(this, `Secret-${name}`, `${props.secretPrefix}/${name}`);
    }

    this.functions = {} as Record<FunctionName, NodejsFunction>;
    for (const [name, def] of Object.entries(functions) as [FunctionName, FunctionDef][]) {
      this.functions[name] = this.createFunction(name, def, props);
    }

    const integrations = new Map<FunctionName, HttpLambdaIntegration>();
    for (const route of routes) {
      if (!integrations.has(route.fn)) integrations.set(route.fn, new HttpLambdaIntegration(`${route.fn}-integration`, this.functions[route.fn]));
      const added = this.httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration: integrations.get(route.fn)! });
      // The stage's route settings name routes, which must exist first.
      this.stage.node.addDependency(...added);
    }
  }

  /** The site's origin (supertokens appInfo, links in mail, Stripe's return addresses); same origin serves /api. */
  setSiteOrigin(origin: string): void {
    for (const fn of Object.values(this.functions)) {
      fn.addEnvironment('WEB_ORIGIN', origin);
      fn.addEnvironment('API_ORIGIN', origin);
    }
  }

  private createFunction(name: FunctionName, def: FunctionDef, props: ApiProps): NodejsFunction {
    const writes = def.tables;
    const reads = def.readTables ?? [];
    const updates = def.updateTables ?? [];
    const environment: Record<string, string> = {
      NODE_OPTIONS: '--enable-source-maps',
      LOG_LEVEL: 'INFO',
      ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
      ...(def.billingConfig
        ? { STRIPE_PRO_PRODUCT_ID: props.billing.proProductId, STRIPE_PRICE_IDS: JSON.stringify(props.billing.priceIds) }
        : {}),
    };
    const table = (key: TableKey): TableV2 => {
      const found = props.tables[key];
      if (!found) throw new Error(`Function ${name} uses table ${key}, which is not deployed (localOnly)`);
      return found;
    };
    for (const key of [...writes, ...reads, ...updates]) environment[tableEnvName(key)] = table(key).tableName;
    for (const secret of def.secrets ?? []) environment[secretIdEnvName(secret as SecretName)] = `${props.secretPrefix}/${secret}`;

    const fn = new NodejsFunction(this, name, {
      ...LAMBDA_FUNCTION_DEFAULTS,
      entry: resolve(ROOT, def.entry),
      memorySize: def.memoryMb ?? 512,
      timeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS),
      environment,
      logGroup: new LogGroup(this, `${name}-logs`, { retention: RetentionDays.ONE_MONTH }),
    });

    for (const key of writes) table(key).grantReadWriteData(fn);
    for (const key of reads) table(key).grantReadData(fn);
    for (const key of updates) table(key).grant(fn, 'dynamodb:UpdateItem');
    for (const secret of def.secrets ?? []) this.secrets[secret as SecretName].grantRead(fn);
    if (def.sendsMail && props.mailFrom) {
      const domain = props.mailFrom.split('@')[1];
      fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail'],
          resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: domain })],
        }),
      );
    }
    return fn;
  }
}
