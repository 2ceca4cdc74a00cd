import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailSchema, fieldError, newPasswordSchema } from '../../../../shared/schemas/credentials';
import { texts } from '../../../../shared/texts';
import { checkResetLink } from '../../api/reset-link';
import { requestPasswordReset, submitNewPassword, type NewPasswordResult, type ResetRequestResult } from '../../auth/auth-client';
import { renderAt } from '../../auth/testing';
import { resetTexts as t } from './reset/reset-texts';
import { action, ResetPasswordPage } from './ResetPasswordPage';

vi.mock('../../auth/auth-client', () => ({ requestPasswordReset: vi.fn(), submitNewPassword: vi.fn() }));
vi.mock('../../api/reset-link', () => ({ checkResetLink: vi.fn() }));

const PAGE = '/auth/reset-password';
const LINK = `${PAGE}?token=abc123&tenantId=public`;
const TOO_MANY = texts.auth.tooManyAttempts(42);

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const open = (path: string) => renderAt(path, PAGE, <ResetPasswordPage />, { action });
const h1 = () => screen.getAllByRole('heading', { level: 1 });

async function askForLink(email = 'ada@example.com', button: string = t.request.submit) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(t.email), email);
  await user.click(screen.getByRole('button', { name: button }));
}

async function setPassword(password: string, confirm = password) {
  const user = userEvent.setup();
  // The form comes once the link has been checked.
  await screen.findByLabelText(t.newPassword.password);
  if (password) await user.type(screen.getByLabelText(t.newPassword.password), password);
  if (confirm) await user.type(screen.getByLabelText(t.newPassword.confirm), confirm);
  await user.click(screen.getByRole('button', { name: t.newPassword.submit }));
}

function pending<T>() {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (settle = r));
  return { promise, settle };
}

describe('/auth/reset-password without a token: asking for a link', () => {
  it('has one h1, its own tab title, the email field, and a way back to sign in', () => {
    open(PAGE);
    expect(h1()).toHaveLength(1);
    expect(h1()[0]).toHaveTextContent(t.request.title);
    expect(document.title).toBe(`${t.request.title} | Voxpen`);
    expect(screen.getByLabelText(t.email)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: t.signIn })).toHaveAttribute('href', '/signin');
    expect(screen.queryByLabelText(t.newPassword.password)).not.toBeInTheDocument();
  });

  it('fills in the address a security notice’s link names', () => {
    open(`${PAGE}?email=${encodeURIComponent('ada@example.com')}`);
    expect(screen.getByLabelText(t.email)).toHaveValue('ada@example.com');
  });

  it("shows 'Sending...' with the field disabled, then says where the link went, focused, and can send another", async () => {
    const call = pending<ResetRequestResult>();
    vi.mocked(requestPasswordReset).mockReturnValue(call.promise);
    open(PAGE);
    await askForLink('  ada@example.com ');

    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    const busy = screen.getByRole('button', { name: t.sending });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText(t.email)).toBeDisabled();

    await act(async () => call.settle({ status: 'OK' }));
    const heading = screen.getByRole('heading', { name: t.sent.heading });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(t.sent.line('ada@example.com'));
    expect(screen.queryByLabelText(t.email)).not.toBeInTheDocument();
    expect(h1()).toHaveLength(1);

    await userEvent.setup().click(screen.getByRole('button', { name: t.sent.again }));
    expect(screen.getByLabelText(t.email)).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: t.request.submit })).toBeEnabled();
  });

  it('checks the email before sending anything, and focuses the field', async () => {
    open(PAGE);
    await userEvent.setup().click(screen.getByRole('button', { name: t.request.submit }));
    expect(await screen.findByText(fieldError(emailSchema, '')!)).toBeInTheDocument();
    expect(screen.getByLabelText(t.email)).toHaveFocus();
    expect(requestPasswordReset).not.toHaveBeenCalled();
  });

  it.each<[string, ResetRequestResult | Error, string]>([
    ["the limits' sentence (429 as GENERAL_ERROR)", { status: 'GENERAL_ERROR', message: TOO_MANY }, TOO_MANY],
    ['a refusal for the account', { status: 'PASSWORD_RESET_NOT_ALLOWED' }, t.notAllowed],
    ['a network failure', new Error('offline'), t.failed],
  ])('shows %s as the form alert, focused, and lets the visitor try again', async (_, answer, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    if (answer instanceof Error) vi.mocked(requestPasswordReset).mockRejectedValue(answer);
    else vi.mocked(requestPasswordReset).mockResolvedValue(answer);
    open(PAGE);
    await askForLink();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: t.request.submit })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: t.sent.heading })).not.toBeInTheDocument();
  });

  it("puts the API's field error beside the email field", async () => {
    vi.mocked(requestPasswordReset).mockResolvedValue({ status: 'FIELD_ERROR', formFields: [{ id: 'email', error: 'Email is invalid' }] });
    open(PAGE);
    await askForLink();
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(screen.getByLabelText(t.email)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/auth/reset-password?token=…: the link checked before the form', () => {
  it('asks whether the link works, and says at once when it does not, with no form to type into, offering a new link', async () => {
    const check = pending<boolean | undefined>();
    vi.mocked(checkResetLink).mockReturnValue(check.promise);
    vi.mocked(requestPasswordReset).mockResolvedValue({ status: 'OK' });
    open(LINK);
    expect(checkResetLink).toHaveBeenCalledWith('abc123');
    // While it is asked: what is happening, and no form yet.
    expect(screen.getByRole('status')).toHaveTextContent(t.checking);
    expect(screen.queryByLabelText(t.newPassword.password)).not.toBeInTheDocument();

    await act(async () => check.settle(false));
    expect(screen.getByRole('heading', { level: 1, name: t.expired.title })).toHaveFocus();
    expect(h1()).toHaveLength(1);
    expect(document.title).toBe(`${t.expired.title} | Voxpen`);
    expect(screen.queryByLabelText(t.newPassword.password)).not.toBeInTheDocument();
    await askForLink('ada@example.com', t.expired.submit);
    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(await screen.findByRole('heading', { name: t.sent.heading })).toHaveFocus();
    expect(submitNewPassword).not.toHaveBeenCalled();
  });

  it('shows the form when the check cannot tell (offline, too many checks): the reset itself still finds out', async () => {
    vi.mocked(checkResetLink).mockResolvedValue(undefined);
    open(LINK);
    expect(await screen.findByLabelText(t.newPassword.password)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t.expired.title })).not.toBeInTheDocument();
  });
});

