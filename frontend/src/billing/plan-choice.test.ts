import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../shared/texts';
import { getUserProfile } from '../api/billing';
import { loadAccountPlan, openPortal, startCheckout, type BillingCalls } from './plan-choice';

vi.mock('../api/billing', () => ({ getUserProfile: vi.fn(), createCheckoutSession: vi.fn(), getManageSubscriptionUrl: vi.fn() }));

const config = { headers: new AxiosHeaders() };

/** An answer from the server, as axios rejects it. */
function answered(status: number, data: unknown = {}): AxiosError {
  const response = { status, statusText: '', data, headers: {}, config } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
}
/** A request that got no answer at all. */
const unanswered = () => new AxiosError('Network Error', 'ERR_NETWORK', config, {});

let calls: { [K in keyof BillingCalls]: ReturnType<typeof vi.fn> };
beforeEach(() => {
  calls = { createCheckoutSession: vi.fn(), getManageSubscriptionUrl: vi.fn(), leaveSite: vi.fn() };
});
const run = (priceId: string | undefined) => startCheckout(priceId, calls as unknown as BillingCalls);

describe('startCheckout', () => {
  it('creates a checkout session for the price and follows its url', async () => {
    calls.createCheckoutSession.mockResolvedValue({ url: 'https://checkout.stripe.test/c/1' });
    await expect(run('pro-annual')).resolves.toEqual({ kind: 'left' });
    expect(calls.createCheckoutSession).toHaveBeenCalledWith('pro-annual');
    expect(calls.leaveSite).toHaveBeenCalledWith('https://checkout.stripe.test/c/1');
  });

  it("refuses a missing or 'custom' price id without calling the server (spec §5)", async () => {
    for (const priceId of [undefined, '', 'custom']) {
      await expect(run(priceId)).resolves.toEqual({ kind: 'error', message: 'Invalid price ID. Please contact support.', signIn: false });
    }
    expect(calls.createCheckoutSession).not.toHaveBeenCalled();
  });

  it('says so when the answer has no url', async () => {
    calls.createCheckoutSession.mockResolvedValue({});
    await expect(run('pro-monthly')).resolves.toEqual({ kind: 'error', message: 'No checkout URL returned from server', signIn: false });
    expect(calls.leaveSite).not.toHaveBeenCalled();
  });

  it.each([
    ['a 404', answered(404, { message: 'Not found' }), 'Checkout endpoint not found. Please check server configuration.', false],
    ['a 401', answered(401, { message: 'unauthorised' }), 'Authentication required. Please sign in again.', true],
    ["another answer's message", answered(409, { message: texts.billing.alreadyPro }), texts.billing.alreadyPro, false],
    ['no answer', unanswered(), 'No response from server. Please check your connection.', false],
    ['an answer without a message', answered(500, 'Bad gateway'), 'Could not process your subscription. Please try again later.', false],
    ['anything else', new Error('boom'), 'Could not process your subscription. Please try again later.', false],
  ])('maps %s to its spec §8 text', async (_, error, message, signIn) => {
    calls.createCheckoutSession.mockRejectedValue(error);
    await expect(run('pro-monthly')).resolves.toEqual({ kind: 'error', message, signIn });
  });
});

describe('openPortal', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

  it('follows the portal url', async () => {
    calls.getManageSubscriptionUrl.mockResolvedValue({ url: 'https://billing.stripe.test/p/1' });
    await expect(openPortal('downgrade', calls as unknown as BillingCalls)).resolves.toEqual({ kind: 'left' });
    expect(calls.leaveSite).toHaveBeenCalledWith('https://billing.stripe.test/p/1');
  });

  it('asks a downgrading user to use the dashboard when the portal cannot be had (spec §8)', async () => {
    calls.getManageSubscriptionUrl.mockRejectedValue(answered(404, { message: texts.billing.noSubscription }));
    await expect(openPortal('downgrade', calls as unknown as BillingCalls)).resolves.toEqual({
      kind: 'error',
      message: 'Please manage your subscription through the dashboard to downgrade.',
      signIn: false,
    });
    calls.getManageSubscriptionUrl.mockResolvedValue({});
    await expect(openPortal('current', calls as unknown as BillingCalls)).resolves.toMatchObject({ message: texts.billingUi.subscription.manageFailed });
    expect(calls.leaveSite).not.toHaveBeenCalled();
  });
});

describe('loadAccountPlan', () => {
  it('offers the trial (once per account) only to an account that has never had a subscription', async () => {
    const withSubscription = (status: string) => ({ plan: 'free', subscription: { status } }) as Awaited<ReturnType<typeof getUserProfile>>;
    vi.mocked(getUserProfile).mockResolvedValueOnce(withSubscription('none'));
    await expect(loadAccountPlan()).resolves.toEqual({ plan: 'free', trialAvailable: true });
    vi.mocked(getUserProfile).mockResolvedValueOnce(withSubscription('canceled'));
    await expect(loadAccountPlan()).resolves.toEqual({ plan: 'free', trialAvailable: false });
  });

  it("takes the server's plan; a user without a record is on Free; a stale session hint is a visitor", async () => {
    vi.mocked(getUserProfile).mockResolvedValueOnce({ plan: 'pro', subscription: { status: 'active' } } as Awaited<ReturnType<typeof getUserProfile>>);
    await expect(loadAccountPlan()).resolves.toEqual({ plan: 'pro', trialAvailable: false });
    vi.mocked(getUserProfile).mockRejectedValueOnce(answered(404));
    await expect(loadAccountPlan()).resolves.toEqual({ plan: 'free', trialAvailable: true });
    vi.mocked(getUserProfile).mockRejectedValueOnce(answered(401));
    await expect(loadAccountPlan()).resolves.toBeUndefined();
    vi.mocked(getUserProfile).mockRejectedValueOnce(answered(500));
    await expect(loadAccountPlan()).rejects.toBeInstanceOf(AxiosError);
  });
});
