import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountPasskey, ErrorBody } from '../../../../shared/api-types';
import { formatMoment } from '../../../../shared/format';
import { passkeyTexts as t } from '../../../../shared/texts/passkeys';
import { listPasskeys, removePasskey } from '../../api/account';
import { addPasskey } from '../../auth/passkeys';
import { ProofRefused } from '../../auth/step-up';
import { stepUpTexts } from '../../../../shared/texts/step-up';
import { defer } from '../../hooks/use-settled';
import { accountAction } from './account-actions';
import { readPasskeys } from './account-data';
import { PasskeysSection } from './PasskeysSection';

vi.mock('../../api/account', async (original) => ({
  ...(await original<typeof import('../../api/account')>()),
  listPasskeys: vi.fn(),
  removePasskey: vi.fn(),
}));
vi.mock('../../auth/passkeys', () => ({ addPasskey: vi.fn() }));

const config = { headers: new AxiosHeaders() };
const refused = (status: number, data: ErrorBody) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, { status, statusText: '', data, headers: {}, config } as AxiosResponse);

const phone: AccountPasskey = { id: 'cred-1', name: 'My phone', addedAt: '2026-11-20T09:00:00.000Z', lastUsedAt: '2026-11-26T18:30:00.000Z' };
const laptop: AccountPasskey = { id: 'cred-2', name: 'Work laptop', addedAt: '2026-11-27T09:00:00.000Z', lastUsedAt: null };

/** The section on /account, its form sent through the page's action. */
function renderSection(hasPassword = true) {
  const router = createMemoryRouter([{ path: '/account', element: <PasskeysSection email="ada@example.com" passkeys={defer(readPasskeys())} hasPassword={hasPassword} />, action: accountAction }], {
    initialEntries: ['/account'],
  });
  render(<RouterProvider router={router} />);
}

const section = () => screen.getByRole('region', { name: t.heading });

beforeEach(() => {
  vi.mocked(listPasskeys).mockResolvedValue([phone]);
});
afterEach(() => vi.clearAllMocks());

