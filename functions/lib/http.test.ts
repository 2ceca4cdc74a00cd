/**
 * The JSON parser's refusals reach the caller by what middy says in status and cause, not by its
 * wording: middy 6's own errors through the real parser, and the shapes middy 7 throws (a 422 for a
 * body it cannot parse) as @middy/util's createError builds them. And every log line of a request
 * carries the Lambda context.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { texts } from '../../shared/texts';
import { byRouteKey, httpHandler } from './http';
import { json } from './response';

const context = { awsRequestId: 'test', functionName: 'test' } as Context;

function post(body: string, headers: Record<string, string>): APIGatewayProxyEventV2 {
  return { version: '2.0', routeKey: 'POST /test', rawPath: '/test', rawQueryString: '', headers, body, isBase64Encoded: false } as unknown as APIGatewayProxyEventV2;
}

async function answer(handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode: number; body?: string }>, event: APIGatewayProxyEventV2) {
  const result = await handler(event, context);
  return { status: result.statusCode, body: JSON.parse(result.body as string) as unknown };
}

const echo = httpHandler(async (event) => json(200, event.body), { route: 'POST /api/contact', body: z.object({ a: z.string() }) });

const PARSER = '@middy/http-json-body-parser';

/** An error as middy's createError makes it: status and statusCode, and the middleware's cause. */
function middyError(statusCode: number, message: string, cause: Record<string, unknown>): Error {
  return Object.assign(new Error(message, { cause }), { statusCode, status: statusCode, expose: statusCode < 500 });
}

/** A route that throws the given error, as the JSON parser would throw it. */
function throwing(error: Error) {
  return httpHandler(
    async () => {
      throw error;
    },
    { route: 'POST /api/contact' },
  );
}

const unsupported = { status: 415, body: { message: 'Content-Type must be application/json' } };
const malformed = { status: 400, body: { message: texts.api.malformedJson } };

describe('httpHandler, JSON body refusals (middy 6 parser)', () => {
  it('answers a body sent as another media type 415', async () => {
    expect(await answer(echo, post('{"a":"b"}', { 'content-type': 'text/plain' }))).toEqual(unsupported);
  });

  it('answers a body without a Content-Type 415', async () => {
    expect(await answer(echo, post('{"a":"b"}', {}))).toEqual(unsupported);
  });

  it('answers JSON it cannot parse 400', async () => {
    expect(await answer(echo, post('{"a":', { 'content-type': 'application/json' }))).toEqual(malformed);
  });

  it('passes a parsed, valid body on', async () => {
    expect(await answer(echo, post('{"a":"b"}', { 'content-type': 'application/json; charset=utf-8' }))).toEqual({ status: 200, body: { a: 'b' } });
  });
});

describe('httpHandler, JSON parser errors mapped by status and cause', () => {
  it('answers a 415 without a parse failure in its cause 415, whatever its message says', async () => {
    expect(await answer(throwing(middyError(415, 'Unsupported Media Type: text/plain', { package: PARSER, data: 'text/plain' })), post('', {}))).toEqual(unsupported);
  });

  it("answers middy 6's parse failure (415 with JSON.parse's message in its cause) 400", async () => {
    expect(await answer(throwing(middyError(415, 'Unsupported Media Type', { package: PARSER, data: '{', message: 'Unexpected end of JSON input' })), post('', {}))).toEqual(malformed);
  });

  it("answers middy 7's parse failure and forbidden key (422) 400", async () => {
    expect(await answer(throwing(middyError(422, 'Invalid or malformed JSON was provided', { package: PARSER, data: '{', message: 'Unexpected end of JSON input' })), post('', {}))).toEqual(malformed);
    expect(await answer(throwing(middyError(422, 'Forbidden key in JSON body', { package: PARSER, data: '__proto__' })), post('', {}))).toEqual(malformed);
  });

  it('answers a 415 from anything but the JSON parser as an unhandled error', async () => {
    expect(await answer(throwing(middyError(415, 'Unsupported Media Type', { package: '@middy/other' })), post('', {}))).toEqual({ status: 500, body: { message: texts.api.internalError } });
  });
});

describe('httpHandler, the Lambda context in the logs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('logs the function, the request and a cold start on the first invocation only', async () => {
    // A fresh logger, as in a new Lambda: its first invocation is the cold start (on-demand initialisation).
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
    vi.resetModules();
    const { httpHandler: fresh } = await import('./http');
    const { logger } = await import('./logger');
    const lines: Record<string, unknown>[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    const route = fresh(
      async () => {
        logger.info('hello');
        return json(200, {});
      },
      { route: 'GET /api/releases' },
    );
    const invocation = (awsRequestId: string) =>
      ({ awsRequestId, functionName: 'voxpen-users', functionVersion: '$LATEST', memoryLimitInMB: '256', invokedFunctionArn: 'arn:aws:lambda:eu-west-1:1:function:voxpen-users' }) as Context;
    await route(post('', {}), invocation('first'));
    await route(post('', {}), invocation('second'));
    const context = { function_name: 'voxpen-users', function_memory_size: '256', function_arn: 'arn:aws:lambda:eu-west-1:1:function:voxpen-users' };
    expect(lines).toEqual([
      expect.objectContaining({ message: 'hello', cold_start: true, function_request_id: 'first', ...context }),
      expect.objectContaining({ message: 'hello', cold_start: false, function_request_id: 'second', ...context }),
    ]);
  });
});

describe('a handler is registered with its route, and its route has a policy', () => {
  it('refuses a route the table does not declare, at compile time and at load', () => {
    // @ts-expect-error: not a declared route (shared/routes.ts, shared/route-policy.ts), so it has no policy.
    expect(() => httpHandler(async () => json(200, {}), { route: 'POST /api/undeclared' })).toThrow('no policy declared for POST /api/undeclared');
  });

  it('refuses a handler registered under another route than the one whose policy it enforces', () => {
    const releases = httpHandler(async () => json(200, {}), { route: 'GET /api/releases' });
    // @ts-expect-error: the handler made for GET /api/releases enforces that route's policy, not the usage route's.
    expect(() => byRouteKey({ 'GET /api/usage': releases })).toThrow('the handler registered for GET /api/usage enforces the policy of GET /api/releases');
    expect(() => byRouteKey({ 'GET /api/releases': releases })).not.toThrow();
  });
});
