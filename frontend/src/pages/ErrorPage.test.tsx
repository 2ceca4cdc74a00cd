import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { texts } from '../../../shared/texts';
import { ErrorPage } from './ErrorPage';

function Broken(): never {
  throw new Error('render failed');
}

describe('router error fallback', () => {
  it("shows 'Unexpected Application Error!' when a route throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: texts.router.unexpected })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});

describe('a page whose chunk does not arrive', () => {
  it('loads the page again once; failing again right after, says so with Reload, inside the layout routes.tsx gives it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/', search: '', reload });
    const { ChunkLoadError } = await import('../chunk-load');
    const stale = () => createMemoryRouter([{ path: '/', lazy: () => Promise.reject(new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module'))), errorElement: <ErrorPage /> }]);
    const first = render(<RouterProvider router={stale()} />);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading')).toBeNull();
    first.unmount();
    // The reloaded page's chunk fails too: no second reload, the failure said.
    render(<RouterProvider router={stale()} />);
    expect(await screen.findByRole('heading', { name: 'This page could not load' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
