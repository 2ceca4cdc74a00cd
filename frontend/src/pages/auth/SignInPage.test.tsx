import { SIGNED_IN_BEFORE_KEY } from '../../auth/sign-in-intent';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../../shared/texts';
import { recordSignIn } from '../../api/users';
import { googleSignInUrl, signInWithPassword } from '../../auth/auth-client';
import { signInWithPasskey } from '../../auth/passkeys';
import { DESKTOP_ORIGIN_KEY, DESKTOP_PARAMS_KEY } from '../../auth/desktop-handoff';
import { sessionExists } from '../../auth/session';
import { renderAt } from '../../auth/testing';
import { rememberReturnTo, RETURN_TO_KEY } from '../../return-to';
import { onSessionHintChange } from '../../session-hint';
import { action, HydrateFallback, loader, shouldRevalidate, SignInPage } from './SignInPage';

vi.mock('../../auth/auth-client', () => ({ signInWithPassword: vi.fn(), googleSignInUrl: vi.fn() }));
vi.mock('../../auth/session', () => ({ sessionExists: vi.fn() }));
vi.mock('../../api/users', () => ({ recordSignIn: vi.fn(async () => undefined) }));
vi.mock('../../auth/passkeys', () => ({ signInWithPasskey: vi.fn() }));

const t = texts.auth.signIn;
/** What the desktop app puts in /signin's address besides origin=desktop (RFC 7636 Appendix B's challenge). */
const DESKTOP_QUERY =
  'redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcallback&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=st-1';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.mocked(sessionExists).mockResolvedValue(false);
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

/** /signin at `path`, once its loader has answered. */
async function renderSignIn(path: string) {
  const rendered = renderAt(path, '/signin', <SignInPage />, { loader, action, shouldRevalidate, HydrateFallback });
  await act(async () => {});
  return rendered;
}

function user() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

