/**
 * What every operation of the stand-in shares: its dependencies, sending an event as Stripe does,
 * and reading a customer. Its own module so that operations.ts and payments.ts both use it.
 */
import { eventObject, noSuch, nowSeconds, type Customer, type StripeEvent } from './objects';
import type { StripeStore } from './store';
import type { WebhookSender } from './webhooks';

export interface OperationDeps {
  store: StripeStore;
  webhooks: WebhookSender;
  clock: () => number;
  /** Where the hosted pages are, for session urls. */
  baseUrl: string;
  apiVersion: string;
}

/** Records the event, then sends it (first attempt awaited). */
export async function emit(deps: OperationDeps, type: string, object: unknown, previous?: Record<string, unknown>): Promise<StripeEvent> {
  const event = eventObject(type, object, { apiVersion: deps.apiVersion, now: nowSeconds(deps.clock), previous });
  await deps.store.addEvent(event);
  await deps.webhooks.send(event);
  return event;
}

/**
 * A customer by id. Stripe answers a deleted customer's retrieval with a stub (`deleted: true`), but
 * naming it in a request (`param`) is "No such customer", as for one that never was.
 */
export async function getCustomer(deps: OperationDeps, id: string, param?: string): Promise<Customer> {
  const customer = id.startsWith('cus_') ? await deps.store.get<Customer>(id) : undefined;
  if (!customer || (customer.deleted && param)) throw noSuch('customer', id, param);
  return customer.deleted ? { id, object: 'customer', deleted: true } as unknown as Customer : customer;
}
