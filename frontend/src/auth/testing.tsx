/** Test helper: a page at a URL in a memory router, with stand-in pages showing where it navigated. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

function Where({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="where">{`${name} ${location.pathname}${location.search}`}</p>;
}

export function renderAt(path: string, routePath: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '/dashboard', element: <Where name="dashboard" /> },
      { path: '/launch', element: <Where name="launch" /> },
      { path: '/signin', element: <Where name="signin" /> },
      { path: '*', element: <Where name="other" /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
