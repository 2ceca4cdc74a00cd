import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../auth/testing';
import { CheckoutSuccessPage } from './CheckoutSuccessPage';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const renderPage = (path: string) => renderAt(path, '/checkout/success', <CheckoutSuccessPage />);

describe('/checkout/success', () => {
  it('confirms the subscription and goes to the dashboard after 2 s', async () => {
    const { router } = renderPage('/checkout/success?session_id=cs_test_123');
    expect(screen.getByRole('heading', { name: 'Subscription confirmed!' })).toBeInTheDocument();
    expect(screen.getByText('Redirecting to your dashboard...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(router.state.location.pathname).toBe('/checkout/success');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard /dashboard');
    // The dashboard waits for Stripe's webhook to make the plan Pro.
    expect(router.state.location.state).toEqual({ fromCheckout: true });
  });

  it('without a session id says so and goes to the dashboard after 2 s', async () => {
    const { router } = renderPage('/checkout/success');
    expect(screen.getByRole('alert')).toHaveTextContent('No session ID found. Redirecting to dashboard...');
    expect(screen.queryByText('Subscription confirmed!')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(router.state.location.pathname).toBe('/checkout/success');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard /dashboard');
    expect(router.state.location.state).toBeFalsy();
  });
});
