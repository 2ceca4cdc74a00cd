/**
 * A dependency that is slow or down (the auth core, DynamoDB, Stripe) is not our bug: the caller is
 * told so with 503, `Retry-After` and a sentence, and retries (the desktop app backs off and tries
 * again; the pages say "try again in a moment"). A 500 is left for our own failures. Every handler's
 * error mapper asks `unavailableDependency` first (./http.ts, functions/auth/handler.ts).
 */
import { CORE_CALL_MS, callLimitMs } from './deadline';
import { apiTexts } from '../../shared/texts/api';
import { json, type HttpResult } from './response';

export type Dependency = 'auth' | 'database' | 'billing' | 'network';

/**
 * One call to the auth core may take this long (./deadline.ts CORE_CALL_MS, and never more than what is
 * left of the request's budget: coreTimeoutMs): under a third of the request's budget, so a request
 * that asks the core twice still answers (a 503) before the gateway's deadline.
 */
export const CORE_TIMEOUT_MS = CORE_CALL_MS;

/** The time limit of a core call made now: CORE_TIMEOUT_MS, cut to what is left of the request's budget. */
export function coreTimeoutMs(): number {
  return callLimitMs(CORE_TIMEOUT_MS);
}

/** Seconds a caller waits before trying again: long enough for a brief outage or a cold core to pass. */
export const RETRY_AFTER_SECONDS = 5;

/** Thrown where we know a dependency failed (the core answered 5xx, timed out): the mapper answers 503. */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    message: string,
  ) {
    super(message);
    this.name = 'DependencyUnavailable';
  }
}

/** Connection-level failures: nothing answered, or the connection broke, wherever it was going. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** An AbortSignal.timeout (TimeoutError) or an abort (AbortError): a dependency that did not answer in time. */
const TIMEOUT_NAMES = new Set(['AbortError', 'TimeoutError']);
/** DynamoDB's own "slow down" and "not now" answers, as the AWS SDK names them. */
const DYNAMODB_BUSY = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'InternalServerError', 'ServiceUnavailable', 'TransactionInProgressException', 'LimitExceededException']);

interface ErrorLike {
  name?: string;
  code?: string;
  message?: string;
  status?: number;
  cause?: unknown;
  $metadata?: unknown;
  $fault?: 'client' | 'server';
  $retryable?: unknown;
  CancellationReasons?: { Code?: string }[];
}

function isNetworkFailure(error: ErrorLike | undefined, depth = 0): boolean {
  if (!error || depth > 3) return false;
  if ((error.code && NETWORK_CODES.has(error.code)) || (error.name && TIMEOUT_NAMES.has(error.name))) return true;
  return isNetworkFailure(error.cause as ErrorLike | undefined, depth + 1);
}

/** Which dependency `error` says is slow or down, or undefined when it is something else (our bug). */
export function unavailableDependency(error: unknown): Dependency | undefined {
  const e = error as ErrorLike | undefined;
  if (!e || typeof e !== 'object') return undefined;
  if (e instanceof DependencyUnavailable) return e.dependency;
  // functions/billing/stripe-api.ts: status 0 is Stripe unreachable; 429 and 5xx are Stripe's own "not now".
  if (e.name === 'StripeApiError') return e.status === 0 || e.status === 429 || (e.status ?? 0) >= 500 ? 'billing' : undefined;
  if (e.$metadata !== undefined) {
    // An AWS SDK error (DynamoDB): throttled, failing on its side, or a transaction that lost to a conflict or a throttle.
    if (DYNAMODB_BUSY.has(e.name ?? '') || e.$fault === 'server' || e.$retryable) return 'database';
    if (e.name === 'TransactionCanceledException' && e.CancellationReasons?.some((r) => r.Code === 'ThrottlingError' || r.Code === 'TransactionConflict' || r.Code === 'ProvisionedThroughputExceeded')) return 'database';
  }
  // supertokens-node's own words when the core fails or cannot be reached (querier.js).
  const message = e.message ?? '';
  if (/^SuperTokens core threw an error .* with status code: (5\d\d|429)\b/.test(message) || message.startsWith('No SuperTokens core available')) return 'auth';
  if (isNetworkFailure(e)) return 'network';
  return undefined;
}

/** The 503 every route answers for a dependency that is slow or down. */
export function unavailableResponse(dependency: Dependency): HttpResult {
  return json(503, { message: apiTexts.unavailable(dependency) }, { 'retry-after': String(RETRY_AFTER_SECONDS) });
}
