import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyTexts } from '../../../../shared/texts/verify';
import { verifyEmailFromLink } from '../../auth/auth-client';
import { SUCCESS_REDIRECT_MS } from '../../auth/redirect';
import { sessionExists } from '../../auth/session';
import { loader, VerifyEmailPage } from './VerifyEmailPage';

vi.mock('../../auth/auth-client', () => ({ verifyEmailFromLink: vi.fn(), sendVerificationEmail: vi.fn() }));
vi.mock('../../auth/session', () => ({ sessionExists: vi.fn() }));

/** Where the page moved on to, and the state it carried. */
function Landed() {
  const location = useLocation();
  return <p>{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

async function open(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/verify-email', loader, element: <VerifyEmailPage /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  await act(() => new Promise<void>((resolve) => (router.state.initialized ? resolve() : router.subscribe((now) => now.initialized && resolve()))));
  return router;
}

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('/verify-email', () => {
  it("for an address change's link, says the new address is confirmed and goes to /account, which says the address changed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(verifyEmailFromLink).mockResolvedValue({ status: 'OK' } as Awaited<ReturnType<typeof verifyEmailFromLink>>);
    vi.mocked(sessionExists).mockResolvedValue(true);
    const router = await open('/verify-email?token=abc&change=email');
    expect(screen.getByRole('heading', { name: verifyTexts.verifyEmail.changed })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_REDIRECT_MS));
    // Once the session is known (a promise after the timer), it moves on.
    expect(await screen.findByText('/account {"emailChanged":true}')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('for a sign-up\'s link, says the address is confirmed and goes on as a sign-in does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(verifyEmailFromLink).mockResolvedValue({ status: 'OK' } as Awaited<ReturnType<typeof verifyEmailFromLink>>);
    vi.mocked(sessionExists).mockResolvedValue(true);
    const router = await open('/verify-email?token=abc');
    expect(screen.getByRole('heading', { name: verifyTexts.verifyEmail.done })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_REDIRECT_MS));
    expect(await screen.findByText('/dashboard null')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
