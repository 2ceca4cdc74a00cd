import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../../../shared/api-types';
import { texts } from '../../../../shared/texts';
import { ensureUserExists } from '../../api/users';
import { getManageSubscriptionUrl, getUserProfile } from '../../api/billing';
import { leaveSite } from '../../auth/redirect';
import { signOut } from '../../auth/auth-client';
import { sessionExists, useSession } from '../../auth/session';
import { useLatestVersion } from '../../hooks/use-latest-version';
import { FROM_CHECKOUT_STATE } from './checkout-return';
import DashboardLayout from './DashboardLayout';
import { DashboardPage, HydrateFallback, loader } from './DashboardPage';

vi.mock('../../auth/AuthShell', () => ({ AuthProviders: ({ children }: { children: React.ReactNode }) => children }));
vi.mock('../../auth/auth-client', () => ({ signOut: vi.fn() }));
vi.mock('../../auth/session', () => ({ useSession: vi.fn(), sessionExists: vi.fn() }));
vi.mock('../../api/users', () => ({ ensureUserExists: vi.fn() }));
vi.mock('../../hooks/use-latest-version', () => ({ useLatestVersion: vi.fn() }));
vi.mock('../../api/billing', () => ({ getUserProfile: vi.fn(), getManageSubscriptionUrl: vi.fn() }));
vi.mock('../../auth/redirect', async (original) => ({ ...(await original<typeof import('../../auth/redirect')>()), leaveSite: vi.fn() }));

const config = { headers: new AxiosHeaders() };
const answered = (status: number) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, { status, statusText: '', data: {}, headers: {}, config } as AxiosResponse);

/** 2026-12-01T00:00:00Z in epoch seconds. */
const DEC_1_2026 = Date.UTC(2026, 11, 1) / 1000;

function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    userId: 'u-1',
    email: 'ada@example.com',
    name: 'Ada',
    createdAt: '2026-01-01T00:00:00Z',
    plan: 'free',
    subscription: { status: 'none' },
    metrics: { timeSaved: 5400, wordsTranscribed: 12345, recordingTime: 1500 },
    thisMonth: { month: '2026-11', timeSaved: 0, wordsTranscribed: 1200, recordingTime: 600 },
    wordsPerMonth: 500,
    history: [],
    ...overrides,
  };
}
const proProfile = (subscription: Partial<UserProfile['subscription']> = {}) =>
  profile({ plan: 'pro', wordsPerMonth: undefined, subscription: { status: 'active', productId: 'prod_pro', currentPeriodEnd: DEC_1_2026, interval: 'month', ...subscription } });
const subscriptionCard = () => screen.getByRole('article', { name: 'Subscription' });

/** The dashboard as routes.tsx makes it (its loader included), once the router has run the loader. */
async function renderDashboard(state?: unknown) {
  const router = createMemoryRouter(
    [
      { element: <DashboardLayout />, children: [{ path: '/dashboard', loader, HydrateFallback, element: <DashboardPage /> }] },
      { path: '/signin', element: <h1>Sign-in page</h1> },
      { path: '/pricing', element: <h1>Pricing page</h1> },
    ],
    { initialEntries: [{ pathname: '/dashboard', state }] },
  );
  const view = render(<RouterProvider router={router} />);
  await act(() => new Promise<void>((resolve) => (router.state.initialized ? resolve() : router.subscribe((now) => now.initialized && resolve()))));
  return { router, dispose: view.unmount };
}