describe('/auth/reset-password?token=…: the new password', () => {
  beforeEach(() => {
    vi.mocked(checkResetLink).mockResolvedValue(true);
  });

  it('has one h1, its own tab title, and the new password typed twice (confirm-password)', async () => {
    open(LINK);
    await screen.findByLabelText(t.newPassword.password);
    expect(h1()).toHaveLength(1);
    expect(h1()[0]).toHaveTextContent(t.newPassword.title);
    expect(document.title).toBe(`${t.newPassword.title} | Voxpen`);
    expect(screen.getByLabelText(t.newPassword.password)).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText(t.newPassword.confirm)).toHaveAttribute('name', 'confirm-password');
    expect(screen.getByLabelText(t.newPassword.password)).toHaveAccessibleDescription(t.newPassword.rules);
    expect(screen.queryByLabelText(t.email)).not.toBeInTheDocument();
  });

  it("shows 'Changing password...', then says every device was signed out, with the way to sign in", async () => {
    const call = pending<NewPasswordResult>();
    vi.mocked(submitNewPassword).mockReturnValue(call.promise);
    open(LINK);
    await setPassword('newengine7');

    expect(submitNewPassword).toHaveBeenCalledWith('newengine7');
    expect(screen.getByRole('button', { name: t.newPassword.submitting })).toBeDisabled();
    expect(screen.getByLabelText(t.newPassword.password)).toBeDisabled();
    expect(screen.getByLabelText(t.newPassword.confirm)).toBeDisabled();

    await act(async () => call.settle({ status: 'OK' }));
    expect(h1()).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: t.done.title })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(texts.auth.passwordResetDone);
    expect(document.title).toBe(`${t.done.title} | Voxpen`);
    await userEvent.setup().click(screen.getByRole('link', { name: t.done.signIn }));
    expect(screen.getByTestId('where')).toHaveTextContent('signin /signin');
  });

  it('refuses two different passwords, and a weak one, beside their fields without calling the API', async () => {
    open(LINK);
    await setPassword('newengine7', 'newengine8');
    await vi.waitFor(() => expect(screen.getByLabelText(t.newPassword.confirm)).toHaveAccessibleDescription(t.newPassword.passwordsDoNotMatch));
    expect(screen.getByLabelText(t.newPassword.confirm)).toHaveFocus();

    await userEvent.setup().clear(screen.getByLabelText(t.newPassword.password));
    await userEvent.setup().clear(screen.getByLabelText(t.newPassword.confirm));
    await setPassword('short', 'short');
    await vi.waitFor(() => expect(screen.getByLabelText(t.newPassword.password)).toHaveAccessibleDescription(`${t.newPassword.rules} ${fieldError(newPasswordSchema, 'short')}`));
    expect(submitNewPassword).not.toHaveBeenCalled();
  });

  it('says a link used meanwhile plainly when the reset is refused, without the password form, and sends a new link from right there', async () => {
    vi.mocked(submitNewPassword).mockResolvedValue({ status: 'RESET_PASSWORD_INVALID_TOKEN_ERROR' });
    vi.mocked(requestPasswordReset).mockResolvedValue({ status: 'OK' });
    open(LINK);
    await setPassword('newengine7');

    const heading = await screen.findByRole('heading', { level: 1, name: t.expired.title });
    expect(heading).toHaveFocus();
    expect(h1()).toHaveLength(1);
    expect(screen.getByText(t.expired.lead)).toBeInTheDocument();
    expect(document.title).toBe(`${t.expired.title} | Voxpen`);
    // No form that still pretends to work.
    expect(screen.queryByLabelText(t.newPassword.password)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.newPassword.submit })).not.toBeInTheDocument();

    await askForLink('ada@example.com', t.expired.submit);
    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(await screen.findByRole('heading', { name: t.sent.heading })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(t.sent.line('ada@example.com'));
  });

  it("shows the server's sentence as the form alert, and the API's field error beside the password", async () => {
    vi.mocked(submitNewPassword).mockResolvedValueOnce({ status: 'GENERAL_ERROR', message: 'The server is busy.' });
    open(LINK);
    await setPassword('newengine7');
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy.');
    expect(screen.getByRole('button', { name: t.newPassword.submit })).toBeEnabled();

    vi.mocked(submitNewPassword).mockResolvedValueOnce({ status: 'FIELD_ERROR', formFields: [{ id: 'password', error: 'Too weak for us' }] });
    await userEvent.setup().click(screen.getByRole('button', { name: t.newPassword.submit }));
    expect(await screen.findByText('Too weak for us')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what happened when the call fails outright', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(submitNewPassword).mockRejectedValue(new Error('offline'));
    open(LINK);
    await setPassword('newengine7');
    expect(within(await screen.findByRole('alert')).getByText(t.failed)).toBeInTheDocument();
  });
});
