import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from './ProtectedRoute';
import { useSession } from './session';
import { renderAt } from './testing';

vi.mock('./session', () => ({ useSession: vi.fn() }));
afterEach(() => vi.clearAllMocks());

const page = (
  <ProtectedRoute>
    <h1>Private</h1>
  </ProtectedRoute>
);

describe('ProtectedRoute', () => {
  it('shows a spinner while the session loads', () => {
    vi.mocked(useSession).mockReturnValue({ loading: true, doesSessionExist: false });
    renderAt('/private', '/private', page);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('sends the signed-out to /signin', async () => {
    vi.mocked(useSession).mockReturnValue({ loading: false, doesSessionExist: false });
    renderAt('/private', '/private', page);
    expect(await screen.findByTestId('where')).toHaveTextContent('signin /signin');
  });

  it('shows the page to the signed-in', () => {
    vi.mocked(useSession).mockReturnValue({ loading: false, doesSessionExist: true, userId: 'u' });
    renderAt('/private', '/private', page);
    expect(screen.getByRole('heading', { name: 'Private' })).toBeInTheDocument();
  });
});
