/**
 * Whether a failed call means the service is away (docs/decisions.md#24): no answer (a refused
 * connection, a dropped network, the time limit passed) or a 503, which our API sends with a
 * Retry-After when a dependency is slow or down (docs/architecture.md). Other answers (a 400, a 500)
 * are the page's own to explain. Written without axios or the SDK, so code that only looks at a
 * failure loads neither: it reads axios's errors and the web SDK's (a thrown fetch Response, a fetch
 * TypeError, an aborted signal) by their shape.
 */

import { reachTexts } from '../../../shared/texts/reach';

/** Every call to the API gives up after this long (axios's `timeout`, the SDK's AbortSignal): under 10 s. */
export const API_TIMEOUT_MS = 8_000;

export interface Unreachable {
  /** From the 503's Retry-After, in seconds, when it gave one. */
  retryAfterSeconds?: number;
}

/** Retry-After as seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3); undefined otherwise. */
export function retryAfterSeconds(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

interface AxiosLike {
  isAxiosError: true;
  response?: { status: number; headers?: Record<string, unknown> & { get?: unknown } };
}

const isAxiosLike = (error: unknown): error is AxiosLike => typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

const isResponse = (error: unknown): error is Response =>
  typeof error === 'object' && error !== null && typeof (error as Response).status === 'number' && typeof (error as Response).headers?.get === 'function';

const of503 = (retryAfter: unknown): Unreachable => {
  const seconds = retryAfterSeconds(retryAfter);
  return seconds === undefined ? {} : { retryAfterSeconds: seconds };
};

/** The service-away reading of a failed call, or undefined when the failure is something else. */
export function unreachable(error: unknown): Unreachable | undefined {
  if (isAxiosLike(error)) {
    // No answer: refused, network gone, or the time limit passed (ECONNABORTED / ETIMEDOUT).
    if (!error.response) return {};
    return error.response.status === 503 ? of503(error.response.headers?.['retry-after']) : undefined;
  }
  // The web SDK throws a non-2xx answer as the fetch Response itself.
  if (isResponse(error)) return error.status === 503 ? of503(error.headers.get('retry-after')) : undefined;
  // fetch's own failures: the connection refused or lost (TypeError), the time limit's signal (TimeoutError).
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return {};
  if (typeof error === 'object' && error !== null && ['TimeoutError', 'AbortError'].includes((error as { name?: unknown }).name as string)) return {};
  return undefined;
}

/** What a failed read comes to for the page: the service away (say so, offer Retry) or a failure of its own. */
export type ReadFailure = { kind: 'unreachable'; retryAfterSeconds?: number } | { kind: 'failed' };

export function readFailure(error: unknown): ReadFailure {
  const away = unreachable(error);
  return away ? { kind: 'unreachable', ...away } : { kind: 'failed' };
}

/** What a page says when the service is away: the sentence, with the 503's Retry-After when it gave one. */
export function unreachableSentence(away: Unreachable): string {
  return `${reachTexts.cantReach} ${away.retryAfterSeconds ? reachTexts.tryAgainIn(away.retryAfterSeconds) : reachTexts.tryAgainSoon}`;
}