async function fillAndSubmit(email = 'ada@example.com', password = 'secret123') {
  const u = user();
  await u.type(screen.getByLabelText('Email'), email);
  await u.type(screen.getByLabelText('Password'), password);
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/signin', () => {
  it('shows the form, plainly greeted, while the visit waits to learn whether it has a session (as prerendered), then what the visit came for', async () => {
    let answer: (exists: boolean) => void = () => {};
    vi.mocked(sessionExists).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    localStorage.setItem(SIGNED_IN_BEFORE_KEY, '1');
    await renderSignIn('/signin');
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: texts.auth.intent.signIn })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    await user().type(email, 'ada@example.com');
    await act(async () => answer(false));
    expect(screen.getByRole('heading', { level: 1, name: texts.auth.intent.welcomeBack })).toBeInTheDocument();
    // The same field, what was typed in it kept: the page was its own fallback, not replaced by it.
    expect(screen.getByLabelText('Email')).toBe(email);
    expect(email).toHaveValue('ada@example.com');
    localStorage.removeItem(SIGNED_IN_BEFORE_KEY);
  });

  it('sends a form held before the page could send it (held-press.js) once its loader has answered, as typed', async () => {
    let answer: (exists: boolean) => void = () => {};
    vi.mocked(sessionExists).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    vi.mocked(signInWithPassword).mockReturnValue(new Promise(() => {}));
    await renderSignIn('/signin');
    await user().type(screen.getByLabelText('Email'), 'ada@example.com');
    await user().type(screen.getByLabelText('Password'), 'secret123');
    // What frontend/public/held-press.js keeps of a press before the page was hydrated.
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Sign in' });
    window.voxpenHeldPress = { form, submitter: screen.getByRole('button', { name: 'Sign In' }) };
    document.documentElement.setAttribute('data-press-held', '');
    expect(signInWithPassword).not.toHaveBeenCalled();
    await act(async () => answer(false));
    expect(signInWithPassword).toHaveBeenCalledWith('ada@example.com', 'secret123');
    expect(window.voxpenHeldPress).toBeUndefined();
    expect(document.documentElement.hasAttribute('data-press-held')).toBe(false);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
    expect(await screen.findByRole('button', { name: t.submitting })).toBeDisabled();
  });

  it("shows 'Signing in...' with the fields disabled, then 'Welcome back!', and goes to the dashboard after 1.5 s", async () => {
    let finish: (r: { status: 'OK'; userId: string }) => void = () => {};
    vi.mocked(signInWithPassword).mockReturnValue(new Promise((r) => (finish = r)));
    (await renderSignIn('/signin'));
    await fillAndSubmit();

    expect(screen.getByRole('button', { name: t.submitting })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(signInWithPassword).toHaveBeenCalledWith('ada@example.com', 'secret123');

    // The answer travels through the router's action: from here the clock moves only when told, so
    // the real time its rendering takes does not count against the 1.5 s.
    vi.useFakeTimers();
    await act(async () => finish({ status: 'OK', userId: 'u-1' }));
    expect(screen.getByRole('heading', { name: t.success })).toBeInTheDocument();
    expect(screen.getByText(t.redirecting)).toBeInTheDocument();
    expect(recordSignIn).toHaveBeenCalledWith('u-1');

    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard /dashboard');
  });

  it.each([
    [{ status: 'WRONG_CREDENTIALS_ERROR' as const }, t.wrongCredentials],
    [{ status: 'SIGN_IN_NOT_ALLOWED' as const }, t.failed],
    [{ status: 'GENERAL_ERROR' as const, message: texts.auth.tooManyAttempts(15) }, texts.auth.tooManyAttempts(15)],
  ])('answers %o with its message and lets the visitor try again', async (result, message) => {
    vi.mocked(signInWithPassword).mockResolvedValue(result);
    (await renderSignIn('/signin'));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('keeps what was typed through a refusal, and sends it again as it stands', async () => {
    vi.mocked(signInWithPassword).mockResolvedValueOnce({ status: 'WRONG_CREDENTIALS_ERROR' }).mockReturnValueOnce(new Promise(() => {}));
    await renderSignIn('/signin');
    await fillAndSubmit('ada@example.com', 'wrong-one');
    expect(await screen.findByRole('alert')).toHaveTextContent(t.wrongCredentials);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong-one');
    expect(screen.getByLabelText('Email')).toBeEnabled();

    const u = user();
    await u.type(screen.getByLabelText('Password'), '2');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(signInWithPassword).toHaveBeenLastCalledWith('ada@example.com', 'wrong-one2');
    expect(screen.getByRole('button', { name: t.submitting })).toBeDisabled();
  });

  it('focuses the first field with a problem again after each refused submission, the alert gone', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'WRONG_CREDENTIALS_ERROR' });
    await renderSignIn('/signin');
    await fillAndSubmit('ada@example.com', 'wrong-one');
    await screen.findByRole('alert');
    const u = user();
    await u.clear(screen.getByLabelText('Password'));
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(texts.auth.fields.passwordRequired);
    expect(screen.queryByRole('alert')).toBeNull();
    await u.click(screen.getByLabelText('Email'));
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(signInWithPassword).toHaveBeenCalledTimes(1);
  });

  it("takes the form's alert down when a passkey sign-in sets out", async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'WRONG_CREDENTIALS_ERROR' });
    vi.mocked(signInWithPasskey).mockReturnValue(new Promise(() => {}));
    await renderSignIn('/signin');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(t.wrongCredentials);
    await user().click(screen.getByRole('button', { name: texts.passkeys.signIn }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'An error occurred during sign in.' when the call throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(signInWithPassword).mockRejectedValue(new Error('network down'));
    (await renderSignIn('/signin'));
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(t.error);
  });

  it("tells the service away (no answer in time, refused, a 503) apart from an error, and Retry sends the form again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(signInWithPassword)
      .mockRejectedValueOnce(new DOMException('signal timed out', 'TimeoutError'))
      .mockRejectedValueOnce(new Response('', { status: 503, headers: { 'retry-after': '20' } }))
      .mockResolvedValueOnce({ status: 'WRONG_CREDENTIALS_ERROR' } as Awaited<ReturnType<typeof signInWithPassword>>);
    await renderSignIn('/signin');
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We can't reach Voxpen right now. Check your connection, then try again.");
    expect(alert).not.toHaveTextContent(t.error);
    await user().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("We can't reach Voxpen right now. Try again in 20 seconds.")).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(t.wrongCredentials)).toBeInTheDocument();
    expect(signInWithPassword).toHaveBeenCalledTimes(3);
    expect(signInWithPassword).toHaveBeenLastCalledWith('ada@example.com', 'secret123');
  });

  it('requires email and password before calling anything, each with its own plain sentence', async () => {
    (await renderSignIn('/signin'));
    await user().click(screen.getByRole('button', { name: 'Sign In' }));
    // The checks are the route action's: their answer lands a moment after the press.
    await vi.waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(texts.auth.fields.emailRequired));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(texts.auth.fields.passwordRequired);
    // The first field with a problem takes focus, so its sentence is read out.
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it("shows the server's field error beside its field, with no general alert on top", async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'FIELD_ERROR', formFields: [{ id: 'email', error: texts.auth.fields.emailInvalid }] });
    (await renderSignIn('/signin'));
    await fillAndSubmit();
    await vi.waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(texts.auth.fields.emailInvalid));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(t.failed)).toBeNull();
  });

  it.each([
    ['', '/dashboard', t.redirecting],
    ['/pricing', '/pricing', t.redirectingToPricing],
    ['/account', '/account', t.redirectingToAccount],
    ['/account/billing', '/account/billing', t.redirectingToAccount],
  ])("after sign-in, says truthfully where it goes (return path '%s' → %s)", async (returnTo, _, line) => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'OK', userId: 'u-1' });
    if (returnTo) rememberReturnTo(returnTo);
    (await renderSignIn('/signin'));
    await fillAndSubmit();
    await screen.findByRole('heading', { name: t.success });
    expect(screen.getByRole('status')).toHaveTextContent(line);
    for (const other of [t.redirecting, t.redirectingToPricing, t.redirectingToAccount, t.redirectingToDesktop].filter((l) => l !== line)) {
      expect(screen.queryByText(other)).toBeNull();
    }
  });

  it("keeps the address's redirectToPath as the return path, as the CDN sends a signed-out /account here; never another site's", async () => {
    for (const offSite of ['%2F%2Fevil.example', '%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%0D%2Fevil.example']) {
      (await renderSignIn(`/signin?redirectToPath=${offSite}`)).unmount();
      expect(sessionStorage.getItem(RETURN_TO_KEY), offSite).toBeNull();
    }
    (await renderSignIn('/signin?redirectToPath=%2Faccount'));
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/account');
  });

  it('announces the new session, so the navigation bar can drop Login while the success view shows', async () => {
    const heard = vi.fn();
    const stop = onSessionHintChange(heard);
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'OK', userId: 'u-1' });
    (await renderSignIn('/signin'));
    await fillAndSubmit();
    await screen.findByRole('heading', { name: t.success });
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('puts Forgot password? after the password field in the keyboard order', async () => {
    (await renderSignIn('/signin'));
    const u = user();
    await u.click(screen.getByLabelText('Email'));
    await u.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await u.tab();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveFocus();
  });

  it('shows the Google error when Google sign-in cannot start', async () => {
    vi.mocked(googleSignInUrl).mockRejectedValue(new Error('no'));
    (await renderSignIn('/signin'));
    await user().click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.auth.google.error);
  });

  it('keeps a desktop sign-in (redirect, PKCE challenge and state) in session storage, cleans the address, and goes to /launch with all of it after sign-in', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'OK', userId: 'u-1' });
    const { router } = (await renderSignIn(`/signin?origin=desktop&${DESKTOP_QUERY}`));
    expect(sessionStorage.getItem(DESKTOP_ORIGIN_KEY)).toBe('desktop');
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBe(DESKTOP_QUERY);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));

    await fillAndSubmit();
    await screen.findByRole('heading', { name: t.success });
    expect(screen.getByRole('status')).toHaveTextContent(t.redirectingToDesktop);
    // The redirect timer is set by an effect of that render: let it run before the clock moves.
    await act(async () => {});
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId('where')).toHaveTextContent(`launch /launch?${DESKTOP_QUERY}`);
  });

  it('clears a pending desktop sign-in when the address does not carry both origin and redirect_url', async () => {
    sessionStorage.setItem(DESKTOP_ORIGIN_KEY, 'desktop');
    sessionStorage.setItem(DESKTOP_PARAMS_KEY, DESKTOP_QUERY);
    (await renderSignIn('/signin?origin=desktop&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256'));
    expect(sessionStorage.getItem(DESKTOP_ORIGIN_KEY)).toBeNull();
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBeNull();
  });

  it('sends a signed-in visitor to the dashboard, or to /launch with the desktop sign-in when one is pending', async () => {
    vi.mocked(sessionExists).mockResolvedValue(true);
    const first = (await renderSignIn('/signin'));
    expect(await screen.findByTestId('where')).toHaveTextContent('dashboard /dashboard');
    first.unmount();

    (await renderSignIn(`/signin?origin=desktop&${DESKTOP_QUERY}`));
    expect(await screen.findByTestId('where')).toHaveTextContent(`launch /launch?${DESKTOP_QUERY}`);
  });

  it('goes back to /pricing after sign-in when a plan button sent the visitor here (spec §4)', async () => {
    vi.mocked(signInWithPassword).mockResolvedValue({ status: 'OK', userId: 'u-1' });
    rememberReturnTo('/pricing');
    (await renderSignIn('/signin'));
    await fillAndSubmit();
    await screen.findByRole('heading', { name: t.success });
    await act(async () => {});
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId('where')).toHaveTextContent('other /pricing');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it('sends a signed-in visitor to the remembered path, but never off the site', async () => {
    vi.mocked(sessionExists).mockResolvedValue(true);
    rememberReturnTo('/pricing');
    const first = (await renderSignIn('/signin'));
    expect(await screen.findByTestId('where')).toHaveTextContent('other /pricing');
    first.unmount();

    sessionStorage.setItem(RETURN_TO_KEY, '//evil.example');
    (await renderSignIn('/signin'));
    expect(await screen.findByTestId('where')).toHaveTextContent('dashboard /dashboard');
  });

  it('links to sign-up and to password reset', async () => {
    (await renderSignIn('/signin'));
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/reset-password');
  });

  it('signs in with a passkey (no email typed), then goes to the return path', async () => {
    rememberReturnTo('/account');
    let finish: (r: { status: 'OK'; userId: string }) => void = () => {};
    vi.mocked(signInWithPasskey).mockReturnValue(new Promise((r) => (finish = r)));
    await renderSignIn('/signin');
    await user().click(screen.getByRole('button', { name: texts.passkeys.signIn }));
    expect(screen.getByRole('button', { name: texts.passkeys.signingIn })).toBeDisabled();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    await act(async () => finish({ status: 'OK', userId: 'u-9' }));
    expect(screen.getByRole('heading', { name: t.success })).toBeInTheDocument();
    expect(recordSignIn).toHaveBeenCalledWith('u-9');
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId('where')).toHaveTextContent('/account');
  });

  it.each([
    ['CANCELLED', texts.passkeys.signInCancelled],
    ['FAILED', texts.passkeys.signInFailed],
    ['UNSUPPORTED', texts.passkeys.unsupported],
  ] as const)('says so when a passkey sign-in ends %s, and stays', async (status, message) => {
    vi.mocked(signInWithPasskey).mockResolvedValue({ status });
    await renderSignIn('/signin');
    await user().click(screen.getByRole('button', { name: texts.passkeys.signIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: texts.passkeys.signIn })).toBeEnabled();
  });
});

describe("/signin's line under its heading", () => {
  it('tells only a browser that has signed in before that its dictations are waiting; a newcomer from the app hears what signing in does', async () => {
    localStorage.removeItem(SIGNED_IN_BEFORE_KEY);
    const { unmount } = await renderSignIn(`/signin?origin=desktop&${DESKTOP_QUERY}`);
    expect(screen.getByText(texts.auth.intent.signInLeadDesktop)).toBeInTheDocument();
    expect(screen.queryByText(/are waiting/)).toBeNull();
    unmount();
    localStorage.setItem(SIGNED_IN_BEFORE_KEY, '1');
    await renderSignIn('/signin');
    expect(screen.getByText(texts.auth.intent.signInLeadReturning)).toBeInTheDocument();
    localStorage.removeItem(SIGNED_IN_BEFORE_KEY);
  });
});

