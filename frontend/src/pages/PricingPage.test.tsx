import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../shared/texts';
import { createCheckoutSession, getManageSubscriptionUrl, getUserProfile } from '../api/billing';
import { leaveSite } from '../auth/leave-site';
import { PricingPage } from './PricingPage';

vi.mock('../api/billing', () => ({ getUserProfile: vi.fn(), createCheckoutSession: vi.fn(), getManageSubscriptionUrl: vi.fn() }));
vi.mock('../auth/leave-site', () => ({ leaveSite: vi.fn() }));

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${name} ${location.pathname}`}</p>;
}

function renderPricing() {
  const router = createMemoryRouter([{ path: '/pricing', element: <PricingPage /> }], { initialEntries: ['/pricing'] });
  render(<RouterProvider router={router} />);
}

const card = (name: string) => screen.getByRole('article', { name });

describe('/pricing', () => {
  it('shows Pro at $11.00/month, and on Annually $132 struck through and $121/year', async () => {
    renderPricing();
    const monthly = screen.getByRole('button', { name: 'Monthly' });
    const annually = screen.getByRole('button', { name: /^Annually/ });
    expect(monthly).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Pro')).getByText('$11.00')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('/month')).toBeInTheDocument();
    expect(within(card('Free')).getByText('$0')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('Custom')).toBeInTheDocument();

    await userEvent.click(annually);
    expect(annually).toHaveAttribute('aria-pressed', 'true');
    expect(monthly).toHaveAttribute('aria-pressed', 'false');
    const pro = card('Pro');
    expect(within(pro).getByText('$132').tagName).toBe('S');
    expect(within(pro).getByText('$121')).toBeInTheDocument();
    expect(within(pro).getByText('/year')).toBeInTheDocument();
    expect(within(pro).queryByText('$11.00')).toBeNull();

    await userEvent.click(monthly);
    expect(within(card('Pro')).getByText('$11.00')).toBeInTheDocument();
  });

  it('lists the §9 plan facts and sends Enterprise to /contact', () => {
    renderPricing();
    expect(within(card('Free')).getByText('500 words per month')).toBeInTheDocument();
    expect(within(card('Free')).getByText('1 user')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('Unlimited words')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('14-day free trial, no card needed')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
    expect(within(card('Pro')).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('table')).toBeInTheDocument();
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
        { path: '/pricing', element: <PricingPage /> },
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
    await userEvent.click(await button('Pro', 'Get Started'));
    expect(createCheckoutSession).toHaveBeenCalledWith('pro-annual');
    const processing = await button('Pro', 'Processing...');
    expect(processing).toBeDisabled();
    expect(processing).toHaveAttribute('aria-busy', 'true');

    answer({ url: 'https://checkout.stripe.test/c/1' });
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
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
    const config = { headers: new AxiosHeaders() };
    const status = (code: number, data: unknown) =>
      new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, { status: code, statusText: '', data, headers: {}, config } as AxiosResponse);
    vi.mocked(createCheckoutSession).mockRejectedValueOnce(status(409, { message: texts.billing.alreadyPro })).mockRejectedValueOnce(status(401, {}));
    const router = renderSignedIn();

    await userEvent.click(await button('Pro', 'Get Started'));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.billing.alreadyPro);

    await userEvent.click(await button('Pro', 'Get Started'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication required. Please sign in again.');
    await vi.advanceTimersByTimeAsync(1900);
    expect(router.state.location.pathname).toBe('/pricing');
    await vi.advanceTimersByTimeAsync(200);
    expect(await screen.findByTestId('where')).toHaveTextContent('signin /signin');
    expect(router.state.location.state).toEqual({ returnTo: '/pricing' });
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('keeps the visitor buttons when the session hint is stale', async () => {
    vi.mocked(getUserProfile).mockRejectedValue(
      new AxiosError('failed', 'ERR_BAD_REQUEST', { headers: new AxiosHeaders() }, {}, { status: 401, statusText: '', data: {}, headers: {}, config: { headers: new AxiosHeaders() } } as AxiosResponse),
    );
    renderSignedIn();
    await waitFor(() => expect(getUserProfile).toHaveBeenCalled());
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
