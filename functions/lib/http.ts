/**
 * Every HTTP Lambda is `httpHandler(fn, options)`: a plain async function wrapped in middy with, in
 * this order, the Lambda context on every log line (./logger.ts injectLambdaContext), the origin check
 * (deployed, a request that did not come through CloudFront is refused 403: ./origin-check.ts), the
 * route's declared policy (options.route names it in shared/routes.ts or shared/route-policy.ts; ./policy.ts),
 * the body guard and JSON parser (when the route takes a body), zod validation, the policy's step-up
 * proof (./step-up.ts), and one error mapper that turns
 * anything thrown into `{ message }` with the right status: a dependency slow or down is a 503 with
 * Retry-After (./unavailable.ts), anything else unknown our 500.
 */
import middy from '@middy/core';
import jsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { AUTH_PATHS, type AuthPath, type RoutePolicy } from '../../shared/route-policy';
import { routePolicy, type RouteKey } from '../../shared/routes';
import { apiTexts } from '../../shared/texts/api';
import { HttpError } from './http-error';
import { withRequestDeadline } from './deadline';
import { injectLambdaContext, logger } from './logger';
import { cameThroughCloudFront } from './origin-check';
import { policyGuard } from './policy';
import { sessionOf } from './session';
import { json, type HttpResult } from './response';
import { checkProof, type ProofEvent } from './step-up';
import { unavailableDependency, unavailableResponse } from './unavailable';

/** Far below API Gateway's 10 MB: no product body is anywhere near this. */
export const MAX_BODY_BYTES = 64 * 1024;

export type HttpEvent<TBody = undefined> = Omit<APIGatewayProxyEventV2, 'body'> & { body: TBody };

/** A route a handler may serve: one the gateway routes (shared/routes.ts) or a path under /api/auth (shared/route-policy.ts); each declares its policy. */
export type PolicedRoute = RouteKey | AuthPath;

interface Options<TBody, R extends PolicedRoute> {
  /** The route served: its declared policy runs before the body is read, so a caller without access learns nothing more. */
  route: R;
  /** The request body's schema; when given, the route takes a JSON body and validates it. */
  body?: z.core.$ZodType<TBody>;
  maxBodyBytes?: number;
  /** The 401's words for a caller without a session, in place of the SDK's 'unauthorised' (the launch page's). */
  signedOutMessage?: string;
}

/** The declared policy of a route this Lambda serves; a route without one cannot be named (PolicedRoute). */
export function policyOf(route: PolicedRoute): RoutePolicy {
  const policy = Object.hasOwn(AUTH_PATHS, route) ? AUTH_PATHS[route as AuthPath] : routePolicy(route);
  if (policy === undefined || policy === 'AUTH_PATHS') throw new Error(`no policy declared for ${route}`);
  return policy;
}

/** The policy's step-up proof, once the session has passed and the body is validated. */
function proofCheck(policy: RoutePolicy): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> {
  return {
    before: async (request) => {
      if (policy.caller === 'anyone' || !policy.proof) return;
      const refusal = await checkProof(request.event as unknown as ProofEvent, policy, sessionOf(request.event));
      if (refusal) throw refusal;
    },
  };
}

type Request = middy.Request<APIGatewayProxyEventV2, HttpResult, Error, Context>;

function bodyGuard(maxBytes: number): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> {
  return {
    before: async (request) => {
      const { body, isBase64Encoded } = request.event;
      const size = body === undefined ? 0 : Buffer.byteLength(body, isBase64Encoded ? 'base64' : 'utf8');
      if (size > maxBytes) throw new HttpError(413, apiTexts.payloadTooLarge);
      if (size === 0) throw new HttpError(400, apiTexts.malformedJson);
    },
  };
}

/** First of all (before `auth`, before the body is read): deployed, only CloudFront's requests are served. */
const originCheck: middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> = {
  before: async (request) => {
    if (!(await cameThroughCloudFront(request.event))) throw new HttpError(403, apiTexts.notThroughCdn);
  },
};

