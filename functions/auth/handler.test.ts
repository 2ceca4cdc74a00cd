/**
 * Errors thrown from inside the SDK call: an HttpError from an API override (the rate limits refuse
 * that way) reaches the caller as its status, message and headers; anything else is a bare 500. Real
 * supertokens-node, with an override that throws before the core would be asked anything.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Session from 'supertokens-node/recipe/session';
import { beforeAll, describe, expect, it } from 'vitest';
import { localSecretEnvName } from '../../shared/secrets';
import { texts } from '../../shared/texts';
import { HttpError } from '../lib/http-error';
import { handler } from './handler';
import { supertokensConfig } from './supertokens';

let thrown: Error;

beforeAll(() => {
  // Nothing listens here: the requests below never get as far as the core.
  const core = { connectionUri: 'http://127.0.0.1:9', apiKey: '' };
  process.env[localSecretEnvName('supertokens')] = JSON.stringify(core);
  // SuperTokens keeps the first init, so the handler's own ensureSupertokens() leaves this one in place.
  supertokens.init({
    ...supertokensConfig(core),
    recipeList: [
      EmailPassword.init({
        override: {
          apis: (original) => ({
            ...original,
            signInPOST: async () => {
              throw thrown;
            },
          }),
        },
      }),
      Session.init({ getTokenTransferMethod: () => 'any' }),
    ],
  });
});

function signIn(): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'ANY /api/auth/{proxy+}',
    rawPath: '/api/auth/signin',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', rid: 'emailpassword', 'st-auth-mode': 'cookie' },
    requestContext: { http: { method: 'POST', path: '/api/auth/signin', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
    body: JSON.stringify({ formFields: [{ id: 'email', value: 'ada@example.com' }, { id: 'password', value: 'engine42' }] }),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

const context = { awsRequestId: 'test', functionName: 'auth' } as Context;

describe('auth handler, errors from inside the SDK', () => {
  it('answers an HttpError thrown by an API override with its status, message and headers', async () => {
    thrown = new HttpError(429, 'Too many sign-ins from your address. Please try again in 5 minutes.', undefined, { 'retry-after': '300' });
    const result = await handler(signIn(), context);
    expect(result.statusCode).toBe(429);
    expect(JSON.parse(result.body as string)).toEqual({ message: 'Too many sign-ins from your address. Please try again in 5 minutes.' });
    expect(result.headers).toMatchObject({ 'retry-after': '300', 'content-type': expect.stringContaining('application/json') });
  });

  it('answers any other error as a 500 that says nothing of it', async () => {
    thrown = new Error('core at /work/secret:3567 said no');
    const result = await handler(signIn(), context);
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body as string)).toEqual({ message: texts.api.internalError });
  });
});
