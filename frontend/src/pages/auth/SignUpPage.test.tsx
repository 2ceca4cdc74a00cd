import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { texts } from '../../../../shared/texts';
import { signUpWithPassword } from '../../auth/auth-client';
import { DESKTOP_ORIGIN_KEY, DESKTOP_PARAMS_KEY } from '../../auth/desktop-handoff';
import { sessionExists } from '../../auth/session';
import { SIGNED_UP_EMAIL_KEY } from '../../auth/verification-gate';
import { renderAt } from '../../auth/testing';
import { action, loader, shouldRevalidate, SignUpPage } from './SignUpPage';
import { rememberPlanChoice } from '../../return-to';

vi.mock('../../auth/auth-client', () => ({ signUpWithPassword: vi.fn(), googleSignInUrl: vi.fn() }));
vi.mock('../../auth/session', () => ({ sessionExists: vi.fn() }));

const t = texts.auth.signUp;

beforeEach(() => {
  vi.mocked(sessionExists).mockResolvedValue(false);
  sessionStorage.clear();
});
afterEach(() => vi.clearAllMocks());

/** /signup, once its loader has answered. */
async function renderSignUp() {
  const rendered = renderAt('/signup', '/signup', <SignUpPage />, { loader, action, shouldRevalidate });
  await act(async () => {});
  return rendered;
}

/** Fills the form and presses Create Account; resolves once the router has settled the submission. */
async function fill(values: { name?: string; email?: string; password?: string; confirm?: string; terms?: boolean } = {}) {
  const { name = 'Ada Lovelace', email = 'ada@example.com', password = 'engine42', confirm = password, terms = true } = values;
  const u = userEvent.setup();
  if (name) await u.type(screen.getByLabelText('Full name'), name);
  if (email) await u.type(screen.getByLabelText('Email'), email);
  if (password) await u.type(screen.getByLabelText('Password'), password);
  if (confirm) await u.type(screen.getByLabelText('Confirm password'), confirm);
  if (terms) await u.click(screen.getByRole('checkbox'));
  await u.click(screen.getByRole('button', { name: 'Create Account' }));
  await act(async () => {});
}

describe('/signup', () => {
  it('shows the fields, the password hint, the terms links and the marketing figures', async () => {
    await renderSignUp();
    expect(screen.getByText(t.passwordHint)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Sign up' });
    expect(within(form).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    const stats = within(screen.getByRole('list', { name: /in numbers/ }));
    for (const line of ['500+ words per minute', '99.9% accuracy', '75% time saved']) expect(stats.getByText((_, el) => el?.textContent === line)).toBeInTheDocument();
  });

  it("alerts 'Passwords do not match' and sends nothing", async () => {
    await renderSignUp();
    await fill({ confirm: 'engine43' });
    expect(screen.getByRole('alert')).toHaveTextContent(t.passwordsDoNotMatch);
    expect(signUpWithPassword).not.toHaveBeenCalled();
  });

  it('checks the password rules and the terms before sending', async () => {
    await renderSignUp();
    await fill({ password: 'short1', terms: false });
    expect(screen.getByText(texts.auth.fields.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(t.termsRequired)).toBeInTheDocument();
    // The box is marked, and its message is not copied onto it as a made-up `error` attribute.
    expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).not.toHaveAttribute('error');
    expect(signUpWithPassword).not.toHaveBeenCalled();
  });

  it('signs up with the name, and goes to "Check your inbox" with the typed address kept for it to show', async () => {
    vi.mocked(signUpWithPassword).mockResolvedValue({ status: 'OK', userId: 'u-9' });
    await renderSignUp();
    await fill({ email: '  ada@example.com ' });
    expect(signUpWithPassword).toHaveBeenCalledWith('ada@example.com', 'engine42', 'Ada Lovelace');
    expect(await screen.findByTestId('where')).toHaveTextContent('other /check-inbox');
    expect(sessionStorage.getItem(SIGNED_UP_EMAIL_KEY)).toBe('ada@example.com');
  });

  it('keeps a pending desktop sign-in for after the address is proven: "Check your inbox" first, not /launch', async () => {
    sessionStorage.setItem(DESKTOP_ORIGIN_KEY, 'desktop');
    sessionStorage.setItem(DESKTOP_PARAMS_KEY, 'redirect_url=http%3A%2F%2F127.0.0.1%3A53124%2Fcb');
    vi.mocked(signUpWithPassword).mockResolvedValue({ status: 'OK', userId: 'u-9' });
    await renderSignUp();
    await fill();
    expect(await screen.findByTestId('where')).toHaveTextContent('other /check-inbox');
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBe('redirect_url=http%3A%2F%2F127.0.0.1%3A53124%2Fcb');
  });

  it("shows the server's field error (an email already taken) beside the field, and only that", async () => {
    vi.mocked(signUpWithPassword).mockResolvedValue({ status: 'FIELD_ERROR', formFields: [{ id: 'email', error: texts.auth.fields.emailExists }] });
    await renderSignUp();
    await fill();
    await vi.waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(texts.auth.fields.emailExists));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(t.failed)).toBeNull();
  });

  it("alerts 'Sign up failed. Please try again.' for a refusal that is no field's (spec §8)", async () => {
    vi.mocked(signUpWithPassword).mockResolvedValue({ status: 'SIGN_UP_NOT_ALLOWED' });
    await renderSignUp();
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(t.failed);
  });

  it('names each empty field in its own plain sentence, once each, before sending anything', async () => {
    await renderSignUp();
    await fill({ name: '', email: '', password: '', confirm: '', terms: false });
    const { fields } = texts.auth;
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(fields.nameRequired);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(fields.emailRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(`${t.passwordHint} ${fields.newPasswordRequired}`);
    for (const sentence of [fields.nameRequired, fields.emailRequired, fields.newPasswordRequired]) expect(screen.getAllByText(sentence)).toHaveLength(1);
    expect(screen.queryByText(/not optional/)).toBeNull();
    expect(signUpWithPassword).not.toHaveBeenCalled();
  });

  it('says a password of 100 characters is too long in plain words, as the server would', async () => {
    await renderSignUp();
    await fill({ password: `a1${'x'.repeat(98)}` });
    expect(screen.getByText(texts.auth.fields.passwordTooLong)).toBeInTheDocument();
    expect(screen.queryByText(/lesser than/)).toBeNull();
    expect(signUpWithPassword).not.toHaveBeenCalled();
  });

  it("says 'An error occurred during sign up.' when the call throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(signUpWithPassword).mockRejectedValue(new Error('network down'));
    await renderSignUp();
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(t.error);
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    vi.mocked(sessionExists).mockResolvedValue(true);
    await renderSignUp();
    expect(await screen.findByTestId('where')).toHaveTextContent('dashboard /dashboard');
  });
});

describe('/signup says what it leads to', () => {
  it('to a visitor on the way to Pro: the trial, and not the Free plan\'s promise under "continue to Pro"', async () => {
    rememberPlanChoice({ plan: 'pro', interval: 'annually' });
    await renderSignUp();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create your account to continue to Pro (annual)');
    expect(screen.getByText(texts.auth.intent.signUpLeadPro(14))).toBeInTheDocument();
    expect(screen.queryByText(/Create your free/)).toBeNull();
  });

  it('to everyone else: the Free plan; and Google sign-up names the Terms and the Privacy Policy, as the form does', async () => {
    await renderSignUp();
    expect(screen.getByText(texts.auth.intent.signUpLeadFree)).toBeInTheDocument();
    const terms = screen.getByText(texts.auth.intent.googleTerms, { exact: false });
    expect(within(terms).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(terms).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});
