import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Layout } from './Layout';

function Page({ title, to }: { title: string; to: string }) {
  return (
    <>
      <h1>{title}</h1>
      <Link to={to}>Next</Link>
    </>
  );
}

describe('focus after navigation', () => {
  it("moves to the new page's heading when a link is followed, not on the visit's first page", async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/one', element: <Page title="Page one" to="/two" /> },
            { path: '/two', element: <Page title="Page two" to="/one" /> },
          ],
        },
      ],
      { initialEntries: ['/one'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page one' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Page two' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page two' })).toHaveFocus();
  });
});
