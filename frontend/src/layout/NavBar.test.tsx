import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, createStaticHandler, createStaticRouter, Outlet, RouterProvider, StaticRouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutTexts } from '../../../shared/texts/layout';
import { THEME_KEY } from '../theme';
import { announceSessionHintChange } from '../session-hint';
import { NavBar } from './NavBar';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavBar />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: <p>page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const menu = () => document.querySelector<HTMLElement>('.nav-mobile')!;

afterEach(() => {
  document.cookie = 'sFrontToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('navigation bar (spec §2)', () => {
  it('paints without its blur (no backdrop-filter in the first paint), which comes once the code runs', async () => {
    const routes = [{ path: '*', element: <NavBar /> }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://prerender.local/'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
    expect(html).toContain('<header class="navbar">');
    renderAt('/');
    expect(document.querySelector('header')).toHaveClass('navbar', 'navbar-blurred');
  });

  it('links the logo home, shows Pricing and Login to a visitor', () => {
    renderAt('/');
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('link', { name: 'Voxpen home' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(bar).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/signin');
  });

  it('offers Dashboard instead of Login when a session hint exists', async () => {
    document.cookie = 'sFrontToken=abc; path=/';
    renderAt('/pricing');
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(bar).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(bar).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('offers the second step instead of Dashboard while the sign-in still owes it, and Dashboard once it is done', () => {
    const frontToken = (secondStepDone: boolean) => btoa(JSON.stringify({ uid: 'u-1', ate: Date.now() + 60_000, up: { 'st-mfa': { c: {}, v: secondStepDone } } }));
    document.cookie = `sFrontToken=${frontToken(false)}; path=/`;
    renderAt('/pricing');
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('link', { name: layoutTexts.finishSignIn })).toHaveAttribute('href', '/auth/mfa');
    expect(within(bar).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(bar).queryByRole('link', { name: 'Login' })).toBeNull();
    document.cookie = `sFrontToken=${frontToken(true)}; path=/`;
    act(() => announceSessionHintChange());
    expect(within(bar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(bar).queryByRole('link', { name: layoutTexts.finishSignIn })).toBeNull();
  });

  it('drops Login for Dashboard when a page announces a new session, without a navigation', async () => {
    renderAt('/signin');
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    document.cookie = 'sFrontToken=abc; path=/';
    act(() => announceSessionHintChange());
    expect(within(bar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(bar).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('in the signed-in area, links the dashboard and the account (marking the one shown) beside Logout, without Pricing', () => {
    for (const path of ['/dashboard', '/account', '/account/security']) {
      const router = renderAt(path);
      const bar = screen.getByRole('navigation', { name: 'Main' });
      expect(within(bar).queryByRole('link', { name: 'Pricing' })).toBeNull();
      expect(within(bar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
      expect(within(bar).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
      expect(within(bar).getByRole('link', { name: path.startsWith('/account') ? 'Account' : 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      expect(within(bar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      router.dispose();
      cleanup();
    }
  });

  it('opens the mobile menu from its toggle and closes it on Escape, handing focus back', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu()).toBeVisible();
    expect(toggle).toHaveAttribute('aria-controls', menu().id);

    within(menu()).getByRole('link', { name: 'Pricing' }).focus();
    await user.keyboard('{Escape}');
    expect(menu()).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the mobile menu when a link in it navigates', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(menu()).getByRole('link', { name: 'Pricing' }));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(menu()).not.toBeVisible();
  });

  it('closes the mobile menu when its link leads to the page already shown', async () => {
    const user = userEvent.setup();
    renderAt('/pricing');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu()).toBeVisible();
    await user.click(within(menu()).getByRole('link', { name: 'Pricing' }));
    expect(menu()).not.toBeVisible();
  });

  it('is operable from the keyboard alone', async () => {
    const user = userEvent.setup();
    renderAt('/');
    screen.getByRole('button', { name: 'Open menu' }).focus();
    await user.keyboard('{Enter}');
    expect(menu()).toBeVisible();
    await user.keyboard(' ');
    expect(menu()).not.toBeVisible();
  });

  it('offers a dark-theme toggle that follows the OS until pressed, then keeps the pick in this browser', async () => {
    let osDark = true;
    const changes = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('dark') && osDark, addEventListener: (_: string, f: () => void) => changes.add(f), removeEventListener: (_: string, f: () => void) => changes.delete(f) }));
    try {
      renderAt('/');
      const toggle = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: layoutTexts.darkTheme });
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      act(() => {
        osDark = false;
        for (const f of changes) f();
      });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');

      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(document.documentElement.dataset.theme).toBe('dark');
      expect(localStorage.getItem(THEME_KEY)).toBe('dark');
      toggle.focus();
      await userEvent.keyboard('{Enter}');
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(localStorage.getItem(THEME_KEY)).toBe('light');
    } finally {
      vi.unstubAllGlobals();
      delete document.documentElement.dataset.theme;
      localStorage.removeItem(THEME_KEY);
    }
  });
});
