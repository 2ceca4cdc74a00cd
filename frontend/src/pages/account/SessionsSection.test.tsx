import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorBody, SignedInSession } from '../../../../shared/api-types';
import { formatMoment } from '../../../../shared/format';
import { texts } from '../../../../shared/texts';
import { endSession, listSessions } from '../../api/account';
import { accountTexts } from './account-texts';
import { defer } from '../../hooks/use-settled';
import { readSessions } from './account-data';
import { SessionsSection } from './SessionsSection';

vi.mock('../../api/account', async (original) => ({
  ...(await original<typeof import('../../api/account')>()),
  listSessions: vi.fn(),
  endSession: vi.fn(),
}));

const t = accountTexts;
const config = { headers: new AxiosHeaders() };
const refused = (status: number, data: ErrorBody) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, { status, statusText: '', data, headers: {}, config } as AxiosResponse);

const browser: SignedInSession = { id: 'b-1', kind: 'browser', name: 'Chrome on Windows', signedInAt: '2026-11-20T09:00:00.000Z', lastActiveAt: '2026-11-27T07:00:00.000Z', current: true };
const desktop: SignedInSession = { id: 'd-1', kind: 'desktop', name: 'Voxpen for Windows', signedInAt: '2026-11-21T10:00:00.000Z', lastActiveAt: '2026-11-26T18:30:00.000Z', current: false };
const phone: SignedInSession = { id: 'p-1', kind: 'browser', name: 'Safari on iOS', signedInAt: '2026-10-01T08:00:00.000Z', lastActiveAt: '2026-10-02T08:00:00.000Z', current: false };

const list = () => screen.findByRole('list', { name: t.whereTitle });
const item = (items: HTMLElement[], name: string) => items.find((li) => within(li).queryByText(name))!;

beforeEach(() => {
  vi.mocked(listSessions).mockResolvedValue([browser, desktop, phone]);
});
afterEach(() => vi.clearAllMocks());

describe('Where you are signed in', () => {
  it('lists each session, labelled, with its kind and times; this browser marked and not offered for sign-out', async () => {
    render(<SessionsSection sessions={defer(readSessions())} />);
    expect(screen.getByRole('region', { name: t.whereTitle })).toBeTruthy();
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const mine = item(items, 'Chrome on Windows');
    expect(within(mine).getByText(t.thisDevice)).toBeTruthy();
    expect(within(mine).getByText(t.kind.browser)).toBeTruthy();
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(mine.textContent).toContain(`${t.signedInAt} ${formatMoment(browser.signedInAt)}`);

    const app = item(items, 'Voxpen for Windows');
    expect(within(app).getByText(t.kind.desktop)).toBeTruthy();
    expect(app.textContent).toContain(`${t.lastActive} ${formatMoment(desktop.lastActiveAt)}`);
    // Each button says which session it signs out.
    expect(within(app).getByRole('button', { name: t.signOutOneLabel('Voxpen for Windows', formatMoment(desktop.lastActiveAt)) })).toBeTruthy();
  });

  it('tells two of the same browser apart: how each signed in and roughly where (the current one marked)', async () => {
    const here: SignedInSession = { ...browser, method: 'passkey', place: { country: 'DE', region: 'BE' } };
    const there: SignedInSession = { ...browser, id: 'b-2', current: false, method: 'google', place: { country: 'US', region: 'CA' } };
    const local: SignedInSession = { ...browser, id: 'b-3', current: false, method: 'password', place: 'local' };
    vi.mocked(listSessions).mockResolvedValue([here, there, local]);
    render(<SessionsSection sessions={defer(readSessions())} />);
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.removable-item-where')?.textContent)).toEqual(['Passkey · Near BE, Germany', 'Google · Near CA, United States', 'Email and password · This network']);
    expect(within(items[0]!).getByText(t.thisDevice)).toBeTruthy();
    expect(items.filter((li) => within(li).queryByText(t.thisDevice))).toHaveLength(1);
  });

  it('signs one session out from the keyboard: it leaves the list, the outcome is announced, focus goes to the heading', async () => {
    vi.mocked(endSession).mockResolvedValue({ message: texts.account.sessionEnded('Voxpen for Windows') });
    const user = userEvent.setup();
    render(<SessionsSection sessions={defer(readSessions())} />);
    await list();
    // Tab reaches the first Sign out (the desktop app's: this browser has none), Enter presses it.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Sign out Voxpen for Windows/ }));
    await user.keyboard('{Enter}');

    expect(endSession).toHaveBeenCalledWith('d-1');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(texts.account.sessionEnded('Voxpen for Windows')));
    expect(within(await list()).getAllByRole('listitem').map((li) => li.querySelector('strong')!.textContent)).toEqual(['Chrome on Windows', 'Safari on iOS']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: t.whereTitle }));
  });

  it('says why when a session could not be signed out, and drops one that had already ended', async () => {
    vi.mocked(endSession).mockRejectedValue(refused(404, { message: texts.account.sessionNotFound }));
    const user = userEvent.setup();
    render(<SessionsSection sessions={defer(readSessions())} />);
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(texts.account.sessionNotFound);
    expect(document.activeElement).toBe(alert);
    expect(within(await list()).queryByText('Safari on iOS')).toBeNull();
  });

  it('says so when the list cannot be read', async () => {
    vi.mocked(listSessions).mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<SessionsSection sessions={defer(readSessions())} />);
    expect((await screen.findByRole('alert')).textContent).toBe(t.whereFailed);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("says the service is away when the list gets no answer, and Retry reads it again", async () => {
    vi.mocked(listSessions).mockRejectedValueOnce(new AxiosError('timeout of 8000ms exceeded', 'ECONNABORTED', config)).mockResolvedValueOnce([browser, desktop]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<SessionsSection sessions={defer(readSessions())} />);
    expect((await screen.findByRole('alert')).textContent).toBe("We can't reach Voxpen right now. Check your connection, then try again.");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(within(await list()).getByText('Voxpen for Windows')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
