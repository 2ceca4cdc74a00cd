/**
 * Session verification for the product's own Lambdas: supertokens-node's session check for the
 * awsLambda framework as a middy middleware. Before the handler it verifies the access token (cookie
 * or Authorization header) and attaches the session; when there is none it answers exactly as
 * SuperTokens does (401 so the web SDK refreshes, 403 for invalid claims). After the handler it adds
 * any session cookies or headers SuperTokens set.
 */
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { wrapRequest, wrapResponse } from 'supertokens-node/framework/awsLambda';
import * as supertokensModule from 'supertokens-node/lib/build/supertokens';
import Session, { type SessionContainer } from 'supertokens-node/recipe/session';
import { ensureSupertokens } from '../auth/supertokens';
import type { HttpResult } from './response';

type AwsResponse = ReturnType<typeof wrapResponse> & { responseSet: boolean; sendResponse(result?: HttpResult): HttpResult };

/**
 * The SDK's own error handler lives on its internal SuperTokens class. That module sets
 * `exports.default` without `__esModule`, so what a default import yields differs between Node's
 * interop, esbuild's bundle and vitest: take whichever object has the method.
 */
type SuperTokensClass = typeof supertokensModule.default;
function superTokensClass(): SuperTokensClass {
  const candidate = supertokensModule.default as SuperTokensClass & { default?: SuperTokensClass };
  return typeof candidate.getInstanceOrThrowError === 'function' ? candidate : candidate.default!;
}

const responses = new WeakMap<object, AwsResponse>();
const sessions = new WeakMap<object, SessionContainer>();

export function requireSession(): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> {
  return {
    before: async (request) => {
      await ensureSupertokens();
      const req = wrapRequest(request.event);
      const res = wrapResponse(request.event) as AwsResponse;
      responses.set(request.event, res);
      try {
        const session = await Session.getSession(req, res, { sessionRequired: true });
        sessions.set(request.event, session);
        return undefined;
      } catch (error) {
        // The SDK's own error handler writes its 401/403 answer (and clears cookies when it should).
        await superTokensClass().getInstanceOrThrowError().errorHandler(error, req, res, {} as never);
        if (res.responseSet) return res.sendResponse({ statusCode: 401 });
        throw error;
      }
    },
    after: async (request) => {
      const res = responses.get(request.event);
      if (res && request.response) request.response = res.sendResponse(request.response);
    },
  };
}

/** The verified session of a request that passed `requireSession()`. */
export function sessionOf(event: object): SessionContainer {
  const session = sessions.get(event);
  if (!session) throw new Error('sessionOf() on a route without requireSession()');
  return session;
}
