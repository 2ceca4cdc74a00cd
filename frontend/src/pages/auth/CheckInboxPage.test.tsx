import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyTexts } from '../../../../shared/texts/verify';
import { isEmailVerified, sendVerificationEmail, signOut } from '../../auth/auth-client';
import { sessionExists } from '../../auth/session';
import { renderAt } from '../../auth/testing';
import { SIGNED_UP_EMAIL_KEY } from '../../auth/verification-gate';
import { rememberReturnTo } from '../../return-to';
import { CheckInboxPage, HydrateFallback, loader, VERIFIED_POLL_MS } from './CheckInboxPage';

vi.mock('../../auth/auth-client', () => ({ isEmailVerified: vi.fn(), sendVerificationEmail: vi.fn(), signOut: vi.fn(async () => undefined) }));
vi.mock('../../auth/session', () => ({ sessionExists: vi.fn(), useSession: () => ({ loading: false, doesSessionExist: true }) }));

const t = verifyTexts.checkInbox;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.mocked(sessionExists).mockResolvedValue(true);
  vi.mocked(isEmailVerified).mockResolvedValue(false);
  sessionStorage.clear();
  sessionStorage.setItem(SIGNED_UP_EMAIL_KEY, 'ada@example.com');
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function renderCheckInbox() {
  const rendered = renderAt('/check-inbox', '/check-inbox', <CheckInboxPage />, { loader, HydrateFallback });
  await act(async () => {});
  return rendered;
}

describe('/check-inbox', () => {
  it('asks as it opens, again every 5 s, and goes on to the remembered page once the address is proven elsewhere', async () => {
    rememberReturnTo('/account');
    await renderCheckInbox();
    expect(screen.getByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.sentTo('ada@example.com'))).toBeInTheDocument();
    expect(isEmailVerified).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_POLL_MS));
    expect(isEmailVerified).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_POLL_MS));
    expect(isEmailVerified).toHaveBeenCalledTimes(3);

    vi.mocked(isEmailVerified).mockResolvedValue(true);
    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_POLL_MS));
    expect(await screen.findByTestId('where')).toHaveTextContent('other /account');
    expect(sessionStorage.getItem(SIGNED_UP_EMAIL_KEY)).toBeNull();
  });

  it('asks again when the tab comes back, and a failed question only waits for the next', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(isEmailVerified).mockRejectedValueOnce(new Error('offline'));
    await renderCheckInbox();
    expect(screen.getByRole('heading', { name: t.title })).toBeInTheDocument();

    vi.mocked(isEmailVerified).mockResolvedValue(true);
    await act(async () => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByTestId('where')).toHaveTextContent('dashboard /dashboard');
    expect(isEmailVerified).toHaveBeenCalledTimes(2);
  });

  it('shows the page, its buttons ready, while the first question is out (as prerendered), not a wait', async () => {
    vi.mocked(isEmailVerified).mockReturnValueOnce(new Promise(() => {}));
    await renderCheckInbox();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.sentTo('ada@example.com'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.resend })).toBeEnabled();
    expect(screen.getByRole('button', { name: t.changeAddress })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends the signed-out to /signin without asking', async () => {
    vi.mocked(sessionExists).mockResolvedValue(false);
    await renderCheckInbox();
    expect(await screen.findByTestId('where')).toHaveTextContent('signin /signin');
    expect(isEmailVerified).not.toHaveBeenCalled();
  });

  it('stops asking once the visitor signs out to use another address', async () => {
    await renderCheckInbox();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: t.changeAddress }));
    expect(await screen.findByTestId('where')).toHaveTextContent('other /signup');
    expect(signOut).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_POLL_MS * 2));
    expect(isEmailVerified).toHaveBeenCalledTimes(1);
  });

  it('goes on when sending the link again finds the address proven already', async () => {
    vi.mocked(sendVerificationEmail).mockResolvedValue({ status: 'EMAIL_ALREADY_VERIFIED_ERROR' });
    await renderCheckInbox();
    vi.mocked(isEmailVerified).mockResolvedValue(true);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: t.resend }));
    expect(await screen.findByTestId('where')).toHaveTextContent('dashboard /dashboard');
  });
});
