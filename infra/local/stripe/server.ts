/**
 * The local Stripe: the API calls the product makes (the real `stripe` SDK pointed here), the hosted
 * Checkout and portal pages, and signed webhooks to the product's API. `npm start` runs it on port
 * 12111 (infra/local/stack.ts); tests start it in-process on a free port. Deployed, the product talks
 * to api.stripe.com instead: only the `stripe` secret and `STRIPE_API_URL` differ.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { createDocumentClient } from '../../../functions/lib/dynamo';
import { close, listen } from '../http-server';
import type { LocalService, RunningService } from '../service';
import { LOCAL_PRO_PRODUCT, LOCAL_STRIPE_SECRET } from './catalog';
import { arr, parseParams, str, type Params } from './form-params';
import { findPrice, invalid, list, newId, StripeApiError } from './objects';
import * as ops from './operations';
import { checkoutPage, messagePage, portalPage } from './pages';
import { createStripeStore, type StripeStore } from './store';
import { createWebhookSender } from './webhooks';

export interface StripeStandInOptions {
  port: number;
  dynamoEndpoint: string;
  /** Where events are POSTed (the product's webhook route). */
  webhookUrl: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Delays before each webhook retry, in ms. */
  retryDelays?: number[];
  clock?: () => number;
  /** Table name; default from shared/tables (`voxpen-stripeStandIn`). */
  table?: string;
}

interface Answer {
  status: number;
  body: unknown;
}

type ApiRoute = { method: 'GET' | 'POST' | 'DELETE'; pattern: RegExp; params?: readonly string[]; handle: (params: Params, match: string[]) => Promise<unknown> };

