import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../../shared/texts';
import { recordSignIn } from '../../api/users';
import { finishGoogleSignIn, type GoogleResult } from '../../auth/auth-client';
import { captureDesktopSignIn } from '../../auth/desktop-handoff';
import { renderAt } from '../../auth/testing';
import { rememberReturnTo } from '../../return-to';
import { AuthCallbackPage, HydrateFallback, loader, shouldRevalidate } from './AuthCallbackPage';

vi.mock('../../auth/auth-client', () => ({ finishGoogleSignIn: vi.fn() }));
vi.mock('../../api/users', () => ({ recordSignIn: vi.fn(async () => undefined) }));

const t = texts.auth.callback;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('/auth/callback', () => {
  it("shows 'Signing you in...', then 'Welcome to Voxpen!' to an account Google just created, records the login, and goes to the dashboard after 1.5 s", async () => {
    // The clock moves only when the test moves it: 1499 ms and 1500 ms are told apart exactly.
    vi.useFakeTimers();
    let finish: (r: GoogleResult) => void = () => {};
    vi.mocked(finishGoogleSignIn).mockReturnValue(new Promise((r) => (finish = r)));
    renderAt('/auth/callback?code=c&state=s', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    expect(screen.getAllByText(t.processing).length).toBeGreaterThan(0);

    await act(async () => finish({ status: 'OK', userId: 'g-1', createdNewUser: true }));
    expect(screen.getByRole('heading', { name: 'Welcome to Voxpen!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back!' })).toBeNull();
    expect(recordSignIn).toHaveBeenCalledWith('g-1');
    expect(finishGoogleSignIn).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard /dashboard');
  });

  it('goes to /launch after 1.5 s when a desktop sign-in is pending', async () => {
    captureDesktopSignIn('?origin=desktop&redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s');
    vi.mocked(finishGoogleSignIn).mockResolvedValue({ status: 'OK', userId: 'g-1', createdNewUser: false });
    renderAt('/auth/callback', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    await screen.findByRole('heading', { name: texts.auth.signIn.success });
    // The redirect timer is set by an effect of that render: let it run before the clock moves.
    await act(async () => {});
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId('where')).toHaveTextContent(
      'launch /launch?redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s',
    );
  });

  it.each([
    [{ status: 'NO_EMAIL_GIVEN_BY_PROVIDER' } as GoogleResult, t.failedStatus('NO_EMAIL_GIVEN_BY_PROVIDER')],
    [{ status: 'SIGN_IN_UP_NOT_ALLOWED' } as GoogleResult, t.failedStatus('SIGN_IN_UP_NOT_ALLOWED')],
    // The API's sentence saying how the address's account signs in (one account per address).
    [{ status: 'SIGN_IN_UP_NOT_ALLOWED', reason: t.addressHasPasswordAccount } as GoogleResult, t.addressHasPasswordAccount],
    [{ status: 'GENERAL_ERROR', message: 'x' } as GoogleResult, t.failed],
  ])("shows 'Authentication Error' for %o with its message and a way back", async (result, message) => {
    vi.mocked(finishGoogleSignIn).mockResolvedValue(result);
    renderAt('/auth/callback', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    expect(await screen.findByRole('heading', { name: t.errorTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: t.backToSignIn })).toHaveAttribute('href', '/signin');
    expect(recordSignIn).not.toHaveBeenCalled();
  });

  it('says calmly that a cancelled Google sign-in (error=access_denied) signed no one in, offers the way back, and exchanges nothing', async () => {
    renderAt('/auth/callback?error=access_denied&error_description=The+user+cancelled&state=s', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    expect(await screen.findByRole('heading', { level: 1, name: t.cancelledTitle })).toBeInTheDocument();
    expect(screen.getByText(t.cancelled)).toBeInTheDocument();
    expect(screen.queryByText(t.unexpected)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: t.backToSignIn })).toHaveAttribute('href', '/signin');
    await act(async () => {});
    expect(finishGoogleSignIn).not.toHaveBeenCalled();
  });

  it('keeps a pending desktop sign-in on the way back to /signin after a cancelled Google sign-in', async () => {
    captureDesktopSignIn('?origin=desktop&redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s');
    renderAt('/auth/callback?error=access_denied&state=s', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    expect(await screen.findByRole('link', { name: t.backToSignIn })).toHaveAttribute(
      'href',
      '/signin?origin=desktop&redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s',
    );
  });

  it.each([
    ['/pricing', texts.auth.signIn.redirectingToPricing],
    [undefined, texts.auth.signIn.redirecting],
  ])('after Google sign-in, says truthfully where it goes (return path %s)', async (returnTo, line) => {
    if (returnTo) rememberReturnTo(returnTo);
    vi.mocked(finishGoogleSignIn).mockResolvedValue({ status: 'OK', userId: 'g-1', createdNewUser: false });
    renderAt('/auth/callback?code=c&state=s', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    await screen.findByRole('heading', { name: texts.auth.signIn.success });
    expect(screen.getByRole('status')).toHaveTextContent(line);
  });

  it('says it is returning to the desktop app when a desktop sign-in is pending', async () => {
    captureDesktopSignIn('?origin=desktop&redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s');
    vi.mocked(finishGoogleSignIn).mockResolvedValue({ status: 'OK', userId: 'g-1', createdNewUser: false });
    renderAt('/auth/callback?code=c&state=s', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    await screen.findByRole('heading', { name: texts.auth.signIn.success });
    expect(screen.getByRole('status')).toHaveTextContent(texts.auth.signIn.redirectingToDesktop);
    expect(screen.queryByText(texts.auth.signIn.redirecting)).toBeNull();
  });

  it('has one h1 while it works', () => {
    vi.mocked(finishGoogleSignIn).mockReturnValue(new Promise(() => {}));
    renderAt('/auth/callback?code=c&state=s', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.processing);
  });

  it('shows the unexpected-error message when finishing throws (e.g. a state mismatch)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(finishGoogleSignIn).mockRejectedValue(new Error('Auth state verification failed. The auth provider responded with an invalid state'));
    renderAt('/auth/callback', '/auth/callback', <AuthCallbackPage />, { loader, HydrateFallback, shouldRevalidate });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.unexpected);
  });
});
