import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';

let pending: Promise<void> | undefined;

/**
 * Makes sure `WEB_ORIGIN` and `API_ORIGIN` are set before a handler needs them. Locally, and deployed
 * with a custom domain, they are in the environment already; otherwise the stack keeps the CloudFront
 * origin in the SSM parameter named by `SITE_ORIGIN_PARAMETER` (it is not known before CloudFront
 * exists, and CloudFront needs the API first), read here once per cold start.
 */
export function resolveSiteOrigin(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.WEB_ORIGIN || !env.SITE_ORIGIN_PARAMETER) return Promise.resolve();
  pending ??= new SSMClient({})
    .send(new GetParameterCommand({ Name: env.SITE_ORIGIN_PARAMETER }))
    .then((out) => {
      const origin = out.Parameter?.Value;
      if (!origin) throw new Error(`SSM parameter ${env.SITE_ORIGIN_PARAMETER} has no value`);
      env.WEB_ORIGIN = origin;
      // Same origin: CloudFront routes /api/* to API Gateway.
      env.API_ORIGIN ??= origin;
    })
    .catch((error) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
