/**
 * The billing function group: checkout (POST /api/create-checkout-session), the portal (GET
 * /api/manage-subscription), whether a returning checkout is the caller's (GET /api/checkout-session/{id}),
 * and /account's Billing: the plan as Stripe bills it (GET /api/billing) and monthly <-> annual
 * (POST /api/billing/interval).
 */
import type { CheckoutConfirmation, IntervalSwitched } from '../../shared/api-types';
import { checkoutBody, intervalBody } from '../../shared/schemas/billing';
import { billingTexts } from '../../shared/texts/billing';
import { usersTexts } from '../../shared/texts/users';
import { billingConfig } from '../lib/billing-config';
import { documentClient, primeDocumentClient } from '../lib/dynamo';
import { byRouteKey, httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import { readDeletionMarksWith } from '../lib/policy';
import { deletionStateOf } from '../user-record';
import { unavailableDependency } from '../lib/unavailable';
import { json, type HttpResult } from '../lib/response';
import { sessionOf, whileCoreKeysLoad } from '../lib/session';
import { readBillingOverview, switchInterval, type OverviewDeps, type OverviewOutcome, type SwitchOutcome } from './billing-overview';
import { confirmCheckout } from './checkout-confirmation';
import { createCheckout, createPortal, type BillingDeps, type CheckoutOutcome, type PortalOutcome } from './checkout';
import { StripeApiError } from './stripe-api';
import { stripeClient } from './stripe-client';

async function deps(): Promise<BillingDeps> {
  const stripe = await stripeClient();
  return { db: documentClient(), stripe, config: billingConfig(), webOrigin: process.env.WEB_ORIGIN!, now: new Date() };
}

/** A Stripe call Stripe refused is our configuration's fault, never the caller's: 502 with a plain message. */
async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Stripe unreachable or busy: a 503 with Retry-After from the error mapper (functions/lib/unavailable.ts).
    if (!(error instanceof StripeApiError) || unavailableDependency(error)) throw error;
    // Stripe's message can quote what was sent (an email address): the request id finds it in Stripe's logs.
    logger.error('stripe call failed', { status: error.status, type: error.type, code: error.code, stripeRequestId: error.requestId });
    throw new HttpError(502, billingTexts.unavailable);
  }
}

type Refusal = Exclude<(CheckoutOutcome | PortalOutcome | OverviewOutcome | SwitchOutcome)['status'], 'OK' | 'ALREADY_ON_INTERVAL'>;

/** Each refusal as the caller sees it: its status and the message texts.ts words for it. */
const refusals: Record<Refusal, [status: number, message: string]> = {
  INVALID_PRICE: [400, billingTexts.invalidPrice],
  UNKNOWN_USER: [404, usersTexts.notFound],
  ALREADY_PRO: [409, billingTexts.alreadyPro],
  NEEDS_ATTENTION: [409, billingTexts.needsAttention],
  CHECKOUT_OPEN: [409, billingTexts.checkoutOpen],
  NO_SUBSCRIPTION: [404, billingTexts.noSubscription],
  DELETING: [409, billingTexts.accountDeleting],
};

function answer(outcome: CheckoutOutcome | PortalOutcome): HttpResult {
  if (outcome.status === 'OK') return json(200, { url: outcome.url });
  const [status, message] = refusals[outcome.status];
  return json(status, { message });
}

async function overviewDeps(): Promise<OverviewDeps> {
  return { db: documentClient(), stripe: await stripeClient(), config: billingConfig() };
}

function refused(outcome: { status: Refusal }): HttpResult {
  const [status, message] = refusals[outcome.status];
  return json(status, { message });
}

// Reads the card and invoices: the core is asked that the session has not ended (the policy's liveSession).
const billingOverview = httpHandler(
  async (event) => {
    const outcome = await orUnavailable(async () => readBillingOverview(await overviewDeps(), sessionOf(event).userId));
    return outcome.status === 'OK' ? json(200, outcome.billing) : refused(outcome);
  },
  { route: 'GET /api/billing' },
);

const billingInterval = httpHandler(
  async (event) => {
    const outcome = await orUnavailable(async () => switchInterval(await overviewDeps(), sessionOf(event).userId, event.body));
    if (outcome.status === 'ALREADY_ON_INTERVAL') return json(409, { message: billingTexts.alreadyOnInterval(outcome.interval) });
    if (outcome.status !== 'OK') return refused(outcome);
    const body: IntervalSwitched = { message: billingTexts.switched(outcome.interval, outcome.trial), billing: outcome.billing };
    return json(200, body);
  },
  { route: 'POST /api/billing/interval', body: intervalBody },
);

// Both start something that outlives the request (a subscription, a portal that can cancel one), so
// the core is asked that the session has not ended: a signed-out token is refused here at once.
const checkout = httpHandler(
  async (event) => answer(await orUnavailable(async () => createCheckout(await deps(), sessionOf(event), event.body.priceId))),
  { route: 'POST /api/create-checkout-session', body: checkoutBody },
);

const manageSubscription = httpHandler(
  async (event) => answer(await orUnavailable(async () => createPortal(await deps(), sessionOf(event)))),
  { route: 'GET /api/manage-subscription' },
);

// A read: it starts nothing, so the token is checked as every other read is (no call to the core).
const checkoutSession = httpHandler(
  async (event) => {
    const outcome = await orUnavailable(async () =>
      confirmCheckout({ db: documentClient(), stripe: await stripeClient(), proProductId: billingConfig().proProductId }, sessionOf(event), event.pathParameters?.id ?? ''),
    );
    const body: CheckoutConfirmation = { confirmed: outcome.status === 'CONFIRMED' };
    return json(200, body);
  },
  { route: 'GET /api/checkout-session/{id}' },
);

// Checkout and the portal read DynamoDB after their session check: a cold start sets the client up while the core answers.
whileCoreKeysLoad(primeDocumentClient);
// The policy's notDeleting reads the account's deletion mark through its owner (functions/lib/policy.ts).
readDeletionMarksWith(deletionStateOf);

export const handler = byRouteKey({
  'POST /api/create-checkout-session': checkout,
  'GET /api/manage-subscription': manageSubscription,
  'GET /api/checkout-session/{id}': checkoutSession,
  'GET /api/billing': billingOverview,
  'POST /api/billing/interval': billingInterval,
});
