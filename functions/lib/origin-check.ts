/**
 * A deployed API answers only requests that came through CloudFront. API Gateway's own
 * `execute-api` address stays public (an HTTP API cannot turn it off while CloudFront uses it as its
 * origin), so CloudFront adds the stack-generated origin secret in ORIGIN_VERIFY_HEADER and every
 * product Lambda refuses a request without it: 403 `{ message }`, before any other work.
 *
 * Deployed or local is told by where the secret comes from: deployed, the stack passes its Secrets
 * Manager id (`SECRET_ID_ORIGINVERIFY`, for every function that lists `originVerify` in shared/routes.ts,
 * which all do) and the Lambda runtime sets AWS_LAMBDA_FUNCTION_NAME; either one turns the check on, so a
 * deployed function that somehow lacks the secret's id fails closed (its read throws: 500, never a pass).
 * Locally neither is set: there is no CDN, no request carries the header, and nothing changes.
 *
 * Rotation without downtime (functions/origin-rotation/, scheduled every ORIGIN_ROTATION_DAYS in infra/constructs/origin-rotation.ts): the secret
 * holds `value` (what CloudFront sends), `previous` (what it sent before, which edges still catching up
 * with the distribution's change may send) and `next` (what the next rotation will make CloudFront send,
 * known to every warm Lambda a whole rotation period before CloudFront sends it); a header equal to any
 * of them is accepted. A header matching none makes a warm Lambda read the secret again (at most once per
 * REFRESH_INTERVAL_MS, so a stranger cannot turn each request into a Secrets Manager call), as a JWKS
 * is refreshed on an unknown key id, and a cached value older than MAX_AGE_MS is read again, so a retired
 * value stops working within minutes.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER, secretIdEnvName } from '../../shared/secrets';
import { getSecret, prefetchSecrets, refreshSecret } from './secrets';

/** The secret's JSON: `value` CloudFront sends, the one it sent before, and the one it will send next. */
export interface OriginSecret {
  value: string;
  previous?: string;
  next?: string;
}

export const REFRESH_INTERVAL_MS = 30_000;
export const MAX_AGE_MS = 10 * 60_000;

/** True in a deployed Lambda (the check runs), false in the local runtime and unit tests. */
export function originCheckRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env[secretIdEnvName('originVerify')] || env.AWS_LAMBDA_FUNCTION_NAME);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the header carries the current, the previous or the next value, compared in constant time: both sides
 * are hashed to 32 bytes first, so neither the length nor the first differing byte shows in the timing.
 * An empty or missing header, or an empty accepted value, never matches.
 */
export function carriesOriginSecret(header: string | undefined, secret: OriginSecret | string): boolean {
  const accepted = typeof secret === 'string' ? [secret] : [secret.value, secret.previous, secret.next];
  const given = digest(header ?? '');
  let match = false;
  for (const value of accepted) {
    if (typeof value !== 'string' || value === '') continue;
    // No early exit: every value is always compared.
    if (timingSafeEqual(given, digest(value))) match = true;
  }
  return match && Boolean(header);
}

let loadedAt = 0;
let lastRefresh = 0;

async function currentSecret(env: NodeJS.ProcessEnv, now: number): Promise<OriginSecret> {
  if (loadedAt !== 0 && now - loadedAt > MAX_AGE_MS) {
    loadedAt = now;
    // A failed read keeps the cached value (and is tried again after MAX_AGE_MS).
    return (await refreshSecret('originVerify', env).catch(() => getSecret('originVerify', env))) as OriginSecret;
  }
  const secret = (await getSecret('originVerify', env)) as OriginSecret;
  if (loadedAt === 0) loadedAt = now;
  return secret;
}

/** Whether a request may be served: always locally; deployed, only with the origin secret. */
export async function cameThroughCloudFront(
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): Promise<boolean> {
  if (!originCheckRequired(env)) return true;
  const header = event.headers?.[ORIGIN_VERIFY_HEADER];
  const secret = await currentSecret(env, now());
  if (carriesOriginSecret(header, secret)) return admitted(env);
  // A header that matches neither value may be the next one, if CloudFront already sends a rotated value.
  if (!header || now() - lastRefresh < REFRESH_INTERVAL_MS) return false;
  lastRefresh = now();
  loadedAt = lastRefresh;
  const fresh = (await refreshSecret('originVerify', env).catch(() => undefined)) as OriginSecret | undefined;
  return fresh !== undefined && carriesOriginSecret(header, fresh) && admitted(env);
}

let prefetched = false;

/**
 * The origin check is every function's first step, deployed: the first request it lets through starts
 * the function's other secrets (its session's, Stripe's) at once, so they are read while the request's
 * own work starts, not each in turn when reached. Only then: a request that bypassed CloudFront makes
 * a cold container read no secret but the origin one.
 */
function admitted(env: NodeJS.ProcessEnv): true {
  if (!prefetched) {
    prefetched = true;
    prefetchSecrets(env);
  }
  return true;
}

/** For tests: forget when the secret was read, as a new Lambda would. */
export function resetOriginCheck(): void {
  loadedAt = 0;
  lastRefresh = 0;
  prefetched = false;
}