function validate<TBody>(schema: z.core.$ZodType<TBody>): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> {
  return {
    before: async (request) => {
      const parsed = z.safeParse(schema, request.event.body);
      if (parsed.success) {
        (request.event as unknown as { body: TBody }).body = parsed.data;
        return;
      }
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'body';
        fields[field] ??= issue.message;
      }
      const summary = Object.entries(fields)
        .map(([field, message]) => `${field}: ${message}`)
        .join('; ');
      throw new HttpError(400, `Invalid request: ${summary}`, fields);
    },
  };
}

/** What @middy/util's createError puts on the errors middy's JSON parser throws. */
interface MiddyError extends Error {
  statusCode?: number;
  status?: number;
  cause?: { package?: string; message?: string };
}

/**
 * A wrong Content-Type stays a 415; a body that is not JSON is the caller's bad body, a 400. Told
 * apart by status and cause, never by wording: middy 6 answers 415 to both and only the parse failure
 * carries JSON.parse's message in its cause (a missing body, the other 415 without one, never gets
 * past the body guard); middy 7 answers a body it cannot parse 422.
 */
function fromMiddyError(error: Error): HttpError | undefined {
  const { statusCode, status, cause } = error as MiddyError;
  if (cause?.package !== '@middy/http-json-body-parser') return undefined;
  return (statusCode ?? status) === 415 && cause.message === undefined
    ? new HttpError(415, 'Content-Type must be application/json')
    : new HttpError(400, apiTexts.malformedJson);
}

const errorMapper: middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> = {
  onError: async (request: Request) => {
    const error = request.error as Error;
    const known = error instanceof HttpError ? error : fromMiddyError(error);
    if (known) {
      const body = { message: known.message, ...(known.fields ? { fields: known.fields } : {}), ...(error instanceof HttpError ? error.extra : {}) };
      request.response = json(known.statusCode, body, known.headers);
      return;
    }
    const dependency = unavailableDependency(error);
    if (dependency) {
      logger.warn('dependency unavailable', { dependency, error: { name: error.name, message: error.message } });
      request.response = unavailableResponse(dependency);
      return;
    }
    logger.error('unhandled error', { error: { name: error.name, message: error.message, stack: error.stack } });
    request.response = json(500, { message: apiTexts.internalError });
  },
};

/** A handler bound to the route whose policy it enforces. */
export type RouteHandler<R extends PolicedRoute = PolicedRoute> = ((event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>) & { readonly route: R };

export function httpHandler<TBody = undefined, R extends PolicedRoute = PolicedRoute>(
  fn: (event: HttpEvent<TBody>, context: Context) => Promise<HttpResult>,
  options: Options<TBody, R>,
): RouteHandler<R> {
  const policy = policyOf(options.route);
  const handler = middy<APIGatewayProxyEventV2, HttpResult>()
    .use(injectLambdaContext(logger))
    .use(originCheck)
    .use(policyGuard(policy, { signedOutMessage: options.signedOutMessage }));
  if (options.body) {
    handler
      .use(bodyGuard(options.maxBodyBytes ?? MAX_BODY_BYTES))
      .use(jsonBodyParser())
      .use(validate(options.body));
  }
  handler.use(proofCheck(policy));
  // Registered last so its onError runs first; middy runs onError middlewares in reverse order.
  const served = handler.use(errorMapper).handler(fn as unknown as (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>);
  // The request's time budget (./deadline.ts): every dependency call inside is cut to what is left of it.
  return Object.assign((event: APIGatewayProxyEventV2, context: Context) => withRequestDeadline(context, () => served(event, context)), { route: options.route });
}

/**
 * One Lambda serving several routes of its group, chosen by API Gateway's route key ('GET /api/usage').
 * Keyed by declared routes only, each with the handler made for it: a handler cannot be registered
 * for a route without a policy, nor under another route than the one whose policy it enforces.
 */
export function byRouteKey<K extends RouteKey>(handlers: { [P in K]: RouteHandler<P> }) {
  for (const [key, route] of Object.entries(handlers) as [string, RouteHandler][]) {
    if (route.route !== key) throw new Error(`the handler registered for ${key} enforces the policy of ${route.route}`);
  }
  const table = handlers as Record<string, RouteHandler>;
  return async (event: APIGatewayProxyEventV2, context: Context): Promise<HttpResult> => {
    const route = Object.hasOwn(table, event.routeKey) ? table[event.routeKey] : undefined;
    return route ? route(event, context) : json(404, { message: apiTexts.notFound });
  };
}
