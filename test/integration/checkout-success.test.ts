/**
 * /checkout/success applies the plan itself (functions/billing/checkout-confirmation.ts): with the
 * Stripe stand-in's webhooks going nowhere, a paid checkout's confirmation re-reads the session and
 * its subscription from Stripe and stores them as the webhook would, so the profile shows Pro at once.
 */
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../shared/api-types';
import { PRICE_IDS } from '../../shared/plans';
import { useTestStack } from '../support/local-stack';
import { newMember } from '../support/sessions';
import { payCheckout } from '../support/stripe-pages';

const stack = useTestStack({ stripeWebhooks: false });

describe('checkout success without webhooks', () => {
  it('shows Pro in the profile as soon as /checkout/success confirms the paid checkout', async () => {
    const { who, email } = await newMember(stack, 'no-webhooks', 'engine42');
    const { location } = await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    // No webhook arrived: the account is still Free.
    expect(((await who.get('/api/user-profile')).body as unknown as UserProfile).plan).toBe('free');

    const sessionId = new URL(location).searchParams.get('session_id')!;
    expect((await who.get(`/api/checkout-session/${sessionId}`)).body).toEqual({ confirmed: true });
    expect((await who.get('/api/user-profile')).body as unknown as UserProfile).toMatchObject({ plan: 'pro', subscription: { status: 'trialing' } });
    // Asked again (a reload), nothing changes.
    expect((await who.get(`/api/checkout-session/${sessionId}`)).body).toEqual({ confirmed: true });
    expect(((await who.get('/api/user-profile')).body as unknown as UserProfile).plan).toBe('pro');
  });
});
