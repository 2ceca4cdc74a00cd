/**
 * The API as the `stripe` SDK meets it: the secret-key check, form-encoded parameters checked
 * against each route's, Stripe's error shapes and headers, and Idempotency-Key replays.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readText, sendJson, type BodyLimit } from '../http-kit';
import type { ApiRoute } from './api-routes';
import { parseParams, type Params } from './form-params';
import { idempotently, type Answer } from './idempotency';
import { invalid, newId, StripeApiError } from './objects';
import type { StripeStore } from './store';

export interface ApiOptions {
  routes: ApiRoute[];
  store: StripeStore;
  secretKey: string;
  /** Answered in `stripe-version` when the request names none. */
  apiVersion: string;
  bodyLimit: BodyLimit;
}

export type ApiHandler = (req: IncomingMessage, res: ServerResponse, path: string, search: URLSearchParams) => Promise<void>;

function checkParams(params: Params, accepted: readonly string[]) {
  const unknown = Object.keys(params).find((k) => !accepted.includes(k));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown);
}

/** `sk_test_…` shown as Stripe shows a wrong key: the prefix, then stars, then the last four characters. */
function maskKey(key: string): string {
  return key.length <= 12 ? key : `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  if (bearer) return bearer[1]!.trim();
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

/** Stripe's answer headers, and its pretty-printed JSON. */
function sendAnswer(res: ServerResponse, answer: Answer, headers: Record<string, string> = {}) {
  sendJson(res, answer.status, answer.body, { 'content-type': 'application/json', 'request-id': newId('req', 14), 'cache-control': 'no-cache, no-store', ...headers }, 2);
}

export function answerApiFailure(res: ServerResponse): void {
  sendAnswer(res, { status: 500, body: { error: { type: 'api_error', message: 'Internal error in the local Stripe stand-in' } } });
}

export function createApi(options: ApiOptions): ApiHandler {
  return async (req, res, path, search) => {
    const key = apiKeyOf(req);
    if (!key) {
      const message = "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return sendAnswer(res, { status: 401, body: { error: { type: 'invalid_request_error', message } } });
    }
    if (key !== options.secretKey) return sendAnswer(res, { status: 401, body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` } } });

    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readText(req, options.bodyLimit) : '';
    const route = options.routes.map((r) => ({ r, m: r.method === method ? r.pattern.exec(path) : null })).find((x) => x.m);
    const run = async (): Promise<Answer> => {
      if (!route) return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). The local Stripe stand-in serves only the calls the product makes.` } } };
      try {
        const params = parseParams(method === 'POST' ? new URLSearchParams(body) : search);
        if (route.r.params) checkParams(params, route.r.params);
        return { status: 200, body: await route.r.handle(params, route.m!.slice(1).map(decodeURIComponent)) };
      } catch (error) {
        if (error instanceof StripeApiError) return { status: error.status, body: { error: error.body } };
        throw error;
      }
    };
    const versionHeader = { 'stripe-version': String(req.headers['stripe-version'] ?? options.apiVersion) };
    const idempotencyKey = req.headers['idempotency-key'];
    if (method !== 'POST' || typeof idempotencyKey !== 'string' || !idempotencyKey) return sendAnswer(res, await run(), versionHeader);
    const { answer, replayed } = await idempotently(options.store, idempotencyKey, `${method} ${path}\n${body}`, run);
    sendAnswer(res, answer, { ...versionHeader, 'idempotency-key': idempotencyKey, ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
  };
}
