import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../../shared/texts';
import { DESKTOP_ORIGIN_KEY, DESKTOP_PARAMS_KEY } from '../../auth/desktop-handoff';
import { leaveSite } from '../../auth/redirect';
import { useSession, type SessionState } from '../../auth/session';
import { renderAt } from '../../auth/testing';
import { desktopPlatformName } from '../../home/platform';
import { consentToDesktopSignIn } from '../../api/desktop';
import { LaunchPage, loader, shouldRevalidate } from './LaunchPage';

vi.mock('../../auth/session', () => ({ useSession: vi.fn(), sessionExists: vi.fn(async () => true) }));
// The consent POST (POST /api/auth/desktop/consent): answered with the loopback address and a code, as the API answers it.
vi.mock('../../api/desktop', () => ({ consentToDesktopSignIn: vi.fn() }));
vi.mock('../../auth/redirect', async (original) => ({ ...(await original<typeof import('../../auth/redirect')>()), leaveSite: vi.fn() }));

const t = texts.desktop;
const signedIn: SessionState = { loading: false, doesSessionExist: true, userId: 'u-1', email: 'ada@example.com' };
const signedOut: SessionState = { loading: false, doesSessionExist: false };
const loading: SessionState = { loading: true, doesSessionExist: false };

const LOOPBACK = 'http://127.0.0.1:53123/cb';
// RFC 7636 Appendix B's S256 challenge.
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
/** A desktop sign-in's parameters: the redirect, an S256 challenge and a state, with `overrides` (undefined drops one). */
function desktopQuery(overrides: Record<string, string | undefined> = {}): string {
  const all: Record<string, string | undefined> = { redirect_url: LOOPBACK, code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 'st 1', ...overrides };
  return new URLSearchParams(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
}
const QUERY = desktopQuery();
const launchAt = (query = QUERY, extra = '') => `/launch?${query}${extra}`;
/** What the API answers a consent with: the app's loopback address, its one-time code and its state. */
const CALLBACK = `${LOOPBACK}?code=one-time&state=st+1`;

function pendingDesktopSignIn(query = QUERY) {
  sessionStorage.setItem(DESKTOP_ORIGIN_KEY, 'desktop');
  sessionStorage.setItem(DESKTOP_PARAMS_KEY, query);
}

/** /launch at `path`, once its loader has answered. */
async function renderLaunch(path: string) {
  const rendered = renderAt(path, '/launch', <LaunchPage />, { loader, shouldRevalidate });
  await act(async () => {});
  return rendered;
}

/** Lets the effects of the last render set their timers, then moves the clock. */
async function after(ms: number) {
  await act(async () => {});
  act(() => vi.advanceTimersByTime(ms));
}

/** The visitor's click on "Continue to the app", and the consent's answer arriving. */
async function continueToApp() {
  act(() => fireEvent.click(screen.getByRole('button', { name: t.continue })));
  await act(async () => {});
}

beforeEach(() => {
  vi.mocked(consentToDesktopSignIn).mockResolvedValue(CALLBACK);
  // The clock moves only when a test moves it, so 1499 ms and 1500 ms are told apart exactly.
  vi.useFakeTimers();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('/launch', () => {
  it('with a session asks first: which app, which account, Continue or Cancel, and hands nothing over without the click', async () => {
    vi.mocked(useSession).mockReturnValue(signedIn);
    pendingDesktopSignIn();
    await renderLaunch(launchAt());
    const heading = screen.getByRole('heading', { level: 1, name: t.confirmTitle });
    // The question is read first: the focus starts on it, not on the button that approves.
    expect(heading).toHaveFocus();
    expect(screen.getByRole('region', { name: t.confirmTitle })).toHaveAccessibleDescription(t.confirmNote);
    expect(screen.getByText(t.confirmApp(desktopPlatformName()))).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.continue })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.cancel })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t.allSet })).not.toBeInTheDocument();
    await after(60_000);
    expect(leaveSite).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBe(QUERY);
  });

  it('names the app by the computer it runs on: Windows, Mac, Linux, or the desktop app when it cannot tell', async () => {
    expect(t.confirmApp(desktopPlatformName({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0' }))).toBe('Voxpen for Windows on this computer');
    expect(t.confirmApp(desktopPlatformName({ userAgentData: { platform: 'macOS' } }))).toBe('Voxpen for Mac on this computer');
    expect(t.confirmApp(desktopPlatformName({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' }))).toBe('Voxpen for Linux on this computer');
    expect(t.confirmApp(desktopPlatformName({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' }))).toBe('The Voxpen desktop app on this computer');
    expect(t.confirmApp(desktopPlatformName({}))).toBe('The Voxpen desktop app on this computer');
  });

  it('says which account without an email in the session, rather than nothing', async () => {
    vi.mocked(useSession).mockReturnValue({ loading: false, doesSessionExist: true, userId: 'u-1' });
    await renderLaunch(launchAt());
    expect(screen.getByText(t.confirmAccountUnknown)).toBeInTheDocument();
  });

  it('on Cancel forgets the desktop sign-in and goes to the dashboard, handing nothing over', async () => {
    vi.mocked(useSession).mockReturnValue(signedIn);
    pendingDesktopSignIn();
    await renderLaunch(launchAt());
    act(() => fireEvent.click(screen.getByRole('button', { name: t.cancel })));
    await after(5000);
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard /dashboard');
    expect(leaveSite).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBeNull();
  });

  it("after the click sends the consent once with the sign-in, shows 'You're all set!' and after 1.5 s leaves for the address it answered, clearing the stored sign-in", async () => {
    vi.mocked(useSession).mockReturnValue(signedIn);
    pendingDesktopSignIn();
    await renderLaunch(launchAt());
    expect(consentToDesktopSignIn).not.toHaveBeenCalled();
    await continueToApp();
    expect(consentToDesktopSignIn).toHaveBeenCalledTimes(1);
    expect(consentToDesktopSignIn).toHaveBeenCalledWith({ redirect: new URL(LOOPBACK), codeChallenge: CHALLENGE, codeChallengeMethod: 'S256', state: 'st 1' });
    expect(screen.getByRole('heading', { name: t.allSet })).toBeInTheDocument();
    expect(screen.getByText(t.returning)).toBeInTheDocument();

    await after(1499);
    expect(leaveSite).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBe(QUERY);
    await after(1);
    expect(leaveSite).toHaveBeenCalledTimes(1);
    expect(leaveSite).toHaveBeenCalledWith(CALLBACK);
    expect(sessionStorage.getItem(DESKTOP_ORIGIN_KEY)).toBeNull();
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBeNull();
  });

  it('takes status=already_logged_in as a hint only: it waits for the session to load', async () => {
    vi.mocked(useSession).mockReturnValue(loading);
    await renderLaunch(launchAt(QUERY, '&status=already_logged_in'));
    expect(screen.getByRole('status')).toHaveTextContent(t.checking);
    expect(screen.queryByRole('heading', { name: t.allSet })).not.toBeInTheDocument();
    await after(5000);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('with status=already_logged_in but no session, asks to sign in first instead of leaving', async () => {
    vi.mocked(useSession).mockReturnValue(signedOut);
    await renderLaunch(launchAt(QUERY, '&status=already_logged_in'));
    expect(screen.getByRole('alert')).toHaveTextContent(t.signInFirst);
    expect(screen.queryByRole('heading', { name: t.allSet })).not.toBeInTheDocument();
    await after(2000);
    expect(screen.getByTestId('where')).toHaveTextContent(`signin /signin?origin=desktop&${QUERY}`);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('shows a spinner while the session loads, and goes nowhere', async () => {
    vi.mocked(useSession).mockReturnValue(loading);
    await renderLaunch(launchAt());
    expect(screen.getByRole('status')).toHaveTextContent(t.checking);
    await after(5000);
    expect(leaveSite).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it("without a session says 'Authentication required. Please sign in first.' and after 2 s goes to /signin keeping the desktop sign-in, challenge and state included", async () => {
    vi.mocked(useSession).mockReturnValue(signedOut);
    await renderLaunch(launchAt());
    expect(screen.getByRole('alert')).toHaveTextContent(t.signInFirst);
    expect(screen.getByRole('link', { name: t.goHome })).toHaveAttribute('href', '/');

    await after(1999);
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    await after(1);
    expect(screen.getByTestId('where')).toHaveTextContent(`signin /signin?origin=desktop&${QUERY}`);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it.each(['https://evil.example/?localhost', 'http://localhost.evil.example/cb', 'https://localhost:4567/cb', 'not a url'])(
    "answers %s with 'Invalid redirect URL' and a way home, even signed in, and never leaves",
    async (redirectUrl) => {
      vi.mocked(useSession).mockReturnValue(signedIn);
      pendingDesktopSignIn(desktopQuery({ redirect_url: redirectUrl }));
      await renderLaunch(launchAt(desktopQuery({ redirect_url: redirectUrl })));
      expect(screen.getByRole('alert')).toHaveTextContent(t.invalidRedirect);
      expect(screen.getByRole('link', { name: t.goHome })).toHaveAttribute('href', '/');
      expect(screen.queryByRole('heading', { name: t.allSet })).not.toBeInTheDocument();
      await after(5000);
      expect(leaveSite).not.toHaveBeenCalled();
      expect(screen.queryByTestId('where')).not.toBeInTheDocument();
      expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBeNull();
    },
  );

  it("says 'Invalid redirect URL' when there is no redirect_url at all", async () => {
    vi.mocked(useSession).mockReturnValue(signedOut);
    await renderLaunch('/launch');
    expect(screen.getByRole('alert')).toHaveTextContent(t.invalidRedirect);
  });

  it.each([
    ['no code challenge', { code_challenge: undefined }, t.challengeMissing],
    ['code_challenge_method=plain', { code_challenge_method: 'plain' }, t.challengeMethodUnsupported],
    ['no code_challenge_method', { code_challenge_method: undefined }, t.challengeMethodUnsupported],
    ['a malformed challenge', { code_challenge: 'abc' }, t.challengeMalformed],
  ])('refuses a sign-in with %s: says why, even signed in, never leaves or goes to /signin, and forgets it', async (_, overrides, message) => {
    vi.mocked(useSession).mockReturnValue(signedIn);
    pendingDesktopSignIn(desktopQuery(overrides));
    await renderLaunch(launchAt(desktopQuery(overrides)));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: t.goHome })).toHaveAttribute('href', '/');
    await after(5000);
    expect(leaveSite).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBeNull();
  });

  it('refuses a challenge-less sign-in signed out too, rather than sending the visitor to sign in for nothing', async () => {
    vi.mocked(useSession).mockReturnValue(signedOut);
    await renderLaunch(launchAt(desktopQuery({ code_challenge: undefined })));
    expect(screen.getByRole('alert')).toHaveTextContent(t.challengeMissing);
    await after(5000);
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('consents without a state when the app sent none', async () => {
    vi.mocked(useSession).mockReturnValue(signedIn);
    await renderLaunch(launchAt(desktopQuery({ state: undefined })));
    await continueToApp();
    expect(consentToDesktopSignIn).toHaveBeenCalledWith({ redirect: new URL(LOOPBACK), codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' });
    await after(1500);
    expect(leaveSite).toHaveBeenCalledWith(CALLBACK);
  });

  it("says the API's refusal and leaves for nowhere when the consent is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(useSession).mockReturnValue(signedIn);
    vi.mocked(consentToDesktopSignIn).mockRejectedValueOnce(Object.assign(new Error('403'), { isAxiosError: true, response: { status: 403, data: { message: texts.api.notFromTheSite } } }));
    await renderLaunch(launchAt());
    await continueToApp();
    expect(screen.getByRole('alert')).toHaveTextContent(texts.api.notFromTheSite);
    expect(screen.queryByRole('heading', { name: t.allSet })).not.toBeInTheDocument();
    await after(5000);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it("takes the address's sign-in whole, never the stored challenge beside another redirect", async () => {
    vi.mocked(useSession).mockReturnValue(signedIn);
    pendingDesktopSignIn();
    await renderLaunch(launchAt(desktopQuery({ redirect_url: 'http://127.0.0.1:9/other', code_challenge: undefined })));
    expect(screen.getByRole('alert')).toHaveTextContent(t.challengeMissing);
    await after(5000);
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('falls back to the stored desktop sign-in when the address has lost its redirect_url', async () => {
    vi.mocked(useSession).mockReturnValue(signedIn);
    pendingDesktopSignIn();
    await renderLaunch('/launch');
    await continueToApp();
    await after(1500);
    expect(leaveSite).toHaveBeenCalledWith(CALLBACK);
  });

  it("says 'Failed to redirect to desktop app. Please try again.' when the browser will not leave", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(useSession).mockReturnValue(signedIn);
    vi.mocked(leaveSite).mockImplementationOnce(() => {
      throw new Error('blocked');
    });
    await renderLaunch(launchAt());
    await continueToApp();
    await after(1500);
    expect(screen.getByRole('alert')).toHaveTextContent(t.redirectFailed);
    expect(screen.getByRole('link', { name: t.goHome })).toBeInTheDocument();
  });

  it.each([
    ['loading', loading, launchAt(), t.checking],
    ['signed in', signedIn, launchAt(), t.confirmTitle],
    ['signed out', signedOut, launchAt(), t.signInFirst],
    ['a link without a challenge', signedIn, launchAt(desktopQuery({ code_challenge: undefined })), t.challengeMissing],
  ])('has exactly one h1 when %s (axe page-has-heading-one)', async (_, session, address, heading) => {
    vi.mocked(useSession).mockReturnValue(session);
    await renderLaunch(address);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(heading);
  });
});
