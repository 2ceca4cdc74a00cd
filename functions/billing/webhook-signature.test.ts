import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { SignatureError, SIGNATURE_TOLERANCE_SECONDS, verifySignature } from './webhook-signature';

// Headers made by the real SDK, so our check agrees with what Stripe sends.
const sdk = new Stripe('sk_test_unused');
const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.subscription.updated' });
const now = 1_790_000_000;
const header = (over: Partial<{ payload: string; secret: string; timestamp: number; signature: string }> = {}) =>
  sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: now, ...over });

describe('verifySignature', () => {
  it("accepts the SDK's own header for the exact payload", () => {
    expect(() => verifySignature(payload, header(), secret, now)).not.toThrow();
  });

  it('accepts when any one of several v1 signatures matches (a secret being rolled)', () => {
    const other = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_old', timestamp: now }).split(',')[1];
    expect(() => verifySignature(payload, `${header()},${other}`, secret, now)).not.toThrow();
    expect(() => verifySignature(payload, `t=${now},${other},${header().split(',')[1]}`, secret, now)).not.toThrow();
  });

  it('refuses a changed body, another secret, a missing or malformed header', () => {
    for (const [body, value] of [
      [`${payload} `, header()],
      [payload, header({ secret: 'whsec_other' })],
      [payload, undefined],
      [payload, 'garbage'],
      [payload, `t=${now}`],
      [payload, `v1=${header().split('v1=')[1]}`],
      [payload, `t=${now},v1=zz`],
    ] as [string, string | undefined][]) {
      expect(() => verifySignature(body, value, secret, now), String(value)).toThrow(SignatureError);
    }
  });

  it('refuses a correctly signed request outside the tolerance, either way', () => {
    expect(() => verifySignature(payload, header({ timestamp: now - SIGNATURE_TOLERANCE_SECONDS - 1 }), secret, now)).toThrow(/tolerance/);
    expect(() => verifySignature(payload, header({ timestamp: now + SIGNATURE_TOLERANCE_SECONDS + 1 }), secret, now)).toThrow(/tolerance/);
    expect(() => verifySignature(payload, header({ timestamp: now - SIGNATURE_TOLERANCE_SECONDS }), secret, now)).not.toThrow();
  });
});
