import { act, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWithPassword, signOut } from './auth-client';
import { SessionProvider, sessionExists, useSession } from './session';

/** The auth API as the network sees it (the real web SDK above it): each path's answer, and every request made. */
const requests: string[] = [];
const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
/** The front-token header the API sends with a new session: the user and the access token's expiry, for the page to read. */
const frontToken = (uid: string) => btoa(JSON.stringify({ uid, ate: Date.now() + 3_600_000, up: {} }));
const ANSWERS: Record<string, () => Response> = {
  '/api/auth/signin': () => json({ status: 'OK', user: { id: 'u-1' } }, { 'front-token': frontToken('u-1') }),
  '/api/auth/signout': () => json({ status: 'OK' }, { 'front-token': 'remove' }),
  '/api/auth/session/refresh': () => new Response(JSON.stringify({ message: 'unauthorised' }), { status: 401 }),
};

beforeAll(() => {
  // Before the SDK loads: its session layer wraps whatever fetch it finds.
  vi.stubGlobal('fetch', async (url: string | URL | Request) => {
    const path = new URL(url instanceof Request ? url.url : url).pathname;
    requests.push(path);
    return ANSWERS[path]!();
  });
});
beforeEach(() => {
  requests.length = 0;
});

function Shown() {
  const session = useSession();
  return <p data-testid="session">{session.loading ? 'loading' : session.doesSessionExist ? `signed in as ${session.userId}` : 'signed out'}</p>;
}

describe('the session, front-token cookie first', () => {
  it('is signed out at once without the cookie: no SDK call, no refresh attempt (its 401 was in every signed-out console)', async () => {
    render(
      <SessionProvider>
        <Shown />
      </SessionProvider>,
    );
    expect(screen.getByTestId('session')).toHaveTextContent('signed out');
    await expect(sessionExists()).resolves.toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests).toEqual([]);
  });

  it('follows the SDK: a sign-in on the page makes the session exist, a sign-out ends it', async () => {
    render(
      <SessionProvider>
        <Shown />
      </SessionProvider>,
    );
    await expect(signInWithPassword('ada@example.com', 'engine42')).resolves.toEqual({ status: 'OK', userId: 'u-1' });
    expect(await screen.findByText('signed in as u-1')).toBeInTheDocument();
    await expect(sessionExists()).resolves.toBe(true);

    await act(() => signOut());
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await expect(sessionExists()).resolves.toBe(false);
    // Before its first call, knowing nothing from cookies, the SDK tries a refresh (its way to recover a
    // session whose page-side cookies were lost): on a submit, never on a page load.
    expect(requests).toEqual(['/api/auth/session/refresh', '/api/auth/signin', '/api/auth/signout']);
  });
  it('exists without the SDK while the front token says its access token holds; an expired one asks the SDK', async () => {
    document.cookie = `sFrontToken=${frontToken('u-7')}; path=/`;
    try {
      render(
        <SessionProvider>
          <Shown />
        </SessionProvider>,
      );
      expect(await screen.findByText('signed in as u-7')).toBeInTheDocument();
      await expect(sessionExists()).resolves.toBe(true);
      expect(requests).toEqual([]);

      document.cookie = `sFrontToken=${btoa(JSON.stringify({ uid: 'u-7', ate: Date.now() - 1_000, up: {} }))}; path=/`;
      // The SDK loads and tries a refresh, which this API refuses: no session.
      await expect(sessionExists()).resolves.toBe(false);
      expect(requests).toContain('/api/auth/session/refresh');
    } finally {
      document.cookie = 'sFrontToken=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });
});
