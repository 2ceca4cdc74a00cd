/**
 * The local API Gateway: each HTTP request becomes an HTTP API payload-2.0 event for the very handler
 * module that is deployed, matched through the shared route table, and the result goes back as HTTP.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchRoute } from '../../shared/route-match';
import { functions as functionDefs, routes as routeTable, type RouteDef } from '../../shared/routes';
import { apiTexts } from '../../shared/texts';
import { GATEWAY_TIMEOUT_MS } from '../../functions/lib/deadline';
import { BodyTooLarge, guarded, readBody, sendJson } from './http-kit';
import { close, listen } from './http-server';
import type { LocalService } from './service';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;

/** API Gateway's own payload limit is 10 MB; locally a megabyte says the same thing sooner. */
export const GATEWAY_MAX_BODY_BYTES = 1024 * 1024;

/** Headers the web SDK (supertokens-web-js) sends and reads across origins (localhost:5173 → localhost:4000). */
const CORS_ALLOW_HEADERS = 'content-type, rid, fdi-version, anti-csrf, authorization, st-auth-mode, x-requested-with, if-none-match, if-match';
// content-disposition: the data export's file name (deployed, the API is same-origin and needs no exposing).
const CORS_EXPOSE_HEADERS = 'front-token, anti-csrf, st-access-token, st-refresh-token, etag, content-disposition';

const TEXT_TYPES = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json)/i;

export interface GatewayOptions {
  port: number;
  routes?: readonly RouteDef[];
  /** Function groups by name; the shared table unless a test routes to its own fixtures. */
  functions?: Record<string, { entry: string }>;
  /** Origins allowed to call with credentials (the Vite dev server). */
  corsOrigins: string[];
  root?: string;
}

export function toEvent(req: IncomingMessage, body: Buffer, route: RouteDef, pathParameters: Record<string, string>): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = req.headers.cookie?.split(';').map((c) => c.trim()).filter(Boolean);
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const method = (req.method ?? 'GET').toUpperCase();
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${route.method === 'ANY' ? 'ANY' : method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: cookies?.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method === 'ANY' ? 'ANY' : method} ${route.path}`,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? body.toString(isText ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: !isText,
  };
}

/** What API Gateway answers when an integration passes its deadline: the product's own answer never came. */
const GATEWAY_TIMEOUT_ANSWER = { message: 'Service Unavailable' };

function lambdaContext(fn: string, requestId: string): Context {
  // The Lambda's timeout, which is API Gateway's deadline too (functions/lib/deadline.ts).
  const deadline = Date.now() + GATEWAY_TIMEOUT_MS;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${fn}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${fn}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/local-${fn}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Payload 2.0 result rules: a bare value is a 200 JSON body; `cookies` become Set-Cookie headers. */
function send(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string | object, extraHeaders: Record<string, string>) {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: typeof result === 'string' ? result : JSON.stringify(result) };
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  for (const [k, v] of Object.entries(structured.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body ? Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8') : undefined;
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(body);
}

export function gatewayService(options: GatewayOptions): LocalService {
  const routes = options.routes ?? routeTable;
  const root = options.root ?? process.cwd();
  const fns: Record<string, { entry: string }> = options.functions ?? functionDefs;
  const handlers = new Map<string, Promise<Handler>>();
  const loadHandler = (fn: string) => {
    if (!handlers.has(fn)) {
      const entry = pathToFileURL(resolve(root, fns[fn]!.entry)).href;
      handlers.set(fn, import(entry).then((m: { handler: Handler }) => m.handler));
    }
    return handlers.get(fn)!;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && options.corsOrigins.includes(origin)
        ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', 'access-control-expose-headers': CORS_EXPOSE_HEADERS, vary: 'Origin' }
        : {};
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();

    if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
        'access-control-allow-headers': CORS_ALLOW_HEADERS,
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }

    const match = matchRoute(routes, method, url.pathname);
    if (match.kind === 'not-found') return sendJson(res, 404, { message: apiTexts.notFound }, cors);
    if (match.kind === 'method-not-allowed') {
      return sendJson(res, 405, { message: apiTexts.methodNotAllowed }, { ...cors, allow: match.allowed.join(', ') });
    }

    let body: Buffer;
    try {
      body = await readBody(req, { maxBytes: GATEWAY_MAX_BODY_BYTES, overflow: 'answer' });
    } catch (error) {
      if (error instanceof BodyTooLarge) return sendJson(res, 413, { message: apiTexts.payloadTooLarge }, { ...cors, connection: 'close' });
      throw error;
    }
    const event = toEvent(req, body, match.route, match.pathParameters);
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await loadHandler(match.route.fn);
      // API Gateway's deadline, as deployed: past it the caller gets the gateway's 503 without Retry-After
      // or our sentence, whatever the handler does later (its answer is dropped).
      const overrun = new Promise<'overrun'>((resolve) => {
        timer = setTimeout(() => resolve('overrun'), GATEWAY_TIMEOUT_MS);
      });
      const result = await Promise.race([handler(event, lambdaContext(match.route.fn, event.requestContext.requestId)), overrun]);
      if (result === 'overrun') {
        console.error(`[api] ${match.route.fn} passed API Gateway's ${GATEWAY_TIMEOUT_MS} ms: answered 503 for it`);
        return sendJson(res, 503, GATEWAY_TIMEOUT_ANSWER, cors);
      }
      send(res, result, cors);
    } catch (error) {
      // As API Gateway does for a failed invocation: the caller learns nothing of the cause.
      console.error(`[api] ${match.route.fn} failed:`, error);
      sendJson(res, 500, { message: apiTexts.internalError }, cors);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name: 'API',
    port: options.port,
    async start() {
      const server = createServer(
        guarded(handle, {
          log: (error) => console.error('[api] gateway error:', error),
          answer: (res) => sendJson(res, 500, { message: apiTexts.internalError }),
        }),
      );
      await listen(server, options.port);
      return { url: `http://localhost:${options.port}`, stop: () => close(server) };
    },
  };
}
