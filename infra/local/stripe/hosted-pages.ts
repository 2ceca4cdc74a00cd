/**
 * The hosted pages a browser reaches from the product: Checkout (`/checkout/<session>`) and the
 * billing portal (`/portal/<session>`), each shown on GET and acted on by its form's POST, and an
 * invoice's page (`/invoice/<invoice>`, its receipt). The HTML
 * itself is pages.ts's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readForm, redirect, sendHtml, type BodyLimit } from '../http-kit';
import { LOCAL_PRO_PRODUCT } from './catalog';
import { cardDigits, TEST_CARD } from './billing-objects';
import { collectsCard, findPrice, StripeApiError } from './objects';
import { getInvoice, getPaymentMethod } from './payments';
import * as ops from './operations';
import { checkoutPage, invoicePage, messagePage, portalPage } from './pages';

export type PageHandler = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;

export function answerPageFailure(res: ServerResponse): void {
  sendHtml(res, 500, messagePage('Something went wrong', 'The local Stripe stand-in failed; see its log.'));
}

export function createHostedPages(deps: ops.OperationDeps, bodyLimit: BodyLimit): PageHandler {
  const successUrlOf = (session: { id: string; success_url: string }) => session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

  async function checkout(req: IncomingMessage, res: ServerResponse, id: string) {
    const stored = await ops.getCheckout(deps, id).catch(() => undefined);
    if (!stored) return sendHtml(res, 404, messagePage('Checkout not found', 'This checkout link is unknown. Start again from the pricing page.'));
    const { session, terms } = stored;
    const customer = session.customer ? await ops.getCustomer(deps, session.customer).catch(() => undefined) : undefined;
    const view = { session, price: findPrice(terms.priceId)!, productName: LOCAL_PRO_PRODUCT.name, quantity: terms.quantity, trialPeriodDays: terms.trialPeriodDays, email: customer?.email ?? session.customer_email };

    if (req.method === 'POST') {
      const form = await readForm(req, bodyLimit);
      const email = (form.get('email') ?? '').trim();
      if (!session.customer && session.status === 'open' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        return sendHtml(res, 400, checkoutPage({ ...view, email, error: 'Enter a valid email address.' }));
      }
      // The page fills in Stripe's test Visa; a form sent without the field pays with it.
      const card = collectsCard(session, terms.trialPeriodDays) ? cardDigits(form.get('card') ?? TEST_CARD) : undefined;
      if (collectsCard(session, terms.trialPeriodDays) && session.status === 'open' && !card) {
        return sendHtml(res, 400, checkoutPage({ ...view, email, error: 'Enter a valid card number.' }));
      }
      const outcome = await ops.completeCheckout(deps, id, email || undefined, card);
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
      const form = await readForm(req, bodyLimit);
      const action = form.get('action');
      if (action !== 'cancel' && action !== 'resume' && action !== 'cancel_now' && action !== 'add_card') error = 'Unknown action.';
      else if (action === 'add_card' && !cardDigits(form.get('card'))) error = 'Enter a valid card number.';
      else {
        try {
          await ops.changeSubscription(deps, session, form.get('subscription') ?? '', action, cardDigits(form.get('card')));
          return redirect(res, `/portal/${encodeURIComponent(id)}`);
        } catch (e) {
          if (!(e instanceof StripeApiError)) throw e;
          error = e.message;
        }
      }
    }
    const customer = await ops.getCustomer(deps, session.customer).catch(() => undefined);
    const subscriptions = await ops.subscriptionsOf(deps, session.customer);
    const cards = await Promise.all(subscriptions.map((s) => (typeof s.default_payment_method === 'string' ? getPaymentMethod(deps, s.default_payment_method).catch(() => undefined) : undefined)));
    sendHtml(res, error ? 400 : 200, portalPage({ portal: session, email: customer?.email ?? null, subscriptions, cards, productName: LOCAL_PRO_PRODUCT.name, error }));
  }

  /** An invoice's hosted page (`hosted_invoice_url`): what was billed and, once paid, its receipt. */
  async function invoice(res: ServerResponse, id: string) {
    const found = await getInvoice(deps, id).catch(() => undefined);
    if (!found) return sendHtml(res, 404, messagePage('Invoice not found', 'This invoice link is unknown.'));
    sendHtml(res, 200, invoicePage(found));
  }

  return async (req, res, pathname) => {
    const page = /^\/(checkout|portal|invoice)\/([^/]+)$/.exec(pathname);
    if (page && page[1] === 'invoice' && req.method === 'GET') return invoice(res, decodeURIComponent(page[2]!));
    if (page && page[1] !== 'invoice' && (req.method === 'GET' || req.method === 'POST')) {
      const id = decodeURIComponent(page[2]!);
      return page[1] === 'checkout' ? checkout(req, res, id) : portal(req, res, id);
    }
    sendHtml(res, 404, messagePage('Not found', 'The local Stripe stand-in has no page here.'));
  };
}
