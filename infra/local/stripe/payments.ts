/**
 * What the stand-in does about money, as Stripe does it for the product's one-item subscriptions: a
 * card saved (at checkout, or added in the portal during a card-less trial), the invoice a checkout
 * makes, and a change of price (monthly <-> annual) with Stripe's proration: the unused part of the
 * period credited, and, since the interval changes, a new period from now billed at once. A credit
 * larger than the charge goes to the customer's balance, which later invoices draw on.
 */
import { invoiceObject, paymentMethodObject, type BillingReason, type Invoice, type InvoiceLine, type PaymentMethod } from './billing-objects';
import { addInterval, invalid, noSuch, nowSeconds, periodEndOf, type Customer, type Price, type Subscription } from './objects';
import { emit, getCustomer, type OperationDeps } from './operation-deps';

const key = {
  invoicesOf: (customer: string) => `invoices-of#${customer}`,
};

/**
 * Saves a card for the customer and makes it the default for its invoices (`payment_method.attached`,
 * then `customer.updated`), as Checkout and the portal do.
 */
export async function attachCard(deps: OperationDeps, customerId: string, number: string): Promise<PaymentMethod> {
  const customer = await getCustomer(deps, customerId, 'customer');
  const paymentMethod = paymentMethodObject({ customer: customerId, number, now: nowSeconds(deps.clock) });
  await deps.store.put(paymentMethod.id, paymentMethod);
  await emit(deps, 'payment_method.attached', paymentMethod);
  const settings = customer.invoice_settings as Record<string, unknown>;
  const updated: Customer = { ...customer, invoice_settings: { ...settings, default_payment_method: paymentMethod.id } };
  await deps.store.put(customerId, updated);
  await emit(deps, 'customer.updated', updated, { invoice_settings: settings });
  return paymentMethod;
}

export async function getPaymentMethod(deps: OperationDeps, id: string): Promise<PaymentMethod> {
  const paymentMethod = id.startsWith('pm_') ? await deps.store.get<PaymentMethod>(id) : undefined;
  if (!paymentMethod) throw noSuch('payment_method', id);
  return paymentMethod;
}

export async function getInvoice(deps: OperationDeps, id: string): Promise<Invoice> {
  const invoice = id.startsWith('in_') ? await deps.store.get<Invoice>(id) : undefined;
  if (!invoice) throw noSuch('invoice', id);
  return invoice;
}

/** A customer's invoices, newest first. */
export async function invoicesOf(deps: OperationDeps, customer: string): Promise<Invoice[]> {
  const ids = await deps.store.list(key.invoicesOf(customer));
  const invoices = await Promise.all(ids.map((id) => deps.store.get<Invoice>(id)));
  return invoices.filter((i): i is Invoice => i !== undefined).reverse();
}

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** Finalizes and pays an invoice of the subscription: the customer's balance is drawn on, or credited with a negative total. */
async function invoice(deps: OperationDeps, subscription: Subscription, lines: InvoiceLine[], reason: BillingReason): Promise<Invoice> {
  const customer = await getCustomer(deps, subscription.customer);
  const made = invoiceObject({
    subscription,
    lines,
    reason,
    customer: { id: customer.id, email: customer.email, name: customer.name, invoicePrefix: customer.invoice_prefix as string },
    sequence: (await deps.store.list(key.invoicesOf(customer.id))).length + 1,
    startingBalance: customer.balance as number,
    baseUrl: deps.baseUrl,
    now: nowSeconds(deps.clock),
  });
  await deps.store.put(made.id, made);
  await deps.store.append(key.invoicesOf(customer.id), made.id);
  if (made.ending_balance !== customer.balance) await deps.store.put(customer.id, { ...customer, balance: made.ending_balance });
  return made;
}

const periodLine = (price: Price, quantity: number, start: number, end: number): InvoiceLine => ({
  amount: price.unit_amount * quantity,
  description: `${quantity} × Voxpen Pro (at ${money(price.unit_amount, price.currency)} / ${price.recurring.interval})`,
  price,
  quantity,
  period: { start, end },
  proration: false,
});

/** The invoice a checkout's subscription starts with: its first period, or a trial's, which is free. */
export async function firstInvoice(deps: OperationDeps, subscription: Subscription): Promise<Invoice> {
  const item = subscription.items.data[0]!;
  const line = periodLine(item.price, item.quantity, item.current_period_start, item.current_period_end);
  const trial = subscription.status === 'trialing';
  return invoice(deps, subscription, [trial ? { ...line, amount: 0, description: `Trial period for Voxpen Pro` } : line], 'subscription_create');
}

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';

/**
 * The subscription's one item moved to another price (`items[0][price]`). In a trial, only the price
 * changes: nothing is billed until the trial ends. Otherwise, since the interval changes, the period
 * starts again now and is billed at once, less (unless `proration_behavior=none`) the unused part of
 * the old period, prorated by the second.
 */
export async function switchPrice(deps: OperationDeps, before: Subscription, price: Price, proration: ProrationBehavior): Promise<Subscription> {
  const item = before.items.data[0]!;
  if (item.price.id === price.id) return before;
  if (before.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  if (price.recurring.interval === item.price.recurring.interval) throw invalid('The local Stripe stand-in switches only between the monthly and the annual price.', 'items[0][price]');
  const now = nowSeconds(deps.clock);
  const plan = { ...(item.plan as Record<string, unknown>), id: price.id, amount: price.unit_amount, amount_decimal: String(price.unit_amount), interval: price.recurring.interval };
  if (before.status === 'trialing') {
    const after: Subscription = { ...before, items: { ...before.items, data: [{ ...item, price, plan }] } };
    await deps.store.put(after.id, after);
    await emit(deps, 'customer.subscription.updated', after, { items: before.items });
    return after;
  }
  const end = addInterval(now, price.recurring.interval);
  const moved: Subscription = {
    ...before,
    billing_cycle_anchor: now,
    items: { ...before.items, data: [{ ...item, price, plan, current_period_start: now, current_period_end: end }] },
    // A scheduled end at the period's end moves with the period.
    ...(before.cancel_at_period_end ? { cancel_at: end } : {}),
  };
  const lines = [periodLine(price, item.quantity, now, end)];
  const periodEnd = periodEndOf(before);
  if (proration !== 'none' && periodEnd > now) {
    const unused = Math.round((item.price.unit_amount * item.quantity * (periodEnd - now)) / (periodEnd - item.current_period_start));
    lines.unshift({ ...periodLine(item.price, item.quantity, now, periodEnd), amount: -unused, description: `Unused time on Voxpen Pro after ${day(now)}`, proration: true });
  }
  const billed = await invoice(deps, moved, lines, 'subscription_update');
  const after: Subscription = { ...moved, latest_invoice: billed.id };
  await deps.store.put(after.id, after);
  await emit(deps, 'customer.subscription.updated', after, { items: before.items, billing_cycle_anchor: before.billing_cycle_anchor, latest_invoice: before.latest_invoice });
  return after;
}
