import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '../../../../shared/api-types';
import { twoStepTexts } from '../../../../shared/texts/two-step';
import { makeRecoveryCodes, readTwoStep, turnOffTwoStep } from '../../api/account';
import { confirmAppSetup, startAppSetup } from '../../auth/second-step';
import { passkeyProof } from '../../auth/passkeys';
import { ProofRefused } from '../../auth/step-up';
import { stepUpTexts } from '../../../../shared/texts/step-up';
import { TwoStepSection } from './TwoStepSection';

vi.mock('../../api/account', async (original) => ({
  ...(await original<typeof import('../../api/account')>()),
  readTwoStep: vi.fn(),
  makeRecoveryCodes: vi.fn(),
  turnOffTwoStep: vi.fn(),
}));
vi.mock('../../auth/second-step', () => ({ startAppSetup: vi.fn(), confirmAppSetup: vi.fn() }));
vi.mock('../../auth/passkeys', () => ({ passkeyProof: vi.fn() }));

const t = twoStepTexts.section;
const config = { headers: new AxiosHeaders() };
const refused = (status: number, data: ErrorBody) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, { status, statusText: '', data, headers: {}, config } as AxiosResponse);
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

beforeEach(() => {
  vi.mocked(readTwoStep).mockResolvedValue({ enabled: false, recoveryCodesLeft: 0 });
  vi.mocked(startAppSetup).mockResolvedValue({ name: 'Authenticator app', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/Voxpen:ada@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Voxpen&digits=6&period=30' });
});
afterEach(() => vi.clearAllMocks());

describe('Two-step verification on /account', () => {
  it('sets up: the QR code drawn here and the key as text, a wrong code refused in the same words as any, then the ten codes shown once', async () => {
    vi.mocked(confirmAppSetup).mockResolvedValueOnce({ status: 'WRONG' }).mockResolvedValueOnce({ status: 'OK', recoveryCodes: CODES });
    const user = userEvent.setup();
    vi.mocked(startAppSetup).mockRejectedValueOnce(new ProofRefused(stepUpTexts.wrongPassword, 'password'));
    render(<TwoStepSection hasPassword />);
    expect(screen.getByRole('region', { name: t.title })).toBeTruthy();
    // The current password first, in place: a wrong one beside its field, and nothing starts.
    await user.type(await screen.findByLabelText(stepUpTexts.passwordLabel), 'not-it-9');
    await user.click(screen.getByRole('button', { name: t.setUp }));
    expect((await screen.findByRole('alert')).textContent).toBe(stepUpTexts.wrongPassword);
    expect(screen.getByLabelText(stepUpTexts.passwordLabel).getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText(stepUpTexts.passwordLabel));
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'engine42');
    await user.click(screen.getByRole('button', { name: t.setUp }));
    expect(startAppSetup).toHaveBeenLastCalledWith({ password: 'engine42' });

    const qr = await screen.findByRole('img', { name: t.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();

    await user.type(screen.getByLabelText(t.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect((await screen.findByRole('alert')).textContent).toBe(twoStepTexts.wrongCode);
    expect(confirmAppSetup).toHaveBeenLastCalledWith('123456', 'Authenticator app', false);

    await user.click(screen.getByRole('button', { name: t.confirm }));
    const list = await screen.findByRole('list', { name: t.codesTitle });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByRole('button', { name: t.download })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.codesDone }));
    // Once: the codes are gone from the page, the state and what is left say it is on.
    expect(screen.queryByRole('list', { name: t.codesTitle })).toBeNull();
    expect(screen.getByText(t.codesLeft(10))).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(t.turnedOn);
  });

  it('turns off with the password: a wrong one beside its field, then off and said so', async () => {
    vi.mocked(readTwoStep).mockResolvedValue({ enabled: true, recoveryCodesLeft: 7 });
    vi.mocked(turnOffTwoStep).mockRejectedValueOnce(refused(400, { message: 'Your current password is not correct.', fields: { password: 'Your current password is not correct.' } })).mockResolvedValueOnce({ message: t.turnedOff });
    const user = userEvent.setup();
    render(<TwoStepSection hasPassword />);
    expect(await screen.findByText(t.codesLeft(7))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.turnOff }));
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'not-it-9');
    await user.click(screen.getByRole('button', { name: t.turnOffConfirm }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is not correct.');
    expect(screen.getByLabelText(stepUpTexts.passwordLabel).getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText(stepUpTexts.passwordLabel));
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'engine42');
    await user.click(screen.getByRole('button', { name: t.turnOffConfirm }));
    expect(await screen.findByRole('button', { name: t.setUp })).toBeTruthy();
    expect(turnOffTwoStep).toHaveBeenLastCalledWith({ password: 'engine42' });
    expect(screen.getByRole('status').textContent).toContain(t.turnedOff);
  });

  it('new recovery codes ask for the password in place, and are shown once', async () => {
    vi.mocked(readTwoStep).mockResolvedValue({ enabled: true, recoveryCodesLeft: 3 });
    vi.mocked(makeRecoveryCodes).mockResolvedValueOnce(CODES);
    const user = userEvent.setup();
    render(<TwoStepSection hasPassword />);
    await user.click(await screen.findByRole('button', { name: t.regenerate }));
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'engine42');
    await user.click(screen.getByRole('button', { name: t.regenerateConfirm }));
    const list = await screen.findByRole('list', { name: t.codesTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(makeRecoveryCodes).toHaveBeenLastCalledWith({ password: 'engine42' });
  });

  it('a Google account proves itself with a code from its app instead of a password', async () => {
    vi.mocked(readTwoStep).mockResolvedValue({ enabled: true, recoveryCodesLeft: 10 });
    vi.mocked(turnOffTwoStep).mockRejectedValueOnce(refused(400, { message: stepUpTexts.wrongCode, fields: { code: stepUpTexts.wrongCode } })).mockResolvedValueOnce({ message: t.turnedOff });
    const user = userEvent.setup();
    render(<TwoStepSection hasPassword={false} />);
    await user.click(await screen.findByRole('button', { name: t.turnOff }));
    expect(screen.queryByLabelText(stepUpTexts.passwordLabel)).toBeNull();
    await user.type(screen.getByLabelText(stepUpTexts.codeLabel), '000000');
    await user.click(screen.getByRole('button', { name: t.turnOffConfirm }));
    expect((await screen.findByRole('alert')).textContent).toBe(stepUpTexts.wrongCode);
    await user.clear(screen.getByLabelText(stepUpTexts.codeLabel));
    await user.type(screen.getByLabelText(stepUpTexts.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: t.turnOffConfirm }));
    expect(await screen.findByRole('button', { name: t.setUp })).toBeTruthy();
    expect(turnOffTwoStep).toHaveBeenLastCalledWith({ code: '123456' });
  });

  it('an account without a password that has a passkey confirms with it: the browser’s dialog, its assertion sent as the proof', async () => {
    vi.mocked(readTwoStep).mockResolvedValue({ enabled: true, recoveryCodesLeft: 2 });
    const assertion = { passkey: { webauthnGeneratedOptionsId: 'options-1', credential: { id: 'cred-1', type: 'public-key' as const, response: {} } } };
    vi.mocked(passkeyProof).mockResolvedValueOnce({ status: 'CANCELLED' }).mockResolvedValue({ status: 'OK', proof: assertion });
    vi.mocked(makeRecoveryCodes).mockRejectedValueOnce(refused(400, { message: stepUpTexts.wrongPasskey, fields: { passkey: stepUpTexts.wrongPasskey } })).mockResolvedValueOnce(CODES);
    const user = userEvent.setup();
    render(<TwoStepSection hasPassword={false} hasPasskey />);
    await user.click(await screen.findByRole('button', { name: t.regenerate }));
    // The app's code is still there to type; the passkey is the other way.
    expect(screen.getByLabelText(stepUpTexts.codeLabel)).toBeTruthy();
    // The dialog cancelled: the page says so, and nothing is sent.
    await user.click(screen.getByRole('button', { name: stepUpTexts.confirmWithPasskey }));
    expect((await screen.findByRole('alert')).textContent).toBe(stepUpTexts.passkeyCancelled);
    expect(makeRecoveryCodes).not.toHaveBeenCalled();
    // A passkey the server refuses (another account's): its sentence.
    await user.click(screen.getByRole('button', { name: stepUpTexts.confirmWithPasskey }));
    expect((await screen.findByRole('alert')).textContent).toBe(stepUpTexts.wrongPasskey);
    await user.click(screen.getByRole('button', { name: stepUpTexts.confirmWithPasskey }));
    const list = await screen.findByRole('list', { name: t.codesTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(makeRecoveryCodes).toHaveBeenLastCalledWith(assertion);
  });

  it('offers no passkey where the password is the proof, nor to an account without a passkey', async () => {
    vi.mocked(readTwoStep).mockResolvedValue({ enabled: true, recoveryCodesLeft: 2 });
    const user = userEvent.setup();
    const { unmount } = render(<TwoStepSection hasPassword hasPasskey />);
    await user.click(await screen.findByRole('button', { name: t.regenerate }));
    expect(screen.getByLabelText(stepUpTexts.passwordLabel)).toBeTruthy();
    expect(screen.queryByRole('button', { name: stepUpTexts.confirmWithPasskey })).toBeNull();
    unmount();
    render(<TwoStepSection hasPassword={false} />);
    await user.click(await screen.findByRole('button', { name: t.regenerate }));
    expect(screen.getByLabelText(stepUpTexts.codeLabel)).toBeTruthy();
    expect(screen.queryByRole('button', { name: stepUpTexts.confirmWithPasskey })).toBeNull();
  });

  it('adds another app with the password; the recovery codes stay unless the owner ticks the box, and the page says which', async () => {
    vi.mocked(readTwoStep).mockResolvedValue({ enabled: true, recoveryCodesLeft: 8 });
    vi.mocked(startAppSetup).mockResolvedValue({ name: 'Authenticator app 2', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', uri: 'otpauth://totp/Voxpen:ada@example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP' });
    vi.mocked(confirmAppSetup).mockResolvedValueOnce({ status: 'OK' }).mockResolvedValueOnce({ status: 'OK', recoveryCodes: CODES });
    const user = userEvent.setup();
    render(<TwoStepSection hasPassword />);
    await user.click(await screen.findByRole('button', { name: t.addAnother }));
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'engine42');
    await user.click(screen.getByRole('button', { name: t.addAnother }));
    expect(startAppSetup).toHaveBeenLastCalledWith({ password: 'engine42' });
    expect(((await screen.findByLabelText(t.replaceCodes)) as HTMLInputElement).checked).toBe(false);
    await user.type(await screen.findByLabelText(t.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(confirmAppSetup).toHaveBeenLastCalledWith('123456', 'Authenticator app 2', false);
    expect((await screen.findByRole('status')).textContent).toContain(t.anotherAdded);
    expect(screen.getByText(t.codesLeft(8))).toBeTruthy();

    // Again, this time asking for new codes: they are shown once, and the page says the old ones stopped working.
    await user.click(screen.getByRole('button', { name: t.addAnother }));
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'engine42');
    await user.click(screen.getByRole('button', { name: t.addAnother }));
    await user.click(await screen.findByLabelText(t.replaceCodes));
    await user.type(screen.getByLabelText(t.codeLabel), '654321');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(confirmAppSetup).toHaveBeenLastCalledWith('654321', 'Authenticator app 2', true);
    await screen.findByRole('list', { name: t.codesTitle });
    await user.click(screen.getByRole('button', { name: t.codesDone }));
    expect(screen.getByRole('status').textContent).toContain(t.anotherAddedNewCodes);
  });
});