/** The parameters Stripe accepts on the creates the stand-in serves; any other is refused as Stripe refuses it. */
const ACCEPTED = {
  customers: ['address', 'balance', 'cash_balance', 'description', 'email', 'expand', 'invoice_prefix', 'invoice_settings', 'metadata', 'name', 'next_invoice_sequence', 'payment_method', 'phone', 'preferred_locales', 'shipping', 'source', 'tax', 'tax_exempt', 'tax_id_data', 'test_clock'],
  checkoutSessions: [
    'adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'automatic_tax', 'billing_address_collection', 'cancel_url', 'client_reference_id', 'consent_collection',
    'currency', 'custom_fields', 'custom_text', 'customer', 'customer_creation', 'customer_email', 'customer_update', 'discounts', 'expand', 'expires_at', 'invoice_creation',
    'line_items', 'locale', 'metadata', 'mode', 'optional_items', 'payment_method_collection', 'payment_method_configuration', 'payment_method_options', 'payment_method_types',
    'phone_number_collection', 'redirect_on_completion', 'return_url', 'saved_payment_method_options', 'shipping_address_collection', 'submit_type', 'subscription_data',
    'success_url', 'tax_id_collection', 'ui_mode',
  ],
  portalSessions: ['configuration', 'customer', 'expand', 'flow_data', 'locale', 'on_behalf_of', 'return_url'],
} as const;

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

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 262_144) req.destroy(new Error('request body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, answer: Answer, headers: Record<string, string> = {}) {
  res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req', 14), 'cache-control': 'no-cache, no-store', ...headers });
  res.end(JSON.stringify(answer.body, null, 2));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

interface IdempotencyRecord {
  state: 'pending' | 'done';
  request: string;
  answer?: Answer;
}

/**
 * Stripe's idempotency: the first request with a key runs and its answer is kept; a repeat with the
 * same parameters gets that answer again, with different ones an idempotency_error. A request that
 * failed validation keeps nothing, so it can be corrected and retried under the same key.
 */
async function idempotently(store: StripeStore, key: string, request: string, run: () => Promise<Answer>): Promise<{ answer: Answer; replayed: boolean }> {
  const id = `idem#${key}`;
  const claimed = await store.putIfAbsent(id, { state: 'pending', request } satisfies IdempotencyRecord);
  if (!claimed) {
    const record = await store.get<IdempotencyRecord>(id);
    if (record?.request !== request) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      return { answer: { status: 400, body: { error: { type: 'idempotency_error', message } } }, replayed: false };
    }
    if (record.state === 'pending' || !record.answer) {
      const message = 'There is currently another in-progress request using this Idempotency-Key. Please try again later.';
      return { answer: { status: 409, body: { error: { type: 'idempotency_error', message } } }, replayed: false };
    }
    return { answer: record.answer, replayed: true };
  }
  let answer: Answer | undefined;
  try {
    answer = await run();
  } finally {
    if (answer?.status === 200) await store.put(id, { state: 'done', request, answer } satisfies IdempotencyRecord);
    else await store.delete(id);
  }
  return { answer, replayed: false };
}

export interface RunningStripeStandIn extends RunningService {
  deps: ops.OperationDeps;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<RunningStripeStandIn> {
  const secretKey = options.secretKey ?? LOCAL_STRIPE_SECRET.secretKey;
  const clock = options.clock ?? Date.now;
  const db = createDocumentClient(options.dynamoEndpoint);
  const store = createStripeStore(db, options.table);
  const webhooks = createWebhookSender({ url: options.webhookUrl, secret: options.webhookSecret ?? LOCAL_STRIPE_SECRET.webhookSecret, retryDelays: options.retryDelays, clock });
  const url = `http://localhost:${options.port}`;
  const deps: ops.OperationDeps = { store, webhooks, clock, baseUrl: url, apiVersion: Stripe.API_VERSION };

  const withExpand = async (object: unknown, params: Params) => {
    const paths = arr(params, 'expand').filter((p): p is string => typeof p === 'string');
    return paths.length ? ops.expand(deps, object as Record<string, unknown>, paths) : object;
  };

  const routes: ApiRoute[] = [
    { method: 'POST', pattern: /^\/v1\/customers$/, params: ACCEPTED.customers, handle: async (p) => withExpand(await ops.createCustomer(deps, p), p) },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handle: async (p, [id]) => withExpand(await ops.getCustomer(deps, id!), p) },
    { method: 'DELETE', pattern: /^\/v1\/customers\/([^/]+)$/, handle: async (_p, [id]) => ops.deleteCustomer(deps, id!) },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, params: ACCEPTED.checkoutSessions, handle: async (p) => withExpand(await ops.createCheckoutSession(deps, p), p) },
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, params: ['expand'], handle: async (p, [id]) => withExpand(await ops.expireCheckout(deps, id!), p) },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: async (p, [id]) => withExpand((await ops.getCheckout(deps, id!)).session, p) },
    { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, params: ACCEPTED.portalSessions, handle: async (p) => ops.createPortalSession(deps, p) },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: async (p, [id]) => withExpand(await ops.getSubscription(deps, id!), p) },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions$/,
      handle: async (p) => {
        const customer = str(p, 'customer');
        if (!customer) throw invalid('The local Stripe stand-in lists subscriptions by customer only.', 'customer');
        const status = str(p, 'status');
        // Stripe's default list leaves out canceled subscriptions; `status=all` includes them.
        const all = (await ops.subscriptionsOf(deps, customer)).filter((s) => (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'));
        return list(all, '/v1/subscriptions');
      },
    },
    { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, handle: async (_p, [id]) => ops.getPrice(id!) },
    { method: 'GET', pattern: /^\/v1\/products\/([^/]+)$/, handle: async (_p, [id]) => ops.getProduct(id!) },
    { method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, handle: async (_p, [id]) => ops.getEvent(deps, id!) },
    {
      method: 'GET',
      pattern: /^\/v1\/events$/,
      handle: async (p) => {
        const limit = Math.min(Math.max(Number(str(p, 'limit') ?? 10) || 10, 1), 100);
        const type = str(p, 'type');
        const events = (await store.events<{ type: string }>()).filter((e) => !type || e.type === type);
        return list(events.slice(0, limit), '/v1/events', events.length > limit);
      },
    },
    { method: 'POST', pattern: /^\/v1\/events\/([^/]+)\/retry$/, handle: async (_p, [id]) => ops.resendEvent(deps, id!) },
  ];

  async function api(req: IncomingMessage, res: ServerResponse, path: string, search: URLSearchParams) {
    const key = apiKeyOf(req);
    if (!key) {
      const message = "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return sendJson(res, { status: 401, body: { error: { type: 'invalid_request_error', message } } });
    }
    if (key !== secretKey) return sendJson(res, { status: 401, body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` } } });

    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : '';
    const route = routes.map((r) => ({ r, m: r.method === method ? r.pattern.exec(path) : null })).find((x) => x.m);
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
    const versionHeader = { 'stripe-version': String(req.headers['stripe-version'] ?? deps.apiVersion) };
    const idempotencyKey = req.headers['idempotency-key'];
    if (method !== 'POST' || typeof idempotencyKey !== 'string' || !idempotencyKey) return sendJson(res, await run(), versionHeader);
    const { answer, replayed } = await idempotently(store, idempotencyKey, `${method} ${path}\n${body}`, run);
    sendJson(res, answer, { ...versionHeader, 'idempotency-key': idempotencyKey, ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
  }

  const successUrlOf = (session: { id: string; success_url: string }) => session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

  async function checkout(req: IncomingMessage, res: ServerResponse, id: string) {
    const stored = await ops.getCheckout(deps, id).catch(() => undefined);
    if (!stored) return sendHtml(res, 404, messagePage('Checkout not found', 'This checkout link is unknown. Start again from the pricing page.'));
    const { session, terms } = stored;
    const customer = session.customer ? await ops.getCustomer(deps, session.customer).catch(() => undefined) : undefined;
    const view = { session, price: findPrice(terms.priceId)!, productName: LOCAL_PRO_PRODUCT.name, quantity: terms.quantity, trialPeriodDays: terms.trialPeriodDays, email: customer?.email ?? session.customer_email };

    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const email = (form.get('email') ?? '').trim();
      if (!session.customer && session.status === 'open' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        return sendHtml(res, 400, checkoutPage({ ...view, email, error: 'Enter a valid email address.' }));
      }
      const outcome = await ops.completeCheckout(deps, id, email || undefined);
      if (outcome.done) return redirect(res, successUrlOf(outcome.session));
      return sendHtml(res, 409, finishedCheckout(outcome.reason, session));
    }
    // getCheckout has already expired a session past its expires_at.
    if (session.status !== 'open') return sendHtml(res, 200, finishedCheckout(session.status, session));
    sendHtml(res, 200, checkoutPage(view));
  }

  function finishedCheckout(reason: 'complete' | 'expired', session: { id: string; success_url: string; cancel_url: string | null }): string {
    if (reason === 'complete') {
      return messagePage('This checkout is already complete', 'The subscription has started; paying again is not needed.', { href: successUrlOf(session), label: 'Continue' });
    }
    return messagePage('This checkout has expired', 'Start again from the pricing page.', session.cancel_url ? { href: session.cancel_url, label: 'Back' } : undefined);
  }

  async function portal(req: IncomingMessage, res: ServerResponse, id: string) {
    const session = await ops.getPortalSession(deps, id).catch(() => undefined);
    if (!session) return sendHtml(res, 404, messagePage('Billing page not found', 'This billing link is unknown. Open billing again from your dashboard.'));
    let error: string | undefined;
    if (req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const action = form.get('action');
      if (action !== 'cancel' && action !== 'resume' && action !== 'cancel_now') error = 'Unknown action.';
      else {
        try {
          await ops.changeSubscription(deps, session, form.get('subscription') ?? '', action);
          return redirect(res, `/portal/${encodeURIComponent(id)}`);
        } catch (e) {
          if (!(e instanceof StripeApiError)) throw e;
          error = e.message;
        }
      }
    }
    const customer = await ops.getCustomer(deps, session.customer).catch(() => undefined);
    const subscriptions = await ops.subscriptionsOf(deps, session.customer);
    sendHtml(res, error ? 400 : 200, portalPage({ portal: session, email: customer?.email ?? null, subscriptions, productName: LOCAL_PRO_PRODUCT.name, error }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { pathname, searchParams } = new URL(req.url ?? '/', url);
    if (pathname.startsWith('/v1/')) return api(req, res, pathname, searchParams);
    const page = /^\/(checkout|portal)\/([^/]+)$/.exec(pathname);
    if (page && (req.method === 'GET' || req.method === 'POST')) {
      const id = decodeURIComponent(page[2]!);
      return page[1] === 'checkout' ? checkout(req, res, id) : portal(req, res, id);
    }
    sendHtml(res, 404, messagePage('Not found', 'The local Stripe stand-in has no page here.'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('Stripe stand-in:', req.method, req.url, error);
      if (res.headersSent) return void res.end();
      if (req.url?.startsWith('/v1/')) sendJson(res, { status: 500, body: { error: { type: 'api_error', message: 'Internal error in the local Stripe stand-in' } } });
      else sendHtml(res, 500, messagePage('Something went wrong', 'The local Stripe stand-in failed; see its log.'));
    });
  });
  // Longer than the SDK keeps idle sockets, so the stand-in never closes one the SDK is about to reuse.
  server.keepAliveTimeout = 65_000;
  await listen(server, options.port);
  return {
    url,
    deps,
    stop: async () => {
      webhooks.stop();
      await close(server);
      db.destroy();
    },
  };
}

export function stripeStandInService(options: { port: number; dynamoEndpoint: string; webhookUrl: string }): LocalService {
  return { name: 'Stripe stand-in', port: options.port, start: () => startStripeStandIn(options) };
}
