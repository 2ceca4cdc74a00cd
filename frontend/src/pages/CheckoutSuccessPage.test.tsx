import { act, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../shared/texts';
import { getCheckoutConfirmation } from '../api/billing';
import { sessionExists } from '../auth/session';
import { renderAt } from '../auth/testing';
import { rememberedReturnTo } from '../return-to';
import { CheckoutSuccessPage, HydrateFallback, loader, shouldRevalidate } from './CheckoutSuccessPage';

vi.mock('../auth/session', () => ({ sessionExists: vi.fn() }));
vi.mock('../api/billing', () => ({ getCheckoutConfirmation: vi.fn() }));

const t = texts.billingUi.checkoutSuccess;

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(sessionExists).mockResolvedValue(true);
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(getCheckoutConfirmation).mockReset();
});

const renderPage = (path: string) => renderAt(path, '/checkout/success', <CheckoutSuccessPage />, { loader, HydrateFallback, shouldRevalidate });

function answered(status: number): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, { status, statusText: '', headers: {}, config, data: {} });
}

/** Lets the loader's answers arrive and the render after them set its timers. */
const settle = () => act(async () => {});

describe('/checkout/success', () => {
  it("confirms the subscription only once the server says the session is the account's own, then goes to the dashboard after 2 s", async () => {
    let answer!: (confirmed: boolean) => void;
    vi.mocked(getCheckoutConfirmation).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { router } = renderPage('/checkout/success?session_id=cs_test_123');
    await settle();
    expect(getCheckoutConfirmation).toHaveBeenCalledWith('cs_test_123');
    expect(screen.getByRole('status')).toHaveTextContent(t.confirming);
    expect(screen.queryByText(t.confirmed)).toBeNull();

    await act(async () => answer(true));
    expect(screen.getByRole('heading', { name: t.confirmed })).toBeInTheDocument();
    expect(screen.getByText(t.redirecting)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(router.state.location.pathname).toBe('/checkout/success');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard /dashboard');
    // The dashboard waits for Stripe's webhook to make the plan Pro.
    expect(router.state.location.state).toEqual({ fromCheckout: true });
  });

  it("says something went wrong for a session that is not the account's (foreign, made up, unpaid), and goes to the dashboard after 2 s", async () => {
    vi.mocked(getCheckoutConfirmation).mockResolvedValue(false);
    const { router } = renderPage('/checkout/success?session_id=anything');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Redirecting to dashboard...');
    expect(screen.queryByText(t.confirmed)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(router.state.location.pathname).toBe('/checkout/success');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard /dashboard');
    expect(router.state.location.state).toBeFalsy();
  });

  it('says something went wrong when the check itself fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getCheckoutConfirmation).mockRejectedValue(answered(502));
    renderPage('/checkout/success?session_id=cs_test_123');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(t.failed);
    expect(screen.queryByText(t.confirmed)).toBeNull();
  });

  it('sends a signed-out visitor to /signin first, to come back here after, without asking the server', async () => {
    vi.mocked(sessionExists).mockResolvedValue(false);
    renderPage('/checkout/success?session_id=cs_test_123');
    await settle();
    expect(screen.getByTestId('where')).toHaveTextContent('signin /signin');
    expect(rememberedReturnTo()).toBe('/checkout/success?session_id=cs_test_123');
    expect(getCheckoutConfirmation).not.toHaveBeenCalled();
    expect(screen.queryByText(t.confirmed)).toBeNull();
  });

  it('waits for the session before asking anything', async () => {
    vi.mocked(sessionExists).mockReturnValue(new Promise(() => {}));
    renderPage('/checkout/success?session_id=cs_test_9');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(t.confirming);
    expect(getCheckoutConfirmation).not.toHaveBeenCalled();
  });

  it('sends to /signin, to come back here after, when the server finds the session ended', async () => {
    vi.mocked(getCheckoutConfirmation).mockRejectedValue(answered(401));
    renderPage('/checkout/success?session_id=cs_test_9');
    await settle();
    expect(getCheckoutConfirmation).toHaveBeenCalledWith('cs_test_9');
    expect(screen.getByTestId('where')).toHaveTextContent('signin /signin');
    expect(rememberedReturnTo()).toBe('/checkout/success?session_id=cs_test_9');
  });

  it('without a session id says so and goes to the dashboard after 2 s, asking nothing', async () => {
    const { router } = renderPage('/checkout/success');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('No session ID found. Redirecting to dashboard...');
    expect(screen.queryByText('Subscription confirmed!')).toBeNull();
    expect(getCheckoutConfirmation).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(router.state.location.pathname).toBe('/checkout/success');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard /dashboard');
    expect(router.state.location.state).toBeFalsy();
  });
});
