import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PricingPage } from './PricingPage';

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
