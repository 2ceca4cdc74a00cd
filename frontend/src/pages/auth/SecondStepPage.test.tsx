import { recordSignIn } from '../../api/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { twoStepTexts } from '../../../../shared/texts/two-step';
import { secondStepFactors, verifyAppCode, verifyRecoveryCode } from '../../auth/second-step';
import { captureDesktopSignIn } from '../../auth/desktop-handoff';
import { signInWithPasskey } from '../../auth/passkeys';
import { useSession } from '../../auth/session';
import { renderAt } from '../../auth/testing';
import { readSessionHint, secondStepPendingByHint } from '../../session-hint';
import { factorChoices, openingFactor, SecondStepPage } from './SecondStepPage';

vi.mock('../../auth/second-step', async (original) => ({ ...(await original<typeof import('../../auth/second-step')>()), secondStepFactors: vi.fn(), verifyAppCode: vi.fn(), verifyRecoveryCode: vi.fn() }));
vi.mock('../../session-hint', async (original) => ({ ...(await original<typeof import('../../session-hint')>()), secondStepPendingByHint: vi.fn(() => true), readSessionHint: vi.fn(() => undefined) }));
vi.mock('../../auth/session', () => ({ useSession: vi.fn() }));
vi.mock('../../auth/auth-client', () => ({ signOut: vi.fn(async () => undefined) }));
vi.mock('../../auth/passkeys', () => ({ signInWithPasskey: vi.fn() }));
vi.mock('../../api/users', () => ({ recordSignIn: vi.fn(async () => undefined) }));

const t = twoStepTexts.mfa;
const DESKTOP = '?origin=desktop&redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.mocked(useSession).mockReturnValue({ loading: false, doesSessionExist: true, userId: 'u-1' });
  vi.mocked(secondStepPendingByHint).mockReturnValue(true);
});
afterEach(() => vi.clearAllMocks());

