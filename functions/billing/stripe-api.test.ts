import { describe, expect, it } from 'vitest';
import { formEncode, STRIPE_API_VERSION, stripeApi, StripeApiError } from './stripe-api';

type Call = { url: string; init: RequestInit };

function fakeStripe(answers: (Response | Error)[], budgetMs?: number) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof globalThis.fetch;
  const api = stripeApi({ secretKey: 'sk_test_k', apiUrl: 'http://stripe.test/', fetch, sleep: async () => {}, budgetMs });
  return { api, calls };
}

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const fail = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers });

describe('formEncode', () => {
  it("encodes nested objects and arrays in Stripe's bracket form, leaving out undefined", () => {
    const form = formEncode({ mode: 'subscription', line_items: [{ price: 'price_1', quantity: 1 }], subscription_data: { metadata: { userId: 'u1' }, trial_period_days: undefined } });
    expect([...form]).toEqual([
      ['mode', 'subscription'],
      ['line_items[0][price]', 'price_1'],
      ['line_items[0][quantity]', '1'],
      ['subscription_data[metadata][userId]', 'u1'],
    ]);
  });
});

describe('stripeApi', () => {
  it('posts with the key, the pinned API version and an idempotency key', async () => {
    const { api, calls } = fakeStripe([ok({ id: 'cus_1' })]);
    expect(await api.createCustomer({ email: 'a@example.com', metadata: { userId: 'u1' } }, 'voxpen-customer-u1')).toEqual({ id: 'cus_1' });
    expect(calls[0]!.url).toBe('http://stripe.test/v1/customers');
    expect(calls[0]!.init.headers).toMatchObject({ authorization: 'Bearer sk_test_k', 'stripe-version': STRIPE_API_VERSION, 'idempotency-key': 'voxpen-customer-u1' });
    expect(String(calls[0]!.init.body)).toBe('email=a%40example.com&metadata%5BuserId%5D=u1');
  });

  it("cancels with a DELETE (no body, no idempotency key: Stripe takes none on it) and lists a customer's subscriptions", async () => {
    const { api, calls } = fakeStripe([ok({ id: 'sub_1', status: 'canceled' }), ok({ object: 'list', data: [] })]);
    expect(await api.cancelSubscription('sub_1')).toMatchObject({ status: 'canceled' });
    expect(calls[0]!.url).toBe('http://stripe.test/v1/subscriptions/sub_1');
    expect(calls[0]!.init).toMatchObject({ method: 'DELETE', body: undefined });
    expect(calls[0]!.init.headers).not.toHaveProperty('idempotency-key');
    expect(await api.listSubscriptions('cus_1')).toEqual({ object: 'list', data: [] });
    expect(calls[1]!.url).toBe('http://stripe.test/v1/subscriptions?customer=cus_1&limit=100');
  });

  it('retries network errors, 409 and 5xx with the same idempotency key, then succeeds', async () => {
    const { api, calls } = fakeStripe([new Error('socket hang up'), fail(500, {}), ok({ id: 'bps_1', url: 'https://portal' })]);
    expect(await api.createPortalSession({ customer: 'cus_1', return_url: 'https://x/dashboard' })).toMatchObject({ id: 'bps_1' });
    expect(calls).toHaveLength(3);
    const keys = calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('does not retry a request error, or when Stripe says not to, and throws a typed error', async () => {
    const { api, calls } = fakeStripe([fail(400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such price' } }, { 'request-id': 'req_1' })]);
    const error = await api.createCheckoutSession({} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeApiError);
    expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'resource_missing', requestId: 'req_1', message: 'No such price' });
    expect(calls).toHaveLength(1);

    const advised = fakeStripe([fail(500, { error: { message: 'done already' } }, { 'stripe-should-retry': 'false' })]);
    await expect(advised.api.createPortalSession({ customer: 'c', return_url: 'r' })).rejects.toMatchObject({ status: 500 });
    expect(advised.calls).toHaveLength(1);
  });

  it('gives up after its retries when Stripe cannot be reached', async () => {
    const { api, calls } = fakeStripe([new Error('ECONNREFUSED'), new Error('ECONNREFUSED'), new Error('ECONNREFUSED')]);
    await expect(api.createPortalSession({ customer: 'c', return_url: 'r' })).rejects.toMatchObject({ status: 0, type: 'api_connection_error' });
    expect(calls).toHaveLength(3);
  });

  it('reads with GET: no body, no idempotency key, ids escaped into the path', async () => {
    const { api, calls } = fakeStripe([ok({ id: 'sub_1', status: 'active' })]);
    expect(await api.retrieveSubscription('sub_1/../x')).toMatchObject({ id: 'sub_1' });
    expect(calls[0]!.url).toBe('http://stripe.test/v1/subscriptions/sub_1%2F..%2Fx');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.headers).not.toHaveProperty('idempotency-key');
  });

  it('stops retrying when the next wait would pass its time budget, so the Lambda still answers', async () => {
    const { api, calls } = fakeStripe([fail(503, {}), ok({ id: 'late' })], 100);
    await expect(api.expireCheckoutSession('cs_1')).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });
});
