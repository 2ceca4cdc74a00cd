import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { FUNCTION_TIMEOUT_SECONDS } from '../../shared/routes';
import { StripeApiError } from '../billing/stripe-api';
import { httpHandler } from './http';
import { CORE_TIMEOUT_MS, DependencyUnavailable, unavailableDependency } from './unavailable';

describe('a dependency slow or down', () => {
  it('is told apart from our own bugs', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3567'), { code: 'ECONNREFUSED' });
    expect(unavailableDependency(refused)).toBe('network');
    expect(unavailableDependency(Object.assign(new TypeError('fetch failed'), { cause: refused }))).toBe('network');
    expect(unavailableDependency(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe('network');
    expect(unavailableDependency(new DependencyUnavailable('auth', 'core 503'))).toBe('auth');
    expect(unavailableDependency(new Error("SuperTokens core threw an error for a POST request to path: '/recipe/session/refresh' with status code: 503 and message: busy"))).toBe('auth');
    expect(unavailableDependency(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }))).toBe('database');
    expect(unavailableDependency(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'TransactionConflict' }] }))).toBe('database');
    expect(unavailableDependency(new StripeApiError(0, 'Stripe could not be reached', 'api_connection_error'))).toBe('billing');
    expect(unavailableDependency(new StripeApiError(503, 'busy'))).toBe('billing');

    // Ours: a refusal Stripe gave our request, an invalid DynamoDB request, a plain bug.
    expect(unavailableDependency(new StripeApiError(400, 'No such customer', 'invalid_request_error'))).toBeUndefined();
    expect(unavailableDependency(Object.assign(new Error('Item size has exceeded the maximum allowed size'), { name: 'ValidationException', $fault: 'client', $metadata: { httpStatusCode: 400 } }))).toBeUndefined();
    expect(unavailableDependency(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
  });

  it('answers 503 with Retry-After and a sentence through every httpHandler; our bug stays a 500', async () => {
    const event = { routeKey: 'GET /x', rawPath: '/x', headers: {}, requestContext: { http: { method: 'GET' } } } as never;
    const context = { functionName: 'test', awsRequestId: 'r' } as never;
    const slow = httpHandler(async () => {
      throw new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} });
    }, { route: 'GET /api/releases' });
    const answer = await slow(event, context);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers?.['retry-after']).toBe('5');
    expect(JSON.parse(answer.body as string).message).toMatch(/^Our database is not answering right now\./);
    const buggy = httpHandler(async () => {
      throw new TypeError('oops');
    }, { route: 'GET /api/releases' });
    expect((await buggy(event, context)).statusCode).toBe(500);
  });

  it('has a core time limit that fits twice in the Lambda’s, with room left for the answer', () => {
    expect(2 * CORE_TIMEOUT_MS).toBeLessThan(FUNCTION_TIMEOUT_SECONDS * 1000 - 2_000);
  });
});
