import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadMatchedRoutes } from '../load-matched-routes';
import { routes } from '../routes';

describe('404', () => {
  it('shows Page not found inside the site layout for an unknown path, with a way home', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom has no scrolling
    await loadMatchedRoutes(routes, '/no-such-page');
    const router = createMemoryRouter(routes, { initialEntries: ['/no-such-page'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Voxpen');
  });
});
