/**
 * The hosted pages Stripe would show, server-rendered with no external assets: Checkout (pay or
 * start a trial) and the customer portal (cancel, resume, cancel now). Every page says it is the
 * local test stand-in, so nobody mistakes it for a real payment.
 */
import { PRODUCT_NAME } from '../../../shared/product';
import { escapeHtml } from '../google/login-page';
import { TEST_CARD, type Invoice, type PaymentMethod } from './billing-objects';
import { collectsCard, periodEndOf, type BillingPortalSession, type CheckoutSession, type Price, type Subscription } from './objects';

const TEST_MODE_NOTE = 'Test mode — local Stripe stand-in. No real card is charged and nothing leaves this machine.';

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f6f9fc; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #1a1f36; }
  main { background: #fff; border-radius: 12px; padding: 32px 36px; width: min(480px, 92vw); box-shadow: 0 2px 8px rgba(50,50,93,.12); }
  .test { background: #fff4e5; color: #7a3e00; border: 1px solid #f5c58a; border-radius: 6px; padding: 8px 12px; font-size: .85rem; margin: 0 0 20px; }
  h1 { font-size: 1.4rem; margin: 0 0 8px; }
  h2 { font-size: 1.1rem; margin: 0 0 6px; }
  .price { font-size: 1.8rem; font-weight: 600; margin: 4px 0; }
  .muted { color: #596171; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 16px 0; }
  dt { color: #596171; } dd { margin: 0; }
  label { display: block; font-size: .9rem; margin: 16px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 10px 12px; border: 1px solid #c0c8d2; border-radius: 6px; font: inherit; }
  input:focus, button:focus-visible, a:focus-visible { outline: 3px solid #635bff; outline-offset: 2px; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-top: 24px; }
  button { font: inherit; font-weight: 600; border-radius: 6px; padding: 10px 20px; cursor: pointer; border: 1px solid transparent; }
  .primary { background: #635bff; color: #fff; } .secondary { background: #fff; color: #1a1f36; border-color: #c0c8d2; } .danger { background: #fff; color: #b3093c; border-color: #b3093c; }
  a { color: #4f46e5; }
  section { border-top: 1px solid #e3e8ee; padding-top: 16px; margin-top: 16px; }
  form { margin: 0; }
</style>
</head>
<body>
<main>
  <p class="test" role="note">${escapeHtml(TEST_MODE_NOTE)}</p>
${body}
</main>
</body>
</html>`;
}

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** "$11.00 per month" */
export function priceLabel(price: Price, quantity = 1): string {
  return `${formatAmount(price.unit_amount * quantity, price.currency)} per ${price.recurring.interval}`;
}

export function formatDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
}

export interface CheckoutView {
  session: CheckoutSession;
  price: Price;
  productName: string;
  quantity: number;
  trialPeriodDays?: number;
  /** The customer's email; when there is no customer yet the page asks for one. */
  email: string | null;
  error?: string;
}

export function checkoutPage(view: CheckoutView): string {
  const { session, price, productName, quantity, trialPeriodDays, email } = view;
  const trial = trialPeriodDays ? `${trialPeriodDays}-day free trial, then ${priceLabel(price, quantity)}` : undefined;
  const asksForCard = collectsCard(session, trialPeriodDays);
  const emailField = session.customer
    ? `<dl><dt>Email</dt><dd>${escapeHtml(email ?? '(none)')}</dd></dl>`
    : `<label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email ?? '')}">`;
  const cardField = asksForCard
    ? `<label for="card">Card number (test card)</label>
    <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARD}" aria-describedby="card-note">
    <p id="card-note" class="muted">Any test card works here; it is never charged.</p>`
    : '';
  return layout(
    `Checkout — ${productName}`,
    `  <h1>Subscribe to ${escapeHtml(productName)}</h1>
  <p class="price">${escapeHtml(priceLabel(price, quantity))}</p>
  ${trial ? `<p><strong>${escapeHtml(trial)}</strong></p>` : ''}
  ${quantity > 1 ? `<p class="muted">Quantity: ${quantity}</p>` : ''}
  <form method="post" action="/checkout/${escapeHtml(session.id)}">
    ${emailField}
    ${cardField}
    ${view.error ? `<p role="alert">${escapeHtml(view.error)}</p>` : ''}
    <div class="actions">
      <button class="primary" type="submit">${trial ? 'Start trial' : 'Subscribe'}</button>
      ${session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : ''}
    </div>
  </form>`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return layout(
    title,
    `  <h1>${escapeHtml(title)}</h1>
  <p>${escapeHtml(message)}</p>
  ${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
  );
}

function statusText(subscription: Subscription): string {
  if (subscription.status === 'canceled') return `Canceled${subscription.ended_at ? ` on ${formatDate(subscription.ended_at)}` : ''}`;
  if (subscription.cancel_at !== null) return `Cancels on ${formatDate(subscription.cancel_at)}`;
  if (subscription.status === 'trialing') return `Trial ends on ${formatDate(subscription.trial_end ?? periodEndOf(subscription))}`;
  return `Renews on ${formatDate(periodEndOf(subscription))}`;
}

const cardLabel = (card: PaymentMethod['card']) => `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}`;

function subscriptionSection(portal: BillingPortalSession, subscription: Subscription, productName: string, card: PaymentMethod | undefined): string {
  const price = subscription.items.data[0]!.price;
  const status = subscription.status === 'trialing' ? 'Trial' : subscription.status === 'active' ? 'Active' : 'Canceled';
  const button = (action: string, label: string, style: string) =>
    `<form method="post" action="/portal/${escapeHtml(portal.id)}">
      <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
      <button class="${style}" type="submit" name="action" value="${action}">${label}</button>
    </form>`;
  const buttons =
    subscription.status === 'canceled'
      ? ''
      : `<div class="actions">
    ${subscription.cancel_at !== null ? button('resume', 'Resume subscription', 'primary') : button('cancel', 'Cancel subscription', 'secondary')}
    ${button('cancel_now', 'Cancel now', 'danger')}
  </div>`;
  // A subscription without a card (a trial that asked for none) can be given one here, as Stripe's portal allows.
  const addCard =
    subscription.status === 'canceled' || card
      ? ''
      : `<form method="post" action="/portal/${escapeHtml(portal.id)}">
      <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
      <label for="card-${escapeHtml(subscription.id)}">Card number (test card)</label>
      <input id="card-${escapeHtml(subscription.id)}" name="card" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARD}">
      <div class="actions"><button class="secondary" type="submit" name="action" value="add_card">Add a card</button></div>
    </form>`;
  return `<section aria-labelledby="${escapeHtml(subscription.id)}-title">
  <h2 id="${escapeHtml(subscription.id)}-title">${escapeHtml(productName)}</h2>
  <dl>
    <dt>Plan</dt><dd>${escapeHtml(priceLabel(price, subscription.items.data[0]!.quantity))}</dd>
    <dt>Status</dt><dd>${status}</dd>
    <dt>${subscription.status === 'canceled' ? 'Ended' : subscription.cancel_at !== null ? 'Ends' : 'Renewal'}</dt><dd>${escapeHtml(statusText(subscription))}</dd>
    <dt>Payment method</dt><dd>${card ? escapeHtml(cardLabel(card.card)) : 'None'}</dd>
  </dl>
  ${buttons}
  ${addCard}
</section>`;
}

export function portalPage(view: { portal: BillingPortalSession; email: string | null; subscriptions: Subscription[]; cards: (PaymentMethod | undefined)[]; productName: string; error?: string }): string {
  const { portal, subscriptions } = view;
  const list = subscriptions.length
    ? subscriptions.map((s, i) => subscriptionSection(portal, s, view.productName, view.cards[i])).join('\n')
    : '<p>You have no subscription.</p>';
  return layout(
    `Billing — ${PRODUCT_NAME}`,
    `  <h1>${escapeHtml(PRODUCT_NAME)} billing</h1>
  ${view.email ? `<p class="muted">${escapeHtml(view.email)}</p>` : ''}
  ${view.error ? `<p role="alert">${escapeHtml(view.error)}</p>` : ''}
  ${list}
  ${portal.return_url ? `<p class="actions"><a href="${escapeHtml(portal.return_url)}">Return to ${escapeHtml(PRODUCT_NAME)}</a></p>` : ''}`,
  );
}

/** An invoice's hosted page: its lines and total, and, paid, the receipt's number and date. */
export function invoicePage(invoice: Invoice): string {
  const currency = invoice.currency as string;
  const lines = (invoice.lines as { data: { description: string; amount: number }[] }).data
    .map((line) => `<dt>${escapeHtml(line.description)}</dt><dd>${escapeHtml(formatAmount(line.amount, currency))}</dd>`)
    .join('\n    ');
  const paidAt = (invoice.status_transitions as { paid_at: number | null }).paid_at;
  return layout(
    `Invoice ${invoice.number} — ${PRODUCT_NAME}`,
    `  <h1>${invoice.status === 'paid' ? 'Receipt' : 'Invoice'} ${escapeHtml(invoice.number)}</h1>
  <p class="price">${escapeHtml(formatAmount(invoice.amount_paid, currency))}</p>
  ${paidAt ? `<p class="muted">Paid on ${escapeHtml(formatDate(paidAt))}${invoice.receipt_number ? ` · Receipt ${escapeHtml(String(invoice.receipt_number))}` : ''}</p>` : ''}
  <dl>
    ${lines}
    <dt>Total</dt><dd>${escapeHtml(formatAmount(invoice.total, currency))}</dd>
  </dl>`,
  );
}
