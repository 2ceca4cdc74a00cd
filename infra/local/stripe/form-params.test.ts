import { describe, expect, it } from 'vitest';
import { arr, metadataOf, parseParams, str } from './form-params';
import { addInterval } from './objects';
import { signatureHeader } from './webhooks';
import Stripe from 'stripe';

describe('Stripe request parameters', () => {
  it('reads the bracket notation the SDK writes back into nested objects and arrays', () => {
    const params = parseParams(
      new URLSearchParams('mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&subscription_data[metadata][userId]=u1&subscription_data[trial_period_days]=14&expand[0]=subscription&expand[1]=customer'),
    );
    expect(params).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      subscription_data: { metadata: { userId: 'u1' }, trial_period_days: '14' },
      expand: ['subscription', 'customer'],
    });
  });

  it('reads `expand[]` as other clients send it, and drops empty metadata as Stripe does', () => {
    const params = parseParams(new URLSearchParams('expand[]=a&expand[]=b&metadata[keep]=1&metadata[drop]=&email='));
    expect(arr(params, 'expand')).toEqual(['a', 'b']);
    expect(metadataOf(params)).toEqual({ keep: '1' });
    expect(str(params, 'email')).toBeUndefined();
  });
});

describe('billing periods', () => {
  it('adds calendar months and years, keeping to the last day of a shorter month', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(addInterval(at('2026-01-31T10:00:00Z'), 'month')).toBe(at('2026-02-28T10:00:00Z'));
    expect(addInterval(at('2026-03-15T00:00:00Z'), 'month')).toBe(at('2026-04-15T00:00:00Z'));
    expect(addInterval(at('2028-02-29T00:00:00Z'), 'year')).toBe(at('2029-02-28T00:00:00Z'));
  });
});

describe('webhook signatures', () => {
  it('are what the SDK verifies, and fail with another secret', () => {
    const stripe = new Stripe('sk_test_x');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping' });
    const header = signatureHeader(payload, 'whsec_a', Math.floor(Date.now() / 1000));
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_a').id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_b')).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});
