/**
 * cdk-nag: AWS's rule packs (AwsSolutions, Serverless) run on every synth (infra/app.ts) and in the stack
 * tests. A finding is an error annotation, which fails `cdk synth`; what we do not fix is acknowledged
 * here, each with its reason.
 */
import { Aspects, type Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks, NagSuppressions, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { Api } from './constructs/api';
import type { Monitoring } from './constructs/monitoring';
import type { OriginRotation } from './constructs/origin-rotation';
import type { Rule } from 'aws-cdk-lib/aws-events';
import type { Site } from './constructs/site';

/** Both packs, on everything under `scope` (the app). */
export function applyNagPacks(scope: IConstruct): void {
  Aspects.of(scope).add(new AwsSolutionsChecks());
  Aspects.of(scope).add(new ServerlessChecks());
}

export interface NagParts {
  api: Api;
  site: Site;
  monitoring: Monitoring;
  originRotation: OriginRotation;
  /** The deletion sweeper's schedule (infra/stack.ts). */
  deletionSweep: Rule;
  customDomain: boolean;
}

/** Every acknowledged finding, with its reason; `appliesTo` narrows a finding to the exact resource or action. */
export function suppressNagFindings(stack: Stack, parts: NagParts): void {
  const { api, site } = parts;

  // API Gateway: the routes and the stage.
  NagSuppressions.addResourceSuppressions(
    api.httpApi,
    [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Authorization is the SuperTokens session checked in each Lambda (session routes), the Stripe signature (webhook) or none by design (releases, contact); an API Gateway authorizer would check the same session twice.',
      },
    ],
    true,
  );
  NagSuppressions.addResourceSuppressions(api.stage, [
    {
      id: 'Serverless-APIGWStructuredLogging',
      reason:
        'The access log is JSON (ACCESS_LOG_FIELDS); status and responseLatency are written unquoted so metric filters can compare and sum them, which the rule\'s JSON parse of the unfilled template does not accept.',
    },
  ]);

  // The product Lambdas.
  for (const fn of Object.values(api.functions)) {
    NagSuppressions.addResourceSuppressions(fn, [
      {
        id: 'AwsSolutions-L1',
        reason: 'Node.js 22 is the runtime the functions are built (esbuild target), tested and benchmarked on; moving to a newer runtime is its own change.',
      },
      {
        id: 'Serverless-LambdaLatestVersion',
        reason: 'Node.js 22 is the runtime the functions are built (esbuild target), tested and benchmarked on; moving to a newer runtime is its own change.',
      },
      {
        id: 'Serverless-LambdaDLQ',
        reason: 'Invoked synchronously by API Gateway only: a failure is the HTTP answer (and an alarm), there is no asynchronous event to keep.',
      },
      { id: 'Serverless-LambdaTracing', reason: 'No X-Ray: the access log, JSON logs with the request id (functions/lib/logger.ts) and the dashboard cover what we trace.' },
    ]);
    NagSuppressions.addResourceSuppressions(
      fn.role!,
      [
        {
          id: 'AwsSolutions-IAM4',
          reason: 'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.',
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason: "A table grant includes the table's own indexes (<table ARN>/index/*), granted by TableV2.grant*: the wildcard is indexes of that one table.",
          appliesTo: [{ regex: '/^Resource::<Data[A-Za-z0-9]+\\.Arn>\\/index\\/\\*$/g' }],
        },
      ],
      true,
    );
  }

  NagSuppressions.addResourceSuppressions(parts.deletionSweep, [
    {
      id: 'Serverless-EventBusDLQ',
      reason: 'A missed sweep loses nothing: the deletion marks stay in the users table, and the next sweep, five minutes later, finds them again.',
    },
  ]);

  // The origin secret's rotation function (infra/constructs/origin-rotation.ts), invoked by Secrets Manager.
  NagSuppressions.addResourceSuppressions(parts.originRotation.fn, [
    {
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 is the runtime the functions are built (esbuild target), tested and benchmarked on; moving to a newer runtime is its own change.',
    },
    {
      id: 'Serverless-LambdaLatestVersion',
      reason: 'Node.js 22 is the runtime the functions are built (esbuild target), tested and benchmarked on; moving to a newer runtime is its own change.',
    },
    {
      id: 'Serverless-LambdaDLQ',
      reason: 'Invoked synchronously by Secrets Manager, which marks a failed step as a failed rotation and retries it: there is no asynchronous event to keep.',
    },
    { id: 'Serverless-LambdaTracing', reason: 'No X-Ray: the function logs each step with its outcome, and a failure is an error metric and a failed rotation in Secrets Manager.' },
  ]);
  NagSuppressions.addResourceSuppressions(
    parts.originRotation.fn.role!,
    [
      {
        id: 'AwsSolutions-IAM4',
        reason: 'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
    ],
    true,
  );

  // The alarm topic's email subscription.
  NagSuppressions.addResourceSuppressions(
    parts.monitoring.topic,
    [
      {
        id: 'Serverless-SNSRedrivePolicy',
        reason: 'The only subscription is the operator\'s alarm email: a failed delivery loses no data, the alarm stays in CloudWatch and on the dashboard.',
      },
    ],
    true,
  );

  // CloudFront: the default *.cloudfront.net certificate's security policy is AWS's and allows TLSv1.
  if (!parts.customDomain) {
    NagSuppressions.addResourceSuppressions(site.distribution, [
      {
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain CloudFront uses its default certificate, whose security policy (TLSv1) cannot be changed; with -c domainName the minimum is TLSv1.2_2021.',
      },
    ]);
  }
  NagSuppressions.addResourceSuppressions(site.distribution, [
    { id: 'AwsSolutions-CFR1', reason: 'Voxpen is offered worldwide: no geo restriction.' },
    {
      id: 'AwsSolutions-CFR3',
      reason:
        "Access logs are CloudFront's standard logging v2 (CloudWatch vended log delivery, infra/constructs/cloudfront-logs.ts), which cdk-nag does not see; the legacy logging it checks for would record every query string (one-time sign-in codes, Stripe session ids).",
    },
  ]);

  // The CDK's BucketDeployment handler (one per stack), which copies the built site into the bucket.
  const bucketDeployment = stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  NagSuppressions.addResourceSuppressions(
    bucketDeployment,
    [
      { id: 'AwsSolutions-L1', reason: "The CDK's BucketDeployment handler: its runtime is chosen by aws-cdk-lib." },
      { id: 'Serverless-LambdaLatestVersion', reason: "The CDK's BucketDeployment handler: its runtime is chosen by aws-cdk-lib." },
      { id: 'Serverless-LambdaDLQ', reason: 'A CloudFormation custom resource, invoked by CloudFormation, which reports its failure.' },
      { id: 'Serverless-LambdaTracing', reason: "The CDK's BucketDeployment handler, run at deploy only." },
      {
        id: 'AwsSolutions-IAM4',
        reason: 'AWSLambdaBasicExecutionRole only lets the deployment handler write its CloudWatch logs.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The CDK's BucketDeployment grant: read the CDK asset bucket's objects, write and (never used, prune is off) delete the site bucket's objects; s3 wildcards are the grant's, scoped to those two buckets; Resource::* is the HTML invalidation (cloudfront:CreateInvalidation, GetInvalidation), which the handler is granted that way.",
      },
    ],
    true,
  );
}
