/**
 * The local Stripe: the API calls the product makes (the real `stripe` SDK pointed here), the hosted
 * Checkout and portal pages, and signed webhooks to the product's API. `npm start` runs it on port
 * 12111 (infra/local/stack.ts); tests start it in-process on a free port. Deployed, the product talks
 * to api.stripe.com instead: only the `stripe` secret and `STRIPE_API_URL` differ.
 */
import { createServer } from 'node:http';
import Stripe from 'stripe';
import { createDocumentClient } from '../../../functions/lib/dynamo';
import { guarded, type BodyLimit } from '../http-kit';
import { close, listen } from '../http-server';
import type { LocalService, RunningService } from '../service';
import { answerApiFailure, createApi } from './api';
import { apiRoutes } from './api-routes';
import { LOCAL_STRIPE_SECRET } from './catalog';
import { answerPageFailure, createHostedPages } from './hosted-pages';
import type * as ops from './operations';
import { createStripeStore } from './store';
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

/** Far above what the SDK or a page's form sends, for API calls and pages alike; past it the stand-in hangs up. */
const BODY_LIMIT: BodyLimit = { maxBytes: 262_144, overflow: 'hang-up' };

export interface RunningStripeStandIn extends RunningService {
  deps: ops.OperationDeps;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<RunningStripeStandIn> {
  const clock = options.clock ?? Date.now;
  const db = createDocumentClient(options.dynamoEndpoint);
  const store = createStripeStore(db, options.table);
  const webhooks = createWebhookSender({ url: options.webhookUrl, secret: options.webhookSecret ?? LOCAL_STRIPE_SECRET.webhookSecret, retryDelays: options.retryDelays, clock });
  const url = `http://localhost:${options.port}`;
  const deps: ops.OperationDeps = { store, webhooks, clock, baseUrl: url, apiVersion: Stripe.API_VERSION };
  const secretKey = options.secretKey ?? LOCAL_STRIPE_SECRET.secretKey;
  const api = createApi({ routes: apiRoutes(deps), store, secretKey, apiVersion: deps.apiVersion, bodyLimit: BODY_LIMIT });
  const pages = createHostedPages(deps, BODY_LIMIT);

  const isApi = (path: string | undefined) => path?.startsWith('/v1/') ?? false;
  const server = createServer(
    guarded(
      async (req, res) => {
        const { pathname, searchParams } = new URL(req.url ?? '/', url);
        return isApi(pathname) ? api(req, res, pathname, searchParams) : pages(req, res, pathname);
      },
      {
        log: (error, req) => console.error('Stripe stand-in:', req.method, req.url, error),
        answer: (res, req) => (isApi(req.url) ? answerApiFailure(res) : answerPageFailure(res)),
      },
    ),
  );
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
