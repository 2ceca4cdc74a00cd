import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '../../../../shared/api-types';
import { texts } from '../../../../shared/texts';
import { accountTexts } from './account-texts';
import { vocabularyPageTexts } from './vocabulary-texts';
import { billingSectionTexts } from './billing-texts';
// Loaded with this file, so the page's own import of the chunk finds it at once (what is tested is the page, not how long a transform takes).
import './dictation';
import { changeAccountEmail, changePassword, deleteAccount, downloadAccountData, readAccountProfile, renameAccount, signOutEverywhere } from '../../api/account';
import { signOut } from '../../auth/auth-client';
import { passkeyProof } from '../../auth/passkeys';
import { sessionExists, useSession } from '../../auth/session';
import { RETURN_TO_KEY } from '../../return-to';
import DashboardLayout from '../dashboard/DashboardLayout';
import type { AccountOverview } from '../../../../shared/api-types';
import { ACCOUNT_PATH, SETTINGS_SECTIONS, settingsPath } from '../../../../shared/site-pages';
import { AccountPage, action, GOODBYE_MS, HydrateFallback, loader, shouldRevalidate } from './AccountPage';

vi.mock('../../auth/AuthShell', () => ({ AuthProviders: ({ children }: { children: React.ReactNode }) => children }));
vi.mock('../../auth/auth-client', () => ({ signOut: vi.fn() }));
vi.mock('../../auth/session', () => ({ useSession: vi.fn(), sessionExists: vi.fn() }));
vi.mock('../../auth/passkeys', async (original) => ({ ...(await original<typeof import('../../auth/passkeys')>()), passkeyProof: vi.fn() }));
vi.mock('../../api/users', () => ({ ensureUserExists: vi.fn() }));
vi.mock('../../api/account', async (original) => ({
  ...(await original<typeof import('../../api/account')>()),
  readAccountProfile: vi.fn(),
  renameAccount: vi.fn(),
  changeAccountEmail: vi.fn(),
  changePassword: vi.fn(),
  signOutEverywhere: vi.fn(),
  downloadAccountData: vi.fn(),
  deleteAccount: vi.fn(),
  // Where the account is signed in has its own test (SessionsSection.test.tsx).
  listSessions: vi.fn(async () => []),
  // And passkeys theirs (PasskeysSection.test.tsx).
  listPasskeys: vi.fn(async () => []),
  // So has two-step verification (TwoStepSection.test.tsx).
  readTwoStep: vi.fn(async () => ({ enabled: false, recoveryCodesLeft: 0 })),
}));
// Billing has its own (BillingSection.test.tsx).
vi.mock('../../api/billing', () => ({ readBilling: vi.fn(async () => ({ plan: 'free', subscription: null, paymentMethod: null, invoices: [] })) }));
// The vocabulary and preferences have theirs (VocabularySection.test.tsx).
vi.mock('../../api/vocabulary', () => ({
  readVocabulary: vi.fn(async () => ({ version: 0, entries: [], editable: false })),
  readPreferences: vi.fn(async () => ({ version: 0, language: 'en-US', style: 'clean', exportFormat: 'text' })),
}));

const t = accountTexts;
const config = { headers: new AxiosHeaders() };
const refused = (status: number, data: ErrorBody) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, { status, statusText: '', data, headers: {}, config } as AxiosResponse);

const emailAccount: AccountOverview = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  createdAt: '2026-01-05T10:00:00.000Z',
  lastLoginAt: null,
  loginCount: 1,
  signInMethods: ['password'],
  paidPlan: null,
};
const googleAccount: AccountOverview = { ...emailAccount, name: 'Grace Hopper', email: 'grace@example.com', signInMethods: ['google'] };

const signedIn = { loading: false, doesSessionExist: true, userId: 'u-1' } as const;
const signedOut = { loading: false, doesSessionExist: false } as const;

/**
 * /account as routes.tsx makes it (inside the signed-in layout, its loader included, a path for each
 * settings section), at `path` (a section's page, or /account itself), once the loader has run.
 */