beforeEach(() => {
  // A browser that has seen its account's first run done (theme.js marks <html>): as most visits are.
  document.documentElement.setAttribute('data-setup-done', '');
  vi.mocked(sessionExists).mockResolvedValue(true);
  vi.mocked(useSession).mockReturnValue({ loading: false, doesSessionExist: true, userId: 'u-1' });
  vi.mocked(ensureUserExists).mockResolvedValue({ userId: 'u-1', email: 'ada@example.com', name: 'Ada', createdAt: '2026-01-01T00:00:00Z', loginCount: 1 });
  vi.mocked(getUserProfile).mockResolvedValue(profile());
  vi.mocked(useLatestVersion).mockReturnValue({
    status: 'ready',
    release: { version: '1.4.2', pub_date: '2026-11-02T09:00:00.000Z', download_url: 'https://downloads.example.com/Voxpen_1.4.2_x64-setup.exe' },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  localStorage.clear();
  document.documentElement.removeAttribute('data-setup-done');
});

describe('/dashboard', () => {
  it('shows its header and the Windows download, ensures the user record on load, and names the account', async () => {
    await renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage your account and subscription')).toBeInTheDocument();
    expect(screen.getByText(/^Version 1\.4\.2 \| Released/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Now (64-bit)' })).toHaveAttribute('download', 'Voxpen_1.4.2_x64-setup.exe');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(ensureUserExists).toHaveBeenCalled();
  });

  it("links the account page from its 'Your account' card", async () => {
    await renderDashboard();
    const card = screen.getByRole('heading', { name: 'Your account' }).closest('article')!;
    expect(within(card).getByRole('link', { name: 'Manage your account' })).toHaveAttribute('href', '/account');
  });

  it('hides Pricing and offers Logout, which signs out and goes to /signin', async () => {
    vi.mocked(signOut).mockResolvedValue();
    await renderDashboard();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    expect(signOut).toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
  });

  it('only logs a failed sign-out, and still goes to /signin', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(signOut).mockRejectedValue(new Error('offline'));
    await renderDashboard();
    await userEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});

describe("/dashboard's session gate (what ProtectedRoute did, now the page's own)", () => {
  it('shows the skeleton, busy, and none of the data while the session is read', async () => {
    vi.mocked(useSession).mockReturnValue({ loading: true, doesSessionExist: false });
    await renderDashboard();
    expect(screen.getByRole('region', { name: 'Usage' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
  });

  it('sends the signed-out to /signin', async () => {
    vi.mocked(useSession).mockReturnValue({ loading: false, doesSessionExist: false });
    await renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
  });

  it('shows the page to the signed-in', async () => {
    await renderDashboard();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Usage' })).toHaveAttribute('aria-busy', 'false');
  });
});

describe('/dashboard usage metrics', () => {
  it('shows the three totals per spec §9 with the real month beside them', async () => {
    await renderDashboard();
    const timeSaved = await screen.findByRole('article', { name: 'Time Saved' });
    await within(timeSaved).findByText('1.5 hrs');
    // Nothing this month reads plainly, not as a green '+0'.
    expect(within(timeSaved).getByText('Nothing yet this month')).toBeInTheDocument();
    expect(within(timeSaved).queryByText('+0 this month')).toBeNull();
    const words = screen.getByRole('article', { name: 'Words Transcribed' });
    expect(within(words).getByText('12,345')).toBeInTheDocument();
    expect(within(words).getByText('+1,200 this month')).toBeInTheDocument();
    const recording = screen.getByRole('article', { name: 'Recording Time' });
    expect(within(recording).getByText('25 min')).toBeInTheDocument();
    expect(within(recording).getByText('+10 min this month')).toBeInTheDocument();
  });

  it('ensures the user record before it reads the profile, and shows Loading... meanwhile', async () => {
    let ensured!: () => void;
    vi.mocked(ensureUserExists).mockReturnValue(new Promise((resolve) => (ensured = () => resolve({ userId: 'u-1', email: 'ada@example.com', createdAt: '', loginCount: 1 }))));
    await renderDashboard();
    expect(screen.getByRole('region', { name: 'Usage' })).toHaveAttribute('aria-busy', 'true');
    expect(within(screen.getByRole('article', { name: 'Words Transcribed' })).getByText('Loading...')).toBeInTheDocument();
    expect(subscriptionCard()).toHaveAttribute('aria-busy', 'true');
    expect(getUserProfile).not.toHaveBeenCalled();
    ensured();
    await waitFor(() => expect(getUserProfile).toHaveBeenCalled());
    expect(await within(screen.getByRole('article', { name: 'Words Transcribed' })).findByText('12,345')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Usage' })).toHaveAttribute('aria-busy', 'false');
  });

  it('ignores a 404 silently: no usage yet, the Free plan, no error', async () => {
    vi.mocked(getUserProfile).mockRejectedValue(answered(404));
    await renderDashboard();
    expect(await within(subscriptionCard()).findByText('Free Plan')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Words Transcribed' })).getByText('0')).toBeInTheDocument();
    expect(screen.getAllByText('Nothing yet this month')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("leads a new account with its checklist, above the metrics: nothing done, the page's one download in it, no empty chart", async () => {
    vi.mocked(getUserProfile).mockRejectedValue(answered(404));
    await renderDashboard();
    const checklist = await screen.findByRole('region', { name: 'Get started with Voxpen' });
    expect(checklist).toHaveAttribute('aria-busy', 'false');
    // Above the metric cards in the page's order.
    expect(checklist.compareDocumentPosition(screen.getByRole('region', { name: 'Usage' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const steps = within(checklist).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')!.parentElement!.textContent)).toEqual([
      'Install Voxpen (To do)',
      'Sign in from the app (To do)',
      'Dictate your first words (To do)',
    ]);
    // One download call to action on the page: the checklist's; the Windows card links to every download.
    expect(within(checklist).getByRole('link', { name: 'Download for Windows' })).toHaveAttribute('href', 'https://downloads.example.com/Voxpen_1.4.2_x64-setup.exe');
    expect(screen.getAllByRole('link', { name: /^Download/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'All downloads' })).toHaveAttribute('href', '/download');
    // The chart's place says what will show there, with no empty bars and no table of zeros.
    const chart = screen.getByRole('region', { name: 'Your last 12 months' });
    expect(within(chart).getByText(texts.billingUi.firstRun.chartFirstRun)).toBeInTheDocument();
    expect(within(chart).queryByRole('table')).toBeNull();
    expect(localStorage.getItem('voxpen-setup-done')).toBeNull();
  });

  it('ticks the app installed and signed in from the desktop hand-off, then goes once the first dictation is counted', async () => {
    const zero = { timeSaved: 0, wordsTranscribed: 0, recordingTime: 0 };
    vi.mocked(getUserProfile).mockResolvedValue(profile({ metrics: zero, thisMonth: { month: '2026-11', ...zero }, desktopSignedInAt: '2026-11-27T10:00:00.000Z' }));
    const { dispose } = await renderDashboard();
    const checklist = await screen.findByRole('region', { name: 'Get started with Voxpen' });
    await waitFor(() => expect(checklist).toHaveAttribute('aria-busy', 'false'));
    expect(within(checklist).getAllByRole('listitem').map((step) => step.querySelector('strong')!.parentElement!.textContent)).toEqual([
      'Install Voxpen (Done)',
      'Sign in from the app (Done)',
      'Dictate your first words (To do)',
    ]);
    // Its download stays, quiet now (the same box on every load), still the page's one.
    expect(within(checklist).getByRole('link', { name: 'Download for Windows' })).toHaveClass('btn-ghost');
    expect(screen.getAllByRole('link', { name: /^Download/ })).toHaveLength(1);
    dispose();

    // The first dictation counted: this load kept the checklist's room (the browser had not seen it
    // done), so it stays this once, all ticked.
    document.documentElement.removeAttribute('data-setup-done');
    vi.mocked(getUserProfile).mockResolvedValue(profile({ desktopSignedInAt: '2026-11-27T10:00:00.000Z' }));
    const again = await renderDashboard();
    await within(screen.getByRole('article', { name: 'Words Transcribed' })).findByText('12,345');
    const allSet = screen.getByRole('region', { name: texts.billingUi.firstRun.allSet });
    expect(within(allSet).getAllByText('(Done)')).toHaveLength(3);
    // This browser remembers it, so its next loading view keeps no room for the checklist (theme.js), and it is gone.
    expect(localStorage.getItem('voxpen-setup-done')).toBe('1');
    again.dispose();
    document.documentElement.setAttribute('data-setup-done', '');
    await renderDashboard();
    await within(screen.getByRole('article', { name: 'Words Transcribed' })).findByText('12,345');
    expect(screen.queryByRole('region', { name: /Get started|all set/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download Now (64-bit)' })).toBeInTheDocument();
  });

  it('shows no checklist to an account that has dictated, though its first desktop sign-in came before the record kept it', async () => {
    await renderDashboard();
    await within(screen.getByRole('article', { name: 'Words Transcribed' })).findByText('12,345');
    expect(screen.queryByRole('region', { name: 'Get started with Voxpen' })).toBeNull();
  });
});

describe('/dashboard usage of the month and the last 12 months', () => {
  it("shows the Free card's meter from the profile's month and the chart's table ending with it", async () => {
    await renderDashboard();
    const meter = await within(subscriptionCard()).findByRole('meter', { name: 'Free words used this month' });
    // The fixture's month has 1,200 words: past the allowance, the meter reads full.
    expect(meter).toHaveAttribute('aria-valuenow', '500');
    expect(within(subscriptionCard()).getByText(/^You have used all of this month's free words/)).toBeInTheDocument();
    const chart = screen.getByRole('region', { name: 'Your last 12 months' });
    const rows = within(within(chart).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[12]).toHaveTextContent('November 2026 (this month)1,20010 min');
  });

  it('reserves the chart while the profile loads, and has no meter on Pro', async () => {
    let ensured!: () => void;
    vi.mocked(ensureUserExists).mockReturnValue(new Promise((resolve) => (ensured = () => resolve({ userId: 'u-1', email: 'ada@example.com', createdAt: '', loginCount: 1 }))));
    vi.mocked(getUserProfile).mockResolvedValue(proProfile());
    await renderDashboard();
    expect(screen.getByRole('region', { name: 'Your last 12 months' })).toHaveAttribute('aria-busy', 'true');
    ensured();
    expect(await within(subscriptionCard()).findByText('Pro Plan')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your last 12 months' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('meter')).toBeNull();
  });
});

describe('/dashboard subscription card', () => {
  it('shows Free Plan at $0.00 with its word allowance and Upgrade to Pro, to /pricing', async () => {
    await renderDashboard();
    const card = subscriptionCard();
    expect(await within(card).findByText('Free Plan')).toBeInTheDocument();
    expect(within(card).getByText('$0.00')).toBeInTheDocument();
    expect(within(card).getByText('500 words per month')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('link', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
  });

  it('shows Pro Plan at $11.00 with its renewal date, and Manage subscription opens the portal', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(proProfile());
    vi.mocked(getManageSubscriptionUrl).mockResolvedValue({ url: 'https://billing.stripe.test/p/1' });
    await renderDashboard();
    const card = subscriptionCard();
    expect(await within(card).findByText('Pro Plan')).toBeInTheDocument();
    expect(within(card).getByText('$11.00')).toBeInTheDocument();
    expect(within(card).getByText('Renews December 1, 2026')).toBeInTheDocument();
    within(card).getByRole('button', { name: 'Manage subscription' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://billing.stripe.test/p/1'));
  });

  it('shows a trial end, a cancelled end, and the annual price', async () => {
    vi.mocked(getUserProfile).mockResolvedValueOnce(proProfile({ status: 'trialing' }));
    const first = await renderDashboard();
    expect(await within(subscriptionCard()).findByText('Trial ends December 1, 2026')).toBeInTheDocument();
    first.dispose();

    vi.mocked(getUserProfile).mockResolvedValueOnce(proProfile({ cancelAtPeriodEnd: true, interval: 'year' }));
    await renderDashboard();
    expect(await within(subscriptionCard()).findByText('Ends December 1, 2026')).toBeInTheDocument();
    expect(within(subscriptionCard()).getByText('$121.00')).toBeInTheDocument();
    expect(within(subscriptionCard()).getByText('/year')).toBeInTheDocument();
  });

  it('shows a cancellation scheduled for a date before the period ends', async () => {
    // November 20, 2026, 12:00 UTC: the subscription ends then, not on its renewal date.
    vi.mocked(getUserProfile).mockResolvedValue(proProfile({ cancelAt: Date.UTC(2026, 10, 20, 12) / 1000 }));
    await renderDashboard();
    expect(await within(subscriptionCard()).findByText('Cancels on November 20, 2026')).toBeInTheDocument();
    expect(within(subscriptionCard()).queryByText(/Renews/)).not.toBeInTheDocument();
  });

  it('says it could not load the subscription when the profile fails other than 404', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getUserProfile).mockRejectedValue(answered(500));
    await renderDashboard();
    expect(await within(subscriptionCard()).findByRole('alert')).toHaveTextContent('Could not load subscription data');
    expect(within(screen.getByRole('article', { name: 'Time Saved' })).getByText('Not available')).toBeInTheDocument();
  });

  it('keeps Upgrade to Pro beside the error, and Retry reads the profile again and shows it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getUserProfile).mockRejectedValueOnce(answered(500));
    await renderDashboard();
    await within(subscriptionCard()).findByRole('alert');
    expect(within(subscriptionCard()).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
    await userEvent.click(within(subscriptionCard()).getByRole('button', { name: 'Retry' }));
    expect(await within(subscriptionCard()).findByText('Free Plan')).toBeInTheDocument();
    expect(within(subscriptionCard()).queryByRole('alert')).toBeNull();
    expect(await within(screen.getByRole('article', { name: 'Words Transcribed' })).findByText('12,345')).toBeInTheDocument();
  });

  it("with the service away, the account and subscription cards both say so at once (the profile is not asked for, to time out again), and one Retry fills both", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(ensureUserExists).mockRejectedValueOnce(new AxiosError('timeout of 8000ms exceeded', 'ECONNABORTED', config));
    await renderDashboard();
    const accountCard = () => screen.getByRole('article', { name: 'Your account' });
    expect(await within(accountCard()).findByRole('alert')).toHaveTextContent("We can't reach Voxpen right now. Check your connection, then try again.");
    expect(within(subscriptionCard()).getByRole('alert')).toHaveTextContent("We can't reach Voxpen right now.");
    expect(within(accountCard()).queryByText('Loading your account...')).toBeNull();
    expect(getUserProfile).not.toHaveBeenCalled();
    // The same Retry on both cards.
    expect(within(subscriptionCard()).getByRole('button', { name: 'Retry' })).toHaveClass('btn', 'btn-ghost');
    await userEvent.click(within(accountCard()).getByRole('button', { name: 'Retry' }));
    expect(await within(accountCard()).findByText('ada@example.com')).toBeInTheDocument();
    expect(await within(subscriptionCard()).findByText('Free Plan')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a 503 says when to try again, from its Retry-After", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const busy = new AxiosError('Request failed with status code 503', 'ERR_BAD_RESPONSE', config, {}, { status: 503, statusText: '', data: {}, headers: { 'retry-after': '30' }, config } as AxiosResponse);
    vi.mocked(getUserProfile).mockRejectedValueOnce(busy);
    await renderDashboard();
    expect(await within(subscriptionCard()).findByRole('alert')).toHaveTextContent("We can't reach Voxpen right now. Try again in 30 seconds.");
  });

  it('when the portal cannot be had, says so and goes to /pricing after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getUserProfile).mockResolvedValue(proProfile());
    vi.mocked(getManageSubscriptionUrl).mockRejectedValue(answered(404));
    await renderDashboard();
    await userEvent.click(await within(subscriptionCard()).findByRole('button', { name: 'Manage subscription' }));
    const alert = await within(subscriptionCard()).findByRole('alert');
    expect(alert).toHaveTextContent(texts.billingUi.subscription.manageFailed);
    // The pressed button is disabled now: focus goes to the alert, which also brings it into view.
    expect(alert).toHaveFocus();
    await vi.advanceTimersByTimeAsync(1800);
    expect(screen.queryByRole('heading', { name: 'Pricing page' })).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(await screen.findByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it('enables Manage subscription again when the browser restores the page from its back/forward cache', async () => {
    vi.mocked(getUserProfile).mockResolvedValue(proProfile());
    vi.mocked(getManageSubscriptionUrl).mockResolvedValue({ url: 'https://billing.stripe.test/p/1' });
    await renderDashboard();
    const manage = await within(subscriptionCard()).findByRole('button', { name: 'Manage subscription' });
    await userEvent.click(manage);
    await waitFor(() => expect(leaveSite).toHaveBeenCalled());
    expect(manage).toBeDisabled();

    act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
    expect(manage).toBeEnabled();
  });
});

describe('/dashboard straight after checkout', () => {
  const t = texts.billingUi.subscription;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it("re-reads the profile every 1.5 s while the plan is not Pro yet, saying it is activating, and stops on Pro", async () => {
    vi.mocked(getUserProfile).mockResolvedValueOnce(profile()).mockResolvedValueOnce(profile()).mockResolvedValue(proProfile());
    await renderDashboard(FROM_CHECKOUT_STATE);
    expect(await within(subscriptionCard()).findByText(t.activating)).toBeInTheDocument();
    expect(subscriptionCard()).toHaveAttribute('aria-busy', 'true');
    expect(within(subscriptionCard()).queryByText('Free Plan')).toBeNull();
    expect(getUserProfile).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(getUserProfile).toHaveBeenCalledTimes(2);
    expect(within(subscriptionCard()).getByText(t.activating)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await within(subscriptionCard()).findByText('Pro Plan')).toBeInTheDocument();
    expect(within(subscriptionCard()).queryByText(t.activating)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(getUserProfile).toHaveBeenCalledTimes(3);
  });

  it('gives up after 10 re-reads and shows what the profile says', async () => {
    await renderDashboard(FROM_CHECKOUT_STATE);
    expect(await within(subscriptionCard()).findByText(t.activating)).toBeInTheDocument();
    for (let i = 0; i < 9; i++) await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(getUserProfile).toHaveBeenCalledTimes(10);
    expect(within(subscriptionCard()).getByText(t.activating)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(getUserProfile).toHaveBeenCalledTimes(11);
    expect(await within(subscriptionCard()).findByText('Free Plan')).toBeInTheDocument();
    expect(within(subscriptionCard()).queryByText(t.activating)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(getUserProfile).toHaveBeenCalledTimes(11);
  });

  it('stops re-reading when the dashboard is left', async () => {
    const view = await renderDashboard(FROM_CHECKOUT_STATE);
    expect(await within(subscriptionCard()).findByText(t.activating)).toBeInTheDocument();
    view.dispose();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(getUserProfile).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a Pro account, nor without the checkout state', async () => {
    const first = await renderDashboard();
    expect(await within(subscriptionCard()).findByText('Free Plan')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(getUserProfile).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(t.activating)).toBeNull();
    first.dispose();

    vi.mocked(getUserProfile).mockResolvedValue(proProfile());
    await renderDashboard(FROM_CHECKOUT_STATE);
    expect(await within(subscriptionCard()).findByText('Pro Plan')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(getUserProfile).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(t.activating)).toBeNull();
  });
});
