/**
 * One time budget per request, and every dependency call's limit derived from it
 * (docs/architecture.md#deadlines). API Gateway gives an integration 10 s (FUNCTION_TIMEOUT_SECONDS,
 * the Lambdas' timeout too); a request may spend REQUEST_BUDGET_MS of it on its dependencies, leaving
 * the rest to answer. Each call to the core, DynamoDB, Stripe or SES has its own limit (and retries
 * within it) and is cut to what is left of the request's budget, so a run of slow calls ends in a 503
 * with Retry-After (./unavailable.ts) before the gateway's deadline, never in the gateway's own error.
 *
 * The budget rides in an AsyncLocalStorage set by the handlers (./http.ts, functions/auth/handler.ts);
 * outside a request (the sweeper, scripts, tests) only the per-call limits apply.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { FUNCTION_TIMEOUT_SECONDS } from '../../shared/routes';

/** API Gateway's integration timeout, and the Lambdas' own: the local gateway enforces it too (infra/local/gateway.ts). */
export const GATEWAY_TIMEOUT_MS = FUNCTION_TIMEOUT_SECONDS * 1000;

/**
 * What a request may spend waiting on dependencies: the gateway's 10 s less 1.5 s to answer and log
 * (a second was too little on the loaded test machine: a 503 left at 9 s arrived at 10.1 s).
 */
export const REQUEST_BUDGET_MS = GATEWAY_TIMEOUT_MS - 1_500;

/**
 * DynamoDB: a connection in 1 s, an answer in 4 s, two attempts (the SDK's backoff between them), the
 * second cut to the request's budget. Generous next to DynamoDB's single-digit milliseconds, so only a
 * frozen or failing table meets them (and not the local one under a loaded machine, which serialises
 * transactions: at 3 s, 50 reports at once on the test machine's load passed it).
 */
export const DYNAMODB_LIMITS = { connectionTimeoutMs: 1_000, requestTimeoutMs: 4_000, maxAttempts: 2 } as const;

/** One call to the auth core: under a third of a request's budget, so a request that asks it twice still answers. */
export const CORE_CALL_MS = Math.floor(REQUEST_BUDGET_MS / 3.15);

/**
 * Stripe: one attempt's limit, and all of a call's attempts (functions/billing/stripe-api.ts). Two
 * calls fit in a request's budget beside the core and DynamoDB (a checkout may expire the open one
 * and create another).
 */
export const STRIPE_LIMITS = { attemptMs: 2_500, callMs: 4_000 } as const;

/** SES: an answer in 3 s, two attempts (./aws-request.ts). */
export const MAIL_LIMITS = { attemptMs: 3_000, maxAttempts: 2 } as const;

/** Secrets Manager, read once per cold start: an answer in 3 s, three attempts (the SDK client's count; it had no time limit). */
export const SECRETS_LIMITS = { attemptMs: 3_000, maxAttempts: 3 } as const;

const requests = new AsyncLocalStorage<{ deadline: number }>();

/** Runs a request's work under its budget: REQUEST_BUDGET_MS, or less when the Lambda has less time left. */
export function withRequestDeadline<T>(context: { getRemainingTimeInMillis?: () => number } | undefined, work: () => Promise<T>): Promise<T> {
  const lambdaLeft = context?.getRemainingTimeInMillis?.() ?? GATEWAY_TIMEOUT_MS;
  const budget = Math.min(REQUEST_BUDGET_MS, lambdaLeft - (GATEWAY_TIMEOUT_MS - REQUEST_BUDGET_MS));
  return requests.run({ deadline: Date.now() + Math.max(budget, 0) }, work);
}

/** Milliseconds left of the current request's budget; Infinity outside a request. */
export function remainingMs(): number {
  const current = requests.getStore();
  return current ? Math.max(current.deadline - Date.now(), 0) : Number.POSITIVE_INFINITY;
}

/** A call's time limit: its own, or what is left of the request's budget if less (at least 1 ms, so an exhausted budget fails at once). */
export function callLimitMs(ownMs: number): number {
  return Math.max(Math.min(ownMs, remainingMs()), 1);
}