describe('Passkeys on /account', () => {
  it('lists each passkey with its name, when added and last used, and a labelled Remove', async () => {
    vi.mocked(listPasskeys).mockResolvedValue([phone, laptop]);
    renderSection();
    const items = within(await screen.findByRole('list', { name: t.heading })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining(`${t.addedAt} ${formatMoment(phone.addedAt)}`),
      expect.stringContaining(t.neverUsed),
    ]);
    expect(items[0]!.textContent).toContain(`${t.lastUsed} ${formatMoment(phone.lastUsedAt!)}`);
    expect(within(items[1]!).getByRole('button', { name: t.removeLabel('Work laptop') })).toBeTruthy();
  });

  it('asks for the current password in place, then adds the passkey under it (trimmed) for the account’s address, lists it and says so', async () => {
    const user = userEvent.setup();
    vi.mocked(addPasskey).mockResolvedValue({ status: 'OK' });
    renderSection();
    await within(section()).findByText('My phone');

    vi.mocked(listPasskeys).mockResolvedValue([phone, laptop]);
    await user.type(screen.getByLabelText(t.nameLabel), '  Work laptop {Enter}');
    expect(await screen.findByText(stepUpTexts.passwordRequired)).toBeTruthy();
    expect(addPasskey).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'engine42{Enter}');
    expect(await within(screen.getByRole('status')).findByText(t.added('Work laptop'))).toBeTruthy();
    expect(addPasskey).toHaveBeenCalledWith('Work laptop', 'ada@example.com', { password: 'engine42', code: '' });
    expect(within(section()).getByText('Work laptop')).toBeTruthy();
    expect((screen.getByLabelText(t.nameLabel) as HTMLInputElement).value).toBe('');
  });

  it('adds a passkey without a name: the name is optional, and the one the API gave it is said and listed', async () => {
    const user = userEvent.setup();
    vi.mocked(addPasskey).mockResolvedValue({ status: 'OK' });
    renderSection();
    await within(section()).findByText('My phone');
    expect(screen.getByLabelText(t.nameLabel)).not.toBeRequired();
    const named: AccountPasskey = { id: 'cred-3', name: 'Chrome on Linux', addedAt: '2026-11-28T09:00:00.000Z', lastUsedAt: null };
    vi.mocked(listPasskeys).mockResolvedValue([phone, named]);
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'engine42{Enter}');
    expect(await within(screen.getByRole('status')).findByText(t.added('Chrome on Linux'))).toBeTruthy();
    expect(addPasskey).toHaveBeenCalledWith('', 'ada@example.com', { password: 'engine42', code: '' });
    expect(screen.queryByText(t.nameRequired)).toBeNull();
  });

  it.each([
    ['CANCELLED', t.cancelled],
    ['UNSUPPORTED', t.unsupported],
    ['ALREADY_ON_DEVICE', t.alreadyOnDevice],
    ['FAILED', t.failed],
  ] as const)('says why nothing was added when the browser answers %s', async (status, message) => {
    const user = userEvent.setup();
    vi.mocked(addPasskey).mockResolvedValue({ status });
    renderSection();
    await user.type(screen.getByLabelText(t.nameLabel), 'Key');
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'engine42{Enter}');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(listPasskeys).toHaveBeenCalledTimes(1);
  });

  it('shows a refused password beside its field, and adds nothing', async () => {
    const user = userEvent.setup();
    vi.mocked(addPasskey).mockRejectedValueOnce(new ProofRefused(stepUpTexts.wrongPassword, 'password'));
    renderSection();
    await user.type(screen.getByLabelText(t.nameLabel), 'Key');
    await user.type(screen.getByLabelText(stepUpTexts.passwordLabel), 'not-it-9{Enter}');
    expect(await screen.findByText(stepUpTexts.wrongPassword)).toBeTruthy();
    expect(screen.getByLabelText(stepUpTexts.passwordLabel).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks an account without a password for its app’s code when the API wants it, and sends it', async () => {
    const user = userEvent.setup();
    vi.mocked(addPasskey).mockRejectedValueOnce(new ProofRefused(stepUpTexts.codeRequired, 'code')).mockResolvedValueOnce({ status: 'OK' });
    renderSection(false);
    expect(screen.queryByLabelText(stepUpTexts.passwordLabel)).toBeNull();
    await user.type(screen.getByLabelText(t.nameLabel), 'Key{Enter}');
    expect(await screen.findByText(stepUpTexts.codeRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(stepUpTexts.codeLabel), '123456{Enter}');
    expect(await within(screen.getByRole('status')).findByText(t.added('Key'))).toBeTruthy();
    expect(addPasskey).toHaveBeenLastCalledWith('Key', 'ada@example.com', { password: '', code: '123456' });
  });

  it('removes one, says so and moves focus to the heading; a passkey already gone leaves the list with the reason', async () => {
    const user = userEvent.setup();
    vi.mocked(listPasskeys).mockResolvedValue([phone, laptop]);
    vi.mocked(removePasskey).mockResolvedValueOnce({ message: t.removed('My phone') });
    renderSection();
    await user.click(await screen.findByRole('button', { name: t.removeLabel('My phone') }));
    expect(await within(screen.getByRole('status')).findByText(t.removed('My phone'))).toBeTruthy();
    expect(removePasskey).toHaveBeenCalledWith('cred-1');
    expect(screen.queryByText('My phone')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: t.heading }));

    vi.mocked(removePasskey).mockRejectedValueOnce(refused(404, { message: t.api.notFound }));
    await user.click(screen.getByRole('button', { name: t.removeLabel('Work laptop') }));
    expect(await screen.findByText(t.api.notFound)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('list', { name: t.heading })).toBeNull());
    expect(screen.getByText(t.none)).toBeTruthy();
  });
});
