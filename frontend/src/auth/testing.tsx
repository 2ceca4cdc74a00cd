/** Test helper: a page at a URL in a memory router, with stand-in pages showing where it navigated. */
import { render } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type ActionFunction, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${name} ${location.pathname}${location.search}`}</p>;
}

const Nothing = () => null;

/**
 * `data`: the page's route loader, run as the router runs it, its action (what its forms send), what
 * shows until the loader answers (the page's own HydrateFallback, else nothing), and when it runs
 * again, as routes.tsx gives them.
 */
export function renderAt(
  path: string,
  routePath: string,
  element: ReactElement,
  data?: { loader?: LoaderFunction; action?: ActionFunction; HydrateFallback?: ComponentType; shouldRevalidate?: ShouldRevalidateFunction },
) {
  const router = createMemoryRouter(
    [
      data ? { path: routePath, element, HydrateFallback: Nothing, ...data } : { path: routePath, element },
      { path: '/dashboard', element: <Where name="dashboard" /> },
      { path: '/launch', element: <Where name="launch" /> },
      { path: '/signin', element: <Where name="signin" /> },
      { path: '*', element: <Where name="other" /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
