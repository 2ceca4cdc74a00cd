import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureUserExists } from '../../api/accounts';
import { signOut } from '../../auth/auth-client';
import { useSession } from '../../auth/session';
import { useLatestVersion } from '../../hooks/use-latest-version';
import DashboardLayout from './DashboardLayout';
import { DashboardPage } from './DashboardPage';

vi.mock('../../auth/AuthShell', () => ({ AuthProviders: ({ children }: { children: React.ReactNode }) => children }));
vi.mock('../../auth/auth-client', () => ({ signOut: vi.fn() }));
vi.mock('../../auth/session', () => ({ useSession: vi.fn() }));
vi.mock('../../api/accounts', () => ({ ensureUserExists: vi.fn() }));
vi.mock('../../hooks/use-latest-version', () => ({ useLatestVersion: vi.fn() }));

function renderDashboard() {
  const router = createMemoryRouter(
    [
      { element: <DashboardLayout />, children: [{ path: '/dashboard', element: <DashboardPage /> }] },
      { path: '/signin', element: <h1>Sign-in page</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.mocked(useSession).mockReturnValue({ loading: false, doesSessionExist: true, userId: 'u-1' });
  vi.mocked(ensureUserExists).mockResolvedValue({ userId: 'u-1', email: 'ada@example.com', name: 'Ada', createdAt: '2026-01-01T00:00:00Z', loginCount: 1 });
  vi.mocked(useLatestVersion).mockReturnValue({
    status: 'ready',
    release: { version: '1.4.2', pub_date: '2026-11-02T09:00:00.000Z', download_url: 'https://downloads.example.com/Voxpen_1.4.2_x64-setup.exe' },
  });
});
afterEach(() => vi.clearAllMocks());

describe('/dashboard', () => {
  it('shows its header and the Windows download, ensures the user record on load, and names the account', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage your account and subscription')).toBeInTheDocument();
    expect(screen.getByText(/^Version 1\.4\.2 \| Released/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Now (64-bit)' })).toHaveAttribute('download', 'Voxpen_1.4.2_x64-setup.exe');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(ensureUserExists).toHaveBeenCalled();
  });

  it('hides Pricing and offers Logout, which signs out and goes to /signin', async () => {
    vi.mocked(signOut).mockResolvedValue();
    renderDashboard();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    expect(signOut).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
  });

  it('only logs a failed sign-out, and still goes to /signin', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(signOut).mockRejectedValue(new Error('offline'));
    renderDashboard();
    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