async function renderAccount(path: string | { pathname: string; state: unknown } = '/account') {
  const router = createMemoryRouter(
    [
      {
        element: <DashboardLayout />,
        children: [
          {
            path: ACCOUNT_PATH,
            loader,
            action,
            shouldRevalidate,
            HydrateFallback,
            element: <AccountPage />,
            children: [{ index: true, element: null }, ...SETTINGS_SECTIONS.map((s) => ({ path: settingsPath(s), element: null }))],
          },
        ],
      },
      { path: '/signin', element: <h1>Sign-in page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  await act(() => new Promise<void>((resolve) => (router.state.initialized ? resolve() : router.subscribe((now) => now.initialized && resolve()))));
  return router;
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.mocked(sessionExists).mockResolvedValue(true);
  vi.mocked(useSession).mockReturnValue(signedIn);
  vi.mocked(readAccountProfile).mockResolvedValue(emailAccount);
  vi.mocked(signOut).mockResolvedValue();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  sessionStorage.clear();
});

describe('/account', () => {
  it('sends the signed-out to /signin before reading anything, and remembers to come back', async () => {
    vi.mocked(sessionExists).mockResolvedValue(false);
    const router = await renderAccount();
    expect(router.state.location.pathname).toBe('/signin');
    expect(readAccountProfile).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/account');
  });

  it("remembers a section's own page to come back to after signing in", async () => {
    vi.mocked(sessionExists).mockResolvedValue(false);
    const router = await renderAccount('/account/billing');
    expect(router.state.location.pathname).toBe('/signin');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/account/billing');
  });

  it('shows the email, how the account signs in and since when, and is linked from the signed-in bar', async () => {
    await renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    const profile = section('Profile');
    expect(within(profile).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Email and password')).toBeInTheDocument();
    expect(within(profile).getByText('January 5, 2026')).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(bar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('is settings in sections: a nav to each (with what it holds, the phone\'s list), the first shown at /account, each at its own path with a way back', async () => {
    const router = await renderAccount();
    const settings = screen.getByRole('navigation', { name: t.sectionsLabel });
    const links = within(settings).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(SETTINGS_SECTIONS.map((s) => [`${t.sections[s].name}${t.sections[s].about}`, settingsPath(s)]));
    expect(within(settings).getByRole('link', { name: new RegExp(t.sections.profile.name) })).toHaveAttribute('aria-current', 'page');
    expect(section('Profile')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.allSettings })).toBeNull();

    await userEvent.click(within(settings).getByRole('link', { name: new RegExp(t.sections.billing.name) }));
    expect(router.state.location.pathname).toBe('/account/billing');
    expect(await screen.findByRole('region', { name: 'Plan and billing' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profile' })).toBeNull();
    // Reached by a link, the section's content has the focus; back goes to /account.
    expect(document.querySelector('.settings-content')).toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: t.allSettings }));
    expect(router.state.location.pathname).toBe('/account');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/account/billing');
  });

  it.each([
    ['/account/profile', () => screen.getByRole('button', { name: t.saveName })],
    ['/account/dictation', () => screen.findByLabelText(vocabularyPageTexts.languageLabel)],
    ['/account/security', () => screen.findByRole('button', { name: texts.twoStep.section.setUp })],
    ['/account/sessions', () => screen.getByRole('button', { name: t.signOutAll })],
    ['/account/billing', () => screen.findByRole('link', { name: billingSectionTexts.seePro })],
    ['/account/data', () => screen.getByRole('button', { name: t.download })],
  ])('%s has at most one primary action', async (path, settled) => {
    await renderAccount(path);
    await settled();
    const primary = [...document.querySelectorAll('.settings-content .btn-primary')].map((b) => b.textContent);
    expect(primary.length, primary.join(', ')).toBeLessThanOrEqual(1);
  });

  it("says the address changed when an address change's link leads here", async () => {
    vi.mocked(readAccountProfile).mockResolvedValue({ ...emailAccount, email: 'ada@new.example' });
    await renderAccount({ pathname: '/account', state: { emailChanged: true } });
    expect(screen.getByText(t.emailChanged('ada@new.example'))).toHaveAttribute('role', 'status');
    cleanup();
    await renderAccount();
    expect(screen.queryByText(t.emailChanged('ada@new.example'))).toBeNull();
  });

  it('fills in the Vocabulary and Preferences sections once their code has arrived: Free is shown what Pro adds', async () => {
    await renderAccount('/account/dictation');
    await screen.findByRole('heading', { name: vocabularyPageTexts.proTitle });
    expect(within(section(t.vocabularyTitle)).getByRole('link', { name: vocabularyPageTexts.seePro })).toHaveAttribute('href', '/pricing');
    expect(await within(section(t.preferencesTitle)).findByLabelText(vocabularyPageTexts.languageLabel)).toHaveValue('en-US');
  });

  it('says when the account cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(readAccountProfile).mockRejectedValue(refused(500, { message: 'Internal error' }));
    await renderAccount();
    expect(screen.getByRole('alert')).toHaveTextContent(t.loadFailed);
    expect(screen.getByRole('alert')).not.toHaveTextContent(/reload/i);
  });

  it("says the service is away when the profile's read gets no answer, and Retry reads the account again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(readAccountProfile).mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK', config));
    await renderAccount();
    expect(screen.getByRole('alert')).toHaveTextContent("We can't reach Voxpen right now.");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(within(await screen.findByRole('region', { name: 'Profile' })).getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/We can't reach Voxpen/)).toBeNull();
  });
});

describe('/account name', () => {
  it('refuses an empty name beside the field (focused), then saves a new one and says so', async () => {
    const user = userEvent.setup();
    vi.mocked(renameAccount).mockResolvedValue({ message: texts.account.renamed, name: 'Ada King' });
    await renderAccount();
    const name = within(section('Profile')).getByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');

    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: t.saveName }));
    expect(await within(section('Profile')).findByText(texts.account.nameRequired)).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(renameAccount).not.toHaveBeenCalled();

    await user.clear(name);
    await user.type(name, ' Ada King ');
    await user.click(screen.getByRole('button', { name: t.saveName }));
    expect(renameAccount).toHaveBeenCalledWith(' Ada King ');
    await vi.waitFor(() => expect(within(section('Profile')).getByRole('status')).toHaveTextContent(texts.account.renamed));
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('changes the email with the password: a wrong password beside its field, then the link sent and said so', async () => {
    const user = userEvent.setup();
    vi.mocked(changeAccountEmail).mockRejectedValueOnce(refused(400, { message: texts.account.wrongPassword, fields: { password: texts.account.wrongPassword } }));
    vi.mocked(changeAccountEmail).mockResolvedValueOnce({ message: texts.account.emailChangeSent('ada@new.example'), pendingEmail: 'ada@new.example' });
    await renderAccount();
    const emailSection = section(t.emailTitle);
    // A quiet button opens the form; the view's one primary action is the name's Save.
    expect(within(emailSection).queryByLabelText(t.newEmailLabel)).toBeNull();
    expect(within(emailSection).getByRole('button', { name: t.openEmailForm })).toHaveClass('btn-ghost');
    expect(screen.getAllByRole('button').filter((b) => b.classList.contains('btn-primary')).map((b) => b.textContent)).toEqual([t.saveName]);
    await user.click(within(emailSection).getByRole('button', { name: t.openEmailForm }));
    expect(within(emailSection).getByLabelText(t.newEmailLabel)).toHaveFocus();
    await user.type(within(emailSection).getByLabelText(t.newEmailLabel), 'ada@new.example');
    await user.type(within(emailSection).getByLabelText(t.emailPasswordLabel), 'not-it-1');
    await user.click(within(emailSection).getByRole('button', { name: t.changeEmail }));
    expect(await within(emailSection).findByText(texts.account.wrongPassword)).toBeInTheDocument();
    expect(within(emailSection).getByLabelText(t.emailPasswordLabel)).toHaveFocus();

    await user.clear(within(emailSection).getByLabelText(t.emailPasswordLabel));
    await user.type(within(emailSection).getByLabelText(t.emailPasswordLabel), 'engine42');
    await user.click(within(emailSection).getByRole('button', { name: t.changeEmail }));
    expect(changeAccountEmail).toHaveBeenLastCalledWith('ada@new.example', 'engine42');
    await vi.waitFor(() => expect(within(emailSection).getByRole('status')).toHaveTextContent(texts.account.emailChangeSent('ada@new.example')));
  });

  it('offers no email change to a Google account (its address is Google’s)', async () => {
    vi.mocked(readAccountProfile).mockResolvedValue(googleAccount);
    await renderAccount();
    expect(screen.queryByRole('region', { name: t.emailTitle })).toBeNull();
  });

  it("shows the API's field message for a refused name", async () => {
    const user = userEvent.setup();
    vi.mocked(renameAccount).mockRejectedValue(refused(400, { message: 'Invalid', fields: { name: texts.account.nameTooLong } }));
    await renderAccount();
    await user.click(screen.getByRole('button', { name: t.saveName }));
    expect(await within(section('Profile')).findByText(texts.account.nameTooLong)).toBeInTheDocument();
    expect(within(section('Profile')).getByLabelText('Name')).toHaveFocus();
  });

  it("says the service is away when a save gets no answer within the time limit, not that something went wrong", async () => {
    const user = userEvent.setup();
    vi.mocked(renameAccount).mockRejectedValue(new AxiosError('timeout of 8000ms exceeded', 'ECONNABORTED', config));
    await renderAccount();
    await user.click(screen.getByRole('button', { name: t.saveName }));
    expect(await within(section('Profile')).findByRole('alert')).toHaveTextContent("We can't reach Voxpen right now. Check your connection, then try again.");
  });
});

describe('/account password', () => {
  async function fill(current: string, next: string, again = next, user = userEvent.setup()) {
    const form = section('Password');
    // Closed, the quiet button opens it (the open form's submit has the same words).
    if (!within(form).queryByLabelText('Current password')) await user.click(within(form).getByRole('button', { name: t.openPasswordForm }));
    await user.type(within(form).getByLabelText('Current password'), current);
    await user.type(within(form).getByLabelText('New password'), next);
    await user.type(within(form).getByLabelText('Confirm new password'), again);
    await user.click(within(form).getByRole('button', { name: t.changePassword }));
    return { user, form };
  }

  it('opens with a quiet "Change password", shows the rules, and checks them and the repeat before sending', async () => {
    await renderAccount('/account/security');
    const form = section('Password');
    expect(within(form).queryByLabelText('Current password')).toBeNull();
    const opener = within(form).getByRole('button', { name: t.openPasswordForm });
    expect(opener).toHaveClass('btn-ghost');
    const user = userEvent.setup();
    await user.click(opener);
    expect(within(form).getByLabelText('Current password')).toHaveFocus();
    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(t.passwordRules);

    await fill('engine42', 'short1', 'short1', user);
    expect(await within(form).findByText(texts.auth.fields.passwordTooShort)).toBeInTheDocument();
    expect(within(form).getByLabelText('New password')).toHaveFocus();

    await userEvent.clear(within(form).getByLabelText('New password'));
    await userEvent.type(within(form).getByLabelText('New password'), 'longenough42');
    await userEvent.click(within(form).getByRole('button', { name: t.changePassword }));
    expect(await within(form).findByText(t.passwordsDoNotMatch)).toBeInTheDocument();
    expect(within(form).getByLabelText('Confirm new password')).toHaveFocus();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('shows a wrong current password beside its field, focused', async () => {
    vi.mocked(changePassword).mockRejectedValue(refused(400, { message: texts.account.wrongPassword, fields: { currentPassword: texts.account.wrongPassword } }));
    await renderAccount('/account/security');
    const { form } = await fill('not-it-1', 'brandnew42');
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'not-it-1', newPassword: 'brandnew42' });
    expect(await within(form).findByText(texts.account.wrongPassword)).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveFocus();
  });

  it("shows the sign-in limits' sentence as the form's alert", async () => {
    const limited = texts.auth.tooManyAttempts(15);
    vi.mocked(changePassword).mockRejectedValue(refused(429, { message: limited }));
    await renderAccount('/account/security');
    const { form } = await fill('not-it-1', 'brandnew42');
    expect(await within(form).findByRole('alert')).toHaveTextContent(limited);
    expect(within(form).getByRole('alert')).toHaveFocus();
  });

  it('changes it, says other devices were signed out, and empties the fields', async () => {
    vi.mocked(changePassword).mockResolvedValue({ message: texts.account.passwordChanged });
    await renderAccount('/account/security');
    const { form } = await fill('engine42', 'brandnew42');
    await vi.waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent(texts.account.passwordChanged));
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });
});

describe('/account sign out of all devices', () => {
  it('asks first (Cancel gives focus back), then signs out everywhere and here, says so and goes to /signin', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.mocked(signOutEverywhere).mockImplementation(async () => {
      // The answer clears this browser's session: the page stays to say so.
      vi.mocked(useSession).mockReturnValue(signedOut);
      return { message: texts.account.signedOutEverywhere };
    });
    const router = await renderAccount('/account/sessions');
    const sessions = section(t.signOutAll);
    const open = within(sessions).getByRole('button', { name: t.signOutAll });

    await user.click(open);
    expect(within(sessions).getByText(t.signOutQuestion).closest('p')).toHaveFocus();
    await user.click(within(sessions).getByRole('button', { name: t.cancel }));
    expect(within(sessions).getByRole('button', { name: t.signOutAll })).toHaveFocus();
    expect(signOutEverywhere).not.toHaveBeenCalled();

    await user.click(within(sessions).getByRole('button', { name: t.signOutAll }));
    await user.click(within(sessions).getByRole('button', { name: t.signOutConfirm }));
    expect(await within(sessions).findByText(new RegExp(texts.account.signedOutEverywhere))).toBeInTheDocument();
    expect(signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/account/sessions');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(router.state.location.pathname).toBe('/signin');
  });
});

describe('/account download my data', () => {
  it('shows its progress, then the file it saved', async () => {
    const user = userEvent.setup();
    let finish!: (file: string) => void;
    vi.mocked(downloadAccountData).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await renderAccount('/account/data');
    const data = section(t.download);
    await user.click(within(data).getByRole('button', { name: t.download }));
    expect(within(data).getByRole('button', { name: t.preparing })).toBeDisabled();
    await act(async () => finish('voxpen-data-2026-03-01.json'));
    expect(within(data).getByRole('status')).toHaveTextContent(t.downloaded('voxpen-data-2026-03-01.json'));
    expect(within(data).getByRole('button', { name: t.download })).toBeEnabled();
  });

  it('says when it failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(downloadAccountData).mockRejectedValue(new Error('offline'));
    await renderAccount('/account/data');
    await userEvent.click(within(section(t.download)).getByRole('button', { name: t.download }));
    expect(await within(section(t.download)).findByRole('alert')).toHaveTextContent(t.downloadFailed);
  });
});

