/**
 * "Where you are signed in" on /account, through the real supertokens-node and the local core: the
 * list names a browser (from its user agent at sign-in) and the desktop app a PKCE hand-off signed in,
 * with when each signed in and was last active; "Sign out" ends one session (its refresh is refused)
 * and leaves the others; a handle is only ever ended by its own account.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SignedInSession, SignedInSessions } from '../../shared/api-types';
import { texts } from '../../shared/texts';
import type { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { desktopSession, newMember, refreshWithHeader } from '../support/sessions';

const stack = useTestStack();

const PASSWORD = 'engine42';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const handleOf = (accessToken: string) => (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sessionHandle: string }).sessionHandle;

async function sessionsOf(who: AuthApi): Promise<SignedInSession[]> {
  const read = await who.call('GET', '/api/account/sessions');
  expect(read.status).toBe(200);
  expect(read.headers.get('cache-control')).toBe('no-store');
  return ((await read.json()) as SignedInSessions).sessions;
}

const signOutOne = async (who: AuthApi, id: string) => answer(await who.call('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`));

/** An account signed in from Chrome on Windows (besides its sign-up's session), and its desktop app signed in through the hand-off. */
async function browserAndDesktop() {
  const { who, email } = await newMember(stack, 'where', PASSWORD);
  const signIn = await who.call('POST', '/api/auth/signin', { formFields: [{ id: 'email', value: email }, { id: 'password', value: PASSWORD }] }, {
    rid: 'emailpassword',
    'user-agent': CHROME_ON_WINDOWS,
    // As CloudFront's origin request policy forwards them deployed (infra/constructs/site.ts).
    'cloudfront-viewer-country': 'DE',
    'cloudfront-viewer-country-region': 'BE',
  });
  expect(signIn.status).toBe(200);
  const desktop = await desktopSession(stack.api, who);
  return { who, desktop, desktopHandle: handleOf(desktop.accessToken) };
}

describe('GET /api/account/sessions', () => {
  it('lists the browser (this one first, marked) and the desktop app from the hand-off, with when each signed in and was last active', async () => {
    const { who, desktop, desktopHandle } = await browserAndDesktop();
    const listed = await sessionsOf(who);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toEqual({
      id: handleOf(who.jar.get('sAccessToken')!),
      kind: 'browser',
      name: 'Chrome on Windows',
      signedInAt: expect.any(String),
      lastActiveAt: expect.any(String),
      current: true,
      method: 'password',
      place: { country: 'DE', region: 'BE' },
    });
    // The app signed in on that browser's computer: its place; the sign-up's session, from this machine's own network.
    const app = listed.find((s) => s.id === desktopHandle)!;
    expect(app).toMatchObject({ kind: 'desktop', name: 'Voxpen for Windows', current: false, method: 'password', place: { country: 'DE', region: 'BE' } });
    expect(listed.find((s) => s.id !== desktopHandle && !s.current)).toMatchObject({ method: 'password', place: 'local' });
    expect(app.lastActiveAt).toBe(app.signedInAt);
    expect(listed.filter((s) => s.current)).toHaveLength(1);

    // The app refreshes: it was active then, and it still signed in when it did.
    expect((await refreshWithHeader(stack.api, desktop.refreshToken)).status).toBe(200);
    const after = (await sessionsOf(who)).find((s) => s.id === desktopHandle)!;
    expect(after).toMatchObject({ name: 'Voxpen for Windows', signedInAt: app.signedInAt });
    expect(Date.parse(after.lastActiveAt)).toBeGreaterThan(Date.parse(app.signedInAt));
  });

  it('lists only the account’s own sessions', async () => {
    const { desktopHandle } = await browserAndDesktop();
    const { who: other } = await newMember(stack, 'other', PASSWORD);
    const listed = await sessionsOf(other);
    expect(listed.map((s) => s.id)).not.toContain(desktopHandle);
    expect(listed).toHaveLength(1);
  });

  it('refuses a caller without a session', async () => {
    const res = await fetch(`${stack.api}/api/account/sessions`, { headers: { origin: stack.web } });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/account/sessions/{id}', () => {
  it('signs the desktop app out (its refresh is refused) and leaves this browser signed in', async () => {
    const { who, desktop, desktopHandle } = await browserAndDesktop();
    expect(await signOutOne(who, desktopHandle)).toEqual({ status: 200, body: { message: texts.account.sessionEnded('Voxpen for Windows') } });

    expect((await refreshWithHeader(stack.api, desktop.refreshToken)).status).toBe(401);
    expect((await sessionsOf(who)).map((s) => s.id)).not.toContain(desktopHandle);
    // This browser carries on: its product calls and its own refresh.
    expect((await who.call('GET', '/api/account')).status).toBe(200);
    expect((await who.call('POST', '/api/auth/session/refresh', undefined, { rid: 'session' })).status).toBe(200);
    expect((await who.call('GET', '/api/account')).status).toBe(200);
    // Ended already: as unknown.
    expect(await signOutOne(who, desktopHandle)).toEqual({ status: 404, body: { message: texts.account.sessionNotFound } });
  });

  it('refuses another account’s session as it refuses an unknown one, and ends nothing', async () => {
    const { desktop, desktopHandle } = await browserAndDesktop();
    const { who: other } = await newMember(stack, 'intruder', PASSWORD);
    const refusal = { status: 404, body: { message: texts.account.sessionNotFound } };
    expect(await signOutOne(other, desktopHandle)).toEqual(refusal);
    expect(await signOutOne(other, randomUUID())).toEqual(refusal);
    expect(await signOutOne(other, 'not-a-handle')).toEqual(refusal);
    expect((await refreshWithHeader(stack.api, desktop.refreshToken)).status).toBe(200);
  });

  it('does not end the session asking (the page’s own Sign out does that)', async () => {
    const { who } = await browserAndDesktop();
    const current = handleOf(who.jar.get('sAccessToken')!);
    expect(await signOutOne(who, current)).toEqual({ status: 400, body: { message: texts.account.sessionIsThisOne } });
    expect((await who.call('GET', '/api/account')).status).toBe(200);
  });
});
