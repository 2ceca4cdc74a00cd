import { describe, expect, it } from 'vitest';
import { confirmCheckout } from './checkout-confirmation';
import { stripeApi, StripeApiError } from './stripe-api';

/** The real stripe-api.ts over a fetch that answers what Stripe would, recording what was asked. */
function stripeAnswering(status: number, body: unknown) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof globalThis.fetch;
  // A session naming no customer belongs to no account: confirming it stores nothing, so no table is needed.
  return { stripe: stripeApi({ secretKey: 'sk_test_k', apiUrl: 'http://stripe.test', fetch, sleep: async () => {}, maxRetries: 0 }), asked, db: {} as never, proProductId: 'prod_test' };
}

const caller = { userId: 'user-1' };
const session = (fields: Record<string, unknown>) => ({ id: 'cs_test_1', object: 'checkout.session', url: null, expires_at: 1, ...fields });

describe('confirmCheckout', () => {
  it("confirms the caller's own completed session only", async () => {
    expect(await confirmCheckout(stripeAnswering(200, session({ status: 'complete', client_reference_id: 'user-1' })), caller, 'cs_test_1')).toEqual({ status: 'CONFIRMED' });
    expect(await confirmCheckout(stripeAnswering(200, session({ status: 'complete', client_reference_id: 'user-2' })), caller, 'cs_test_1')).toEqual({ status: 'NOT_CONFIRMED' });
    expect(await confirmCheckout(stripeAnswering(200, session({ status: 'complete', client_reference_id: null })), caller, 'cs_test_1')).toEqual({ status: 'NOT_CONFIRMED' });
    expect(await confirmCheckout(stripeAnswering(200, session({ status: 'open', client_reference_id: 'user-1' })), caller, 'cs_test_1')).toEqual({ status: 'NOT_CONFIRMED' });
  });

  it('never sends Stripe what cannot be a Checkout Session id', async () => {
    for (const id of ['', 'anything', 'cs_', 'cs_../customers', 'cs_a/b', 'cs_a?expand=x', `cs_${'a'.repeat(300)}`]) {
      const deps = stripeAnswering(200, session({ status: 'complete', client_reference_id: 'user-1' }));
      expect(await confirmCheckout(deps, caller, id), id).toEqual({ status: 'NOT_CONFIRMED' });
      expect(deps.asked).toEqual([]);
    }
  });

  it("answers a session Stripe does not know as not confirmed, and throws Stripe's other failures for the handler's 502", async () => {
    const unknown = stripeAnswering(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such checkout.session: 'cs_test_x'" } });
    expect(await confirmCheckout(unknown, caller, 'cs_test_x')).toEqual({ status: 'NOT_CONFIRMED' });
    const down = stripeAnswering(500, { error: { type: 'api_error', message: 'boom' } });
    await expect(confirmCheckout(down, caller, 'cs_test_x')).rejects.toBeInstanceOf(StripeApiError);
  });
});