describe('/account delete', () => {
  it('names the paid plan and what ends in the confirmation: Pro now, the rest of the period unrefunded; a trial, nothing charged', async () => {
    vi.mocked(readAccountProfile).mockResolvedValue({ ...emailAccount, paidPlan: { name: 'Pro', trial: false, periodEnd: '2026-12-26T12:00:00.000Z' } });
    await renderAccount('/account/data');
    expect(within(section(t.deleteTitle)).getByText('Pro ends now; the rest of the period (paid until December 26, 2026) is not refunded.')).toBeInTheDocument();
    cleanup();
    vi.mocked(readAccountProfile).mockResolvedValue({ ...emailAccount, paidPlan: { name: 'Pro', trial: true, periodEnd: '2026-12-26T12:00:00.000Z' } });
    await renderAccount('/account/data');
    expect(within(section(t.deleteTitle)).getByText('Your Pro trial ends now; nothing is charged.')).toBeInTheDocument();
    cleanup();
    vi.mocked(readAccountProfile).mockResolvedValue(emailAccount);
    await renderAccount('/account/data');
    expect(within(section(t.deleteTitle)).queryByText(/ends now/)).toBeNull();
  });

  it('cannot be sent until "delete my account" is typed; then, with the password, says goodbye and goes home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.mocked(deleteAccount).mockImplementation(async () => {
      vi.mocked(useSession).mockReturnValue(signedOut);
      return { message: texts.account.deleted };
    });
    const router = await renderAccount('/account/data');
    const danger = section(t.deleteTitle);
    const submit = within(danger).getByRole('button', { name: t.deleteSubmit });
    const phrase = within(danger).getByLabelText(t.deleteConfirmLabel);
    expect(submit).toBeDisabled();
    await user.type(phrase, 'delete my acount');
    expect(submit).toBeDisabled();
    await user.clear(phrase);
    // Typed as a sentence, capital D: what was meant (the server's schema takes it too).
    await user.type(phrase, 'Delete my account');
    expect(submit).toBeEnabled();

    // The password is asked for before anything is sent.
    await user.click(submit);
    await vi.waitFor(() => expect(within(danger).getByLabelText(t.deletePasswordLabel)).toHaveFocus());
    expect(deleteAccount).not.toHaveBeenCalled();
    await user.type(within(danger).getByLabelText(t.deletePasswordLabel), 'engine42');
    await user.click(submit);

    expect(deleteAccount).toHaveBeenCalledWith({ confirmation: 'delete my account', password: 'engine42' });
    expect(await screen.findByRole('heading', { level: 1, name: t.goodbye })).toHaveFocus();
    expect(screen.getByText(texts.account.deleted)).toBeInTheDocument();
    expect(signOut).toHaveBeenCalled();
    // Signed out by the answer, yet not sent to /signin: the goodbye stays, then home.
    expect(router.state.location.pathname).toBe('/account/data');
    await act(() => vi.advanceTimersByTimeAsync(GOODBYE_MS));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a wrong password beside its field, and the account stays', async () => {
    const user = userEvent.setup();
    vi.mocked(deleteAccount).mockRejectedValue(refused(400, { message: texts.account.wrongPassword, fields: { password: texts.account.wrongPassword } }));
    await renderAccount('/account/data');
    const danger = section(t.deleteTitle);
    await user.type(within(danger).getByLabelText(t.deleteConfirmLabel), 'delete my account');
    await user.type(within(danger).getByLabelText(t.deletePasswordLabel), 'not-it-1');
    await user.click(within(danger).getByRole('button', { name: t.deleteSubmit }));
    expect(await within(danger).findByText(texts.account.wrongPassword)).toBeInTheDocument();
    expect(within(danger).getByLabelText(t.deletePasswordLabel)).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('/account for a Google account', () => {
  beforeEach(() => {
    vi.mocked(readAccountProfile).mockResolvedValue(googleAccount);
  });

  it('says it signs in with Google, has no password form, and deletes without a password', async () => {
    vi.mocked(deleteAccount).mockResolvedValue({ message: texts.account.deleted });
    const router = await renderAccount();
    expect(within(section('Profile')).getByText('Google')).toBeInTheDocument();
    // The settings' nav leads to each section, at its own path, marking the one shown.
    const settings = screen.getByRole('navigation', { name: t.sectionsLabel });
    await userEvent.click(within(settings).getByRole('link', { name: new RegExp(t.sections.security.name) }));
    expect(router.state.location.pathname).toBe('/account/security');
    expect(within(settings).getByRole('link', { name: new RegExp(t.sections.security.name) })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('region', { name: 'Profile' })).toBeNull();
    const password = section('Password');
    expect(within(password).getByText(texts.account.noPassword)).toBeInTheDocument();
    expect(within(password).queryByRole('textbox')).toBeNull();
    expect(screen.queryByLabelText('Current password')).toBeNull();

    await userEvent.click(within(settings).getByRole('link', { name: new RegExp(t.sections.data.name) }));
    const danger = section(t.deleteTitle);
    expect(within(danger).getByText(t.deleteGoogleNote)).toBeInTheDocument();
    expect(within(danger).queryByLabelText(t.deletePasswordLabel)).toBeNull();
    await userEvent.type(within(danger).getByLabelText(t.deleteConfirmLabel), 'delete my account');
    await userEvent.click(within(danger).getByRole('button', { name: t.deleteSubmit }));
    expect(deleteAccount).toHaveBeenCalledWith({ confirmation: 'delete my account' });
    expect(await screen.findByRole('heading', { level: 1, name: t.goodbye })).toBeInTheDocument();
  });

  it('asks a Google account for its app’s code in place when the API wants it, and sends it', async () => {
    vi.mocked(deleteAccount).mockRejectedValueOnce(refused(400, { message: texts.stepUp.codeRequired, fields: { code: texts.stepUp.codeRequired } }));
    vi.mocked(readAccountProfile).mockResolvedValue(googleAccount);
    await renderAccount('/account/data');
    const danger = section(t.deleteTitle);
    await userEvent.type(within(danger).getByLabelText(t.deleteConfirmLabel), 'delete my account');
    await userEvent.click(within(danger).getByRole('button', { name: t.deleteSubmit }));
    expect(await within(danger).findByText(texts.stepUp.codeRequired)).toBeInTheDocument();
    await userEvent.type(within(danger).getByLabelText(texts.stepUp.codeLabel), '123456');
    await userEvent.click(within(danger).getByRole('button', { name: t.deleteSubmit }));
    expect(deleteAccount).toHaveBeenLastCalledWith({ confirmation: 'delete my account', code: '123456' });
  });

  it('lets an account without a password that has a passkey confirm the deletion with it: a cancelled dialog sends nothing, a refused passkey is said', async () => {
    const assertion = { webauthnGeneratedOptionsId: 'options-1', credential: { id: 'cred-1', type: 'public-key' as const, response: {} } };
    vi.mocked(passkeyProof).mockResolvedValueOnce({ status: 'CANCELLED' }).mockResolvedValue({ status: 'OK', proof: { passkey: assertion } });
    vi.mocked(deleteAccount)
      .mockRejectedValueOnce(refused(400, { message: texts.stepUp.wrongPasskey, fields: { passkey: texts.stepUp.wrongPasskey } }))
      .mockResolvedValueOnce({ message: texts.account.deleted });
    vi.mocked(readAccountProfile).mockResolvedValue({ ...googleAccount, signInMethods: ['google', 'passkey'] });
    await renderAccount('/account/data');
    const danger = section(t.deleteTitle);
    const withPasskey = within(danger).getByRole('button', { name: texts.stepUp.confirmWithPasskey });
    // Like the delete button, only once the phrase is typed.
    expect(withPasskey).toBeDisabled();
    await userEvent.type(within(danger).getByLabelText(t.deleteConfirmLabel), 'delete my account');
    await userEvent.click(withPasskey);
    expect(await within(danger).findByRole('alert')).toHaveTextContent(texts.stepUp.passkeyCancelled);
    expect(deleteAccount).not.toHaveBeenCalled();
    await userEvent.click(withPasskey);
    expect(await within(danger).findByText(texts.stepUp.wrongPasskey)).toBeInTheDocument();
    expect(deleteAccount).toHaveBeenLastCalledWith({ confirmation: 'delete my account', passkey: assertion });
    await userEvent.click(within(danger).getByRole('button', { name: texts.stepUp.confirmWithPasskey }));
    expect(await screen.findByRole('heading', { level: 1, name: t.goodbye })).toBeInTheDocument();
    expect(deleteAccount).toHaveBeenCalledTimes(2);
  });

  it('offers no passkey for the deletion of an account with a password, nor of one without a passkey', async () => {
    vi.mocked(readAccountProfile).mockResolvedValue({ ...emailAccount, signInMethods: ['password', 'passkey'] });
    await renderAccount('/account/data');
    expect(within(section(t.deleteTitle)).queryByRole('button', { name: texts.stepUp.confirmWithPasskey })).toBeNull();
    cleanup();
    vi.mocked(readAccountProfile).mockResolvedValue(googleAccount);
    await renderAccount('/account/data');
    expect(within(section(t.deleteTitle)).queryByRole('button', { name: texts.stepUp.confirmWithPasskey })).toBeNull();
  });

  it('shows the sentence asking for a recent sign-in, with a way to sign in again that comes back here', async () => {
    vi.mocked(deleteAccount).mockRejectedValue(refused(403, { message: texts.stepUp.signInAgain }));
    const router = await renderAccount('/account/data');
    const danger = section(t.deleteTitle);
    await userEvent.type(within(danger).getByLabelText(t.deleteConfirmLabel), 'delete my account');
    await userEvent.click(within(danger).getByRole('button', { name: t.deleteSubmit }));
    expect(await within(danger).findByRole('alert')).toHaveTextContent(texts.stepUp.signInAgain);
    expect(within(danger).getByRole('alert')).toHaveFocus();

    await userEvent.click(within(danger).getByRole('button', { name: t.signInAgain }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(signOut).toHaveBeenCalled();
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/account');
  });
});
