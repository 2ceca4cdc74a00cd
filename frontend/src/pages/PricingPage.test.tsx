import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../shared/texts';
import { createCheckoutSession, getManageSubscriptionUrl, getUserProfile } from '../api/billing';
import { leaveSite } from '../auth/redirect';
import { PLAN_CHOICE_KEY, RETURN_TO_KEY } from '../return-to';
import { planAction, planPriceId } from '../pricing/plan-action';
import { action, planButtonDisabled, planButtonLabel, PricingPage } from './PricingPage';

vi.mock('../api/billing', () => ({ getUserProfile: vi.fn(), createCheckoutSession: vi.fn(), getManageSubscriptionUrl: vi.fn() }));
vi.mock('../auth/redirect', async (original) => ({ ...(await original<typeof import('../auth/redirect')>()), leaveSite: vi.fn() }));

const config = { headers: new AxiosHeaders() };
/** An answer from the server, as axios rejects it. */
const answered = (code: number, data: unknown = {}) =>
  new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, { status: code, statusText: '', data, headers: {}, config } as AxiosResponse);

/** What the browser fires when it shows the page again from its back/forward cache. */
function restoreFromBackForwardCache() {
  act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
}

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${name} ${location.pathname}`}</p>;
}

function renderPricing() {
  const router = createMemoryRouter([{ path: '/pricing', element: <PricingPage />, action }], { initialEntries: ['/pricing'] });
  render(<RouterProvider router={router} />);
}

const card = (name: string) => screen.getByRole('article', { name });

describe('/pricing', () => {
  it('shows Pro at $11.00/month, and on Annually $132.00 struck through and $121.00/year', async () => {
    renderPricing();
    const monthly = screen.getByRole('button', { name: 'Monthly' });
    const annually = screen.getByRole('button', { name: /^Annually/ });
    expect(monthly).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Pro')).getByText('$11.00')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('/month')).toBeInTheDocument();
    expect(within(card('Free')).getByText('$0.00')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('Custom')).toBeInTheDocument();

    await userEvent.click(annually);
    expect(annually).toHaveAttribute('aria-pressed', 'true');
    expect(monthly).toHaveAttribute('aria-pressed', 'false');
    const pro = card('Pro');
    expect(within(pro).getByText('$132.00').tagName).toBe('S');
    expect(within(pro).getByText('$121.00')).toBeInTheDocument();
    expect(within(pro).getByText('/year')).toBeInTheDocument();
    expect(within(pro).queryByText('$11.00')).toBeNull();

    await userEvent.click(monthly);
    expect(within(card('Pro')).getByText('$11.00')).toBeInTheDocument();
  });

  it('shows every price on the page in one format, dollars and cents, on either interval', async () => {
    renderPricing();
    const prices = () => [...document.querySelectorAll('.price .amount, .price .was')].map((node) => node.textContent!.replace(/^Was /, '')).filter((text) => text !== 'Custom');
    expect(prices()).toEqual(['$0.00', '$11.00']);
    await userEvent.click(screen.getByRole('button', { name: /^Annually/ }));
    expect(prices()).toEqual(['$0.00', '$132.00', '$121.00']);
  });

  it('lists the §9 plan facts and sends Enterprise to /contact', () => {
    renderPricing();
    expect(within(card('Free')).getByText('500 words per month')).toBeInTheDocument();
    expect(within(card('Free')).getByText('1 user')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('Unlimited words')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('14-day free trial on your first Pro plan, no card needed')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
    expect(within(card('Pro')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('remembers /pricing for after sign-in when a plan button sends the visitor there (spec §4)', async () => {
    sessionStorage.clear();
    const router = createMemoryRouter(
      [
        { path: '/pricing', element: <PricingPage />, action },
        { path: '/signin', element: <Where name="signin" /> },
      ],
      { initialEntries: ['/pricing'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(within(card('Pro')).getByRole('link', { name: 'Get Started' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('signin /signin');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/pricing');
  });

  it('keeps the period with Pro for after sign-in: Annually chosen, Annually remembered', async () => {
    sessionStorage.clear();
    const router = createMemoryRouter(
      [
        { path: '/pricing', element: <PricingPage />, action },
        { path: '/signin', element: <Where name="signin" /> },
      ],
      { initialEntries: ['/pricing'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('button', { name: /^Annually/ }));
    await userEvent.click(within(card('Pro')).getByRole('link', { name: 'Get Started' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('signin /signin');
    expect(sessionStorage.getItem(PLAN_CHOICE_KEY)).toBe('pro:annually');
  });

  it("says a checkout cancelled on Stripe's page bought nothing, once: the address loses its mark", async () => {
    const router = createMemoryRouter([{ path: '/pricing', element: <PricingPage />, action }], { initialEntries: ['/pricing?checkout=cancelled'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Checkout cancelled: nothing was charged, and your plan has not changed.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('comes back from a cancelled annual checkout set to Annual', async () => {
    const router = createMemoryRouter([{ path: '/pricing', element: <PricingPage />, action }], { initialEntries: ['/pricing?checkout=cancelled&interval=annually'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('status');
    expect(screen.getByRole('button', { name: /^Annually/, pressed: true })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: /^Annually/, pressed: true })).toBeInTheDocument();
  });

  it('promises the trial once per account wherever it promises it (a returning customer gets none)', () => {
    renderPricing();
    expect(screen.getByText(/Your first Pro plan begins with a 14-day free trial, no card needed\./)).toBeInTheDocument();
    expect(screen.getByText(/Your first Pro plan starts with a 14-day free trial.*The trial is once per account/)).toBeInTheDocument();
    expect(screen.queryByText(/Every Pro plan/i)).toBeNull();
    expect(within(card('Pro')).getByText(/free trial on your first Pro plan/)).toBeInTheDocument();
  });

  it('answers the FAQ with the trial, the monthly reset and the payment methods', () => {
    renderPricing();
    expect(screen.getByText(/14-day free trial, and you don't need a card/)).toBeInTheDocument();
    expect(screen.getByText(/reset at the start of every month/)).toBeInTheDocument();
    expect(screen.getByText(/cards and PayPal\. Enterprise customers can also pay by invoice/)).toBeInTheDocument();
  });
});

describe('/pricing for a signed-in visitor', () => {
  const profile = (plan: 'free' | 'pro') => ({ plan }) as Awaited<ReturnType<typeof getUserProfile>>;

  function renderSignedIn() {
    const router = createMemoryRouter(
      [
        { path: '/pricing', element: <PricingPage />, action },
        { path: '/signin', element: <Where name="signin" /> },
        { path: '/dashboard', element: <Where name="dashboard" /> },
      ],
      { initialEntries: ['/pricing'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }
  const button = (plan: string, name: string) => within(card(plan)).findByRole('button', { name });

  beforeEach(() => {
    document.cookie = 'sFrontToken=e30';
    sessionStorage.clear();
  });
  afterEach(() => {
    document.cookie = 'sFrontToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('marks Free as the current plan of a Free user and checks Pro out at the chosen interval', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile('free'));
    let answer!: (value: { url: string }) => void;
    vi.mocked(createCheckoutSession).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderSignedIn();
    expect(await button('Free', 'Current Plan')).toBeDisabled();
    expect(within(card('Enterprise')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');

    await userEvent.click(screen.getByRole('button', { name: /^Annually/ }));
    await userEvent.click(await button('Pro', 'Upgrade to Pro'));
    expect(createCheckoutSession).toHaveBeenCalledWith('pro-annual');
    const processing = await button('Pro', 'Processing...');
    expect(processing).toBeDisabled();
    expect(processing).toHaveAttribute('aria-busy', 'true');

    answer({ url: 'https://checkout.stripe.test/c/1' });
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
  });

  it('keeps the trial line on Pro for an account that never subscribed, and drops it for one that has had a subscription', async () => {
    vi.mocked(getUserProfile).mockResolvedValue({ plan: 'free', subscription: { status: 'none' } } as Awaited<ReturnType<typeof getUserProfile>>);
    renderSignedIn();
    await button('Free', 'Current Plan');
    expect(within(card('Pro')).getByText(/free trial on your first Pro plan/)).toBeInTheDocument();

    cleanup();
    vi.mocked(getUserProfile).mockResolvedValue({ plan: 'free', subscription: { status: 'canceled' } } as Awaited<ReturnType<typeof getUserProfile>>);
    renderSignedIn();
    await button('Free', 'Current Plan');
    expect(within(card('Pro')).queryByText(/free trial/)).toBeNull();
    expect(await button('Pro', 'Upgrade to Pro')).toBeEnabled();
  });

  it('offers a Pro user Switch to Free, which opens the portal, and says to use the dashboard when it cannot', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getUserProfile).mockResolvedValue(profile('pro'));
    vi.mocked(getManageSubscriptionUrl).mockResolvedValueOnce({ url: 'https://billing.stripe.test/p/1' }).mockRejectedValueOnce(new Error('offline'));
    renderSignedIn();
    expect(await button('Pro', 'Current Plan')).toBeDisabled();

    await userEvent.click(await button('Free', 'Switch to Free'));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://billing.stripe.test/p/1'));

    cleanup();
    renderSignedIn();
    await userEvent.click(await button('Free', 'Switch to Free'));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.billingUi.downgradeFailed);
    expect(await button('Free', 'Switch to Free')).toBeEnabled();
  });

  it('shows a checkout error by the plans, and on a 401 goes to sign in after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(getUserProfile).mockResolvedValue(profile('free'));
    vi.mocked(createCheckoutSession).mockRejectedValueOnce(answered(409, { message: texts.billing.alreadyPro })).mockRejectedValueOnce(answered(401));
    const router = renderSignedIn();

    await userEvent.click(await button('Pro', 'Upgrade to Pro'));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.billing.alreadyPro);

    await userEvent.click(await button('Pro', 'Upgrade to Pro'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication required. Please sign in again.');
    await vi.advanceTimersByTimeAsync(1800);
    expect(router.state.location.pathname).toBe('/pricing');
    // While the page waits to go, no button can start anything (a second press, a second timer).
    expect(within(card('Pro')).getByRole('button', { name: 'Upgrade to Pro' })).toBeDisabled();
    expect(within(card('Free')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(300);
    expect(await screen.findByTestId('where')).toHaveTextContent('signin /signin');
    expect(router.state.location.state).toEqual({ returnTo: '/pricing' });
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/pricing');
    expect(createCheckoutSession).toHaveBeenCalledTimes(2);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('moves focus to the alert when a checkout fails, so it is in view and focus is not lost', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile('free'));
    vi.mocked(createCheckoutSession).mockRejectedValue(answered(409, { message: texts.billing.alreadyPro }));
    renderSignedIn();
    await userEvent.click(await button('Pro', 'Upgrade to Pro'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(texts.billing.alreadyPro);
    expect(alert).toHaveFocus();

    await userEvent.click(await button('Pro', 'Upgrade to Pro'));
    await waitFor(() => expect(createCheckoutSession).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toHaveFocus();
  });

  it('enables the buttons again when the browser restores the page from its back/forward cache', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile('free'));
    vi.mocked(createCheckoutSession).mockResolvedValue({ url: 'https://checkout.stripe.test/c/1' });
    renderSignedIn();
    await userEvent.click(await button('Pro', 'Upgrade to Pro'));
    await waitFor(() => expect(leaveSite).toHaveBeenCalled());
    expect(await button('Pro', 'Processing...')).toBeDisabled();

    // Back from Stripe: the same page, as it was left.
    restoreFromBackForwardCache();
    expect(await button('Pro', 'Upgrade to Pro')).toBeEnabled();
    expect(await button('Free', 'Current Plan')).toBeDisabled();
  });

  it('opens Checkout once for the plan and period chosen before signing in, busy from the press it stands for', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(profile('free'));
    vi.mocked(createCheckoutSession).mockReturnValue(new Promise(() => {}));
    sessionStorage.setItem(PLAN_CHOICE_KEY, 'pro:annually');
    renderSignedIn();
    expect(await button('Pro', 'Processing...')).toBeDisabled();
    expect(createCheckoutSession).toHaveBeenCalledWith('pro-annual');
    expect(sessionStorage.getItem(PLAN_CHOICE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: /^Annually/ })).toHaveAttribute('aria-pressed', 'true');
    expect(createCheckoutSession).toHaveBeenCalledTimes(1);
  });

  it("keeps the visitor buttons when the session hint is stale (a 401 after the API client's refresh)", async () => {
    vi.mocked(getUserProfile).mockRejectedValue(answered(401));
    renderSignedIn();
    await waitFor(() => expect(getUserProfile).toHaveBeenCalled());
    await act(async () => {});
    expect(getUserProfile).toHaveBeenCalledTimes(1);
    expect(within(card('Pro')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signin');
    expect(within(card('Free')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signin');
  });
});

describe('/pricing for a visitor', () => {
  it('loads no profile without a session hint', () => {
    renderPricing();
    expect(getUserProfile).not.toHaveBeenCalled();
  });
});

const t = texts.billingUi.planButton;

describe('plan button label and state (spec §4)', () => {
  it('reads Processing... while its checkout is being created, whatever else holds', () => {
    expect(planButtonLabel('pro', 'free', true)).toBe(t.processing);
    expect(planButtonLabel('free', 'pro', true)).toBe(t.processing);
  });

  it("reads Current Plan on the viewer's plan, Switch to Free on Free for a Pro viewer, Upgrade to Pro on Pro for a Free one, else Get Started", () => {
    expect(planButtonLabel('free', 'free', false)).toBe('Current Plan');
    expect(planButtonLabel('pro', 'pro', false)).toBe('Current Plan');
    expect(planButtonLabel('free', 'pro', false)).toBe('Switch to Free');
    expect(planButtonLabel('pro', 'free', false)).toBe('Upgrade to Pro');
    expect(planButtonLabel('enterprise', 'pro', false)).toBe('Get Started');
    expect(planButtonLabel('pro', undefined, false)).toBe('Get Started');
    expect(planButtonLabel('free', undefined, false)).toBe('Get Started');
  });

  it('is disabled while processing and on the current plan only', () => {
    expect(planButtonDisabled('pro', 'free', true)).toBe(true);
    expect(planButtonDisabled('free', 'free', false)).toBe(true);
    expect(planButtonDisabled('pro', 'pro', false)).toBe(true);
    expect(planButtonDisabled('pro', 'free', false)).toBe(false);
    expect(planButtonDisabled('free', 'pro', false)).toBe(false);
    expect(planButtonDisabled('pro', undefined, false)).toBe(false);
  });
});

describe('plan button behaviour (spec §4)', () => {
  it('sends Enterprise to /contact, signed in or not', () => {
    expect(planAction('enterprise', undefined, 'monthly')).toEqual({ kind: 'contact' });
    expect(planAction('enterprise', 'pro', 'monthly')).toEqual({ kind: 'contact' });
  });

  it('sends a visitor to sign in', () => {
    expect(planAction('pro', undefined, 'monthly')).toEqual({ kind: 'sign-in' });
    expect(planAction('free', undefined, 'annually')).toEqual({ kind: 'sign-in' });
  });

  it('opens subscription management for the current Pro plan and for Free while on Pro', () => {
    expect(planAction('pro', 'pro', 'monthly')).toEqual({ kind: 'manage', reason: 'current' });
    expect(planAction('free', 'pro', 'monthly')).toEqual({ kind: 'manage', reason: 'downgrade' });
  });

  it('sends Free while on Free to the dashboard', () => {
    expect(planAction('free', 'free', 'monthly')).toEqual({ kind: 'dashboard' });
  });

  it("checks out Pro at the chosen interval's price", () => {
    expect(planAction('pro', 'free', 'monthly')).toEqual({ kind: 'checkout', priceId: 'pro-monthly' });
    expect(planAction('pro', 'free', 'annually')).toEqual({ kind: 'checkout', priceId: 'pro-annual' });
  });

  it('gives Free no price id and Enterprise the custom one (spec §3)', () => {
    expect(planPriceId('free', 'monthly')).toBeUndefined();
    expect(planPriceId('enterprise', 'monthly')).toBe('custom');
  });
});
