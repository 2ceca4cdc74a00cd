import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOG_URL, Footer } from './Footer';

describe('footer (spec §2)', () => {
  afterEach(() => vi.useRealTimers());

  it("groups Product, Company and Legal links and shows the current year's copyright", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-03-01T12:00:00Z') });
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const links = (group: string) =>
      within(screen.getByRole('navigation', { name: group }))
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links('Product')).toEqual([
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Blog ↗', BLOG_URL],
    ]);
    expect(links('Company')).toEqual([
      ['About', '/about'],
      ['Careers', '/careers'],
      ['Contact', '/contact'],
    ]);
    expect(links('Legal')).toEqual([
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Security', '/security'],
    ]);
    expect(within(screen.getByRole('navigation', { name: 'Product' })).getByRole('link', { name: 'Blog (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/© 2027 Voxpen\. All rights reserved\./)).toBeInTheDocument();
  });
});