describe('/auth/mfa', () => {
  it('opens on the app (not the recovery code) with the other way as a link, names the account; the app’s code, wrong then right, goes on to the pending desktop sign-in', async () => {
    captureDesktopSignIn(DESKTOP);
    vi.mocked(readSessionHint).mockReturnValue({ userId: 'u-1', accessTokenExpiresAt: Date.now() + 60_000, email: 'ada@example.com', secondStepDone: false });
    vi.mocked(secondStepFactors).mockResolvedValue({ next: ['recovery-code', 'totp'], alreadySetup: ['totp', 'recovery-code'] });
    vi.mocked(verifyAppCode).mockResolvedValueOnce({ status: 'WRONG' }).mockResolvedValueOnce({ status: 'OK' });
    const user = userEvent.setup();
    renderAt('/auth/mfa', '/auth/mfa', <SecondStepPage />);
    expect(await screen.findByRole('heading', { name: t.factor.totp.label })).toHaveFocus();
    expect(screen.getByText(t.lead('ada@example.com'))).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Use / }).map((b) => b.textContent)).toEqual([t.switchTo['recovery-code']]);
    await user.type(screen.getByRole('textbox', { name: t.codeLabel }), '111111');
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe(twoStepTexts.wrongCode);
    await user.type(screen.getByRole('textbox', { name: t.codeLabel }), '222222');
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^launch \/launch\?/);
    expect(verifyAppCode).toHaveBeenLastCalledWith('222222');
    expect(localStorage.getItem('voxpen-second-factor')).toBe('totp');
    // The sign-in is recorded now that it is whole (the first step could not: the API refused it).
    expect(recordSignIn).toHaveBeenCalledWith('u-1');
  });

  it("shows the app's code form while the factors are read (as prerendered), and sends a code typed meanwhile", async () => {
    vi.mocked(secondStepFactors).mockReturnValue(new Promise(() => {}));
    vi.mocked(verifyAppCode).mockResolvedValue({ status: 'OK' });
    const user = userEvent.setup();
    renderAt('/auth/mfa', '/auth/mfa', <SecondStepPage />);
    expect(screen.getByRole('heading', { name: t.factor.totp.label })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: t.codeLabel }), '123 456');
    await user.click(screen.getByRole('button', { name: t.verify }));
    await waitFor(() => expect(verifyAppCode).toHaveBeenCalledWith('123456'));
    expect(await screen.findByTestId('where')).toHaveTextContent('dashboard /dashboard');
  });

  it('goes straight to the factor the address’s n names, with no other way offered, and keeps redirectToPath as where it goes after', async () => {
    vi.mocked(secondStepFactors).mockResolvedValue({ next: ['totp', 'recovery-code'], alreadySetup: ['totp', 'recovery-code'] });
    vi.mocked(verifyRecoveryCode).mockResolvedValue({ status: 'OK' });
    const user = userEvent.setup();
    renderAt('/auth/mfa?n=recovery-code&redirectToPath=%2Faccount', '/auth/mfa', <SecondStepPage />);
    await user.type(await screen.findByRole('textbox', { name: t.recoveryLabel }), 'abcde-fghjk');
    expect(screen.queryByText(t.otherWays)).toBeNull();
    await user.click(screen.getByRole('button', { name: t.verify }));
    expect(await screen.findByTestId('where')).toHaveTextContent('other /account');
  });

  it('sends a sign-in that owes nothing on, the signed-out to /signin', async () => {
    vi.mocked(secondStepPendingByHint).mockReturnValue(false);
    const first = renderAt('/auth/mfa', '/auth/mfa', <SecondStepPage />);
    expect(await screen.findByTestId('where')).toHaveTextContent('dashboard /dashboard');
    expect(secondStepFactors).not.toHaveBeenCalled();
    first.unmount();
    vi.mocked(useSession).mockReturnValue({ loading: false, doesSessionExist: false });
    renderAt('/auth/mfa', '/auth/mfa', <SecondStepPage />);
    expect(await screen.findByTestId('where')).toHaveTextContent('signin /signin');
  });

  it('opens on the factor this browser used last: a passkey, one click; refused then accepted, it completes this session’s step and goes on', async () => {
    localStorage.setItem('voxpen-second-factor', 'webauthn');
    vi.mocked(secondStepFactors).mockResolvedValue({ next: ['webauthn', 'recovery-code', 'totp'], alreadySetup: ['totp', 'webauthn', 'recovery-code'] });
    vi.mocked(signInWithPasskey).mockResolvedValueOnce({ status: 'FAILED' }).mockResolvedValueOnce({ status: 'OK', userId: 'u-1' });
    const user = userEvent.setup();
    renderAt('/auth/mfa?redirectToPath=%2Faccount', '/auth/mfa', <SecondStepPage />);
    expect(await screen.findByRole('heading', { name: t.factor.webauthn.label })).toHaveFocus();
    // The others in the registry's order, whatever the server's.
    expect(screen.getAllByRole('button', { name: /^Use (a|a code)/ }).map((b) => b.textContent)).toEqual([t.switchTo.totp, t.switchTo['recovery-code']]);
    await user.click(screen.getByRole('button', { name: t.usePasskey }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.passkeyFailed);
    await user.click(screen.getByRole('button', { name: t.usePasskey }));
    expect(await screen.findByTestId('where')).toHaveTextContent('other /account');
    expect(signInWithPasskey).toHaveBeenCalledWith({ secondFactor: true });
    expect(localStorage.getItem('voxpen-second-factor')).toBe('webauthn');
  });

  it('opens the passkey dialog with the click on its link: one click from the app’s code', async () => {
    vi.mocked(secondStepFactors).mockResolvedValue({ next: ['totp', 'webauthn', 'recovery-code'], alreadySetup: ['totp', 'webauthn', 'recovery-code'] });
    vi.mocked(signInWithPasskey).mockResolvedValue({ status: 'OK', userId: 'u-1' });
    const user = userEvent.setup();
    renderAt('/auth/mfa', '/auth/mfa', <SecondStepPage />);
    await screen.findByRole('textbox', { name: t.codeLabel });
    await user.click(screen.getByRole('button', { name: t.switchTo.webauthn }));
    expect(await screen.findByTestId('where')).toHaveTextContent('dashboard /dashboard');
    expect(signInWithPasskey).toHaveBeenCalledTimes(1);
  });

  it('says our service did not answer, not that the passkey failed, when the check itself fails; a limit gives its own sentence', async () => {
    vi.mocked(secondStepFactors).mockResolvedValue({ next: ['webauthn'], alreadySetup: ['webauthn'] });
    const limit = Object.assign(new Error('Too many tries. Please wait 15 minutes.'), { isSuperTokensGeneralError: true });
    vi.mocked(signInWithPasskey).mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(limit);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt('/auth/mfa?n=webauthn', '/auth/mfa', <SecondStepPage />);
    await user.click(await screen.findByRole('button', { name: t.usePasskey }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.passkeyUnavailable);
    await user.click(screen.getByRole('button', { name: t.usePasskey }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(limit.message));
  });

  it('goes straight to the passkey when it is the one factor asked for; a cancelled dialog says so', async () => {
    vi.mocked(secondStepFactors).mockResolvedValue({ next: ['totp', 'webauthn'], alreadySetup: ['totp', 'webauthn'] });
    vi.mocked(signInWithPasskey).mockResolvedValue({ status: 'CANCELLED' });
    const user = userEvent.setup();
    renderAt('/auth/mfa?n=webauthn', '/auth/mfa', <SecondStepPage />);
    await user.click(await screen.findByRole('button', { name: t.usePasskey }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.passkeyCancelled);
    expect(screen.queryByText(t.otherWays)).toBeNull();
  });

  it('lists only factors it has a view for, in its own order, and opens on the last used, else the first that is not a recovery code', () => {
    expect(factorChoices(['otp-email', 'recovery-code', 'webauthn', 'totp'], null)).toEqual(['totp', 'webauthn', 'recovery-code']);
    expect(factorChoices(['otp-email', 'recovery-code', 'totp'], null)).toEqual(['totp', 'recovery-code']);
    expect(factorChoices(['totp', 'recovery-code'], 'totp,unknown')).toEqual(['totp']);
    expect(factorChoices(['totp'], 'recovery-code')).toEqual(['totp']);
    expect(openingFactor(['totp', 'webauthn', 'recovery-code'], null)).toBe('totp');
    expect(openingFactor(['webauthn', 'recovery-code'], 'totp')).toBe('webauthn');
    expect(openingFactor(['totp', 'webauthn', 'recovery-code'], 'recovery-code')).toBe('recovery-code');
    expect(openingFactor(['recovery-code'], null)).toBe('recovery-code');
    expect(openingFactor([], null)).toBeUndefined();
  });
});
