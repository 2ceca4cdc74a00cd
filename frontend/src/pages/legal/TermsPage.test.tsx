import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TermsPage } from './TermsPage';

describe('/terms', () => {
  it('promises the Pro trial once per account, as billing gives it, not on every Pro plan', () => {
    render(<RouterProvider router={createMemoryRouter([{ path: '/terms', element: <TermsPage /> }], { initialEntries: ['/terms'] })} />);
    const billing = screen.getByText(/Pro is billed monthly or annually/);
    expect(billing).toHaveTextContent('Your first Pro plan begins with a 14-day free trial; there is one trial per account');
    expect(billing).not.toHaveTextContent(/Pro .* begins with a 14-day free trial\. You can cancel/);
  });
});
