/**
 * A real account's browser session, without going through the sign-up page: the sign-up call the web
 * SDK makes (cookie mode) sent from a browser context's own request client, its address proven with the
 * link from the outbox, so the session cookies
 * land in that context, plus the two cookies the SDK keeps beside them (they tell the page a session
 * exists). Answers the context's storage state, for fresh (cold) contexts of the same account.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { verificationTokenFor } from './outbox';

export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export async function signedInState(browser: Browser, stack: { api: string; web: string; outboxDir: string }, name = 'bench'): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
    const answer = await context.request.post(`${stack.api}/api/auth/signup`, {
      headers: { origin: stack.web, rid: 'emailpassword', 'st-auth-mode': 'cookie' },
      data: { formFields: [{ id: 'email', value: email }, { id: 'password', value: `Pw-${randomUUID()}` }] },
    });
    const body = (await answer.json()) as { status?: string };
    if (!answer.ok() || body.status !== 'OK') throw new Error(`Sign-up answered ${answer.status()}: ${JSON.stringify(body)}`);
    // The address proven with the mailed link, in this session: its answer renews the access token
    // (with the claim) and the front token that describes it.
    const verified = await context.request.post(`${stack.api}/api/auth/user/email/verify`, {
      headers: { origin: stack.web, rid: 'emailverification', 'st-auth-mode': 'cookie' },
      data: { method: 'token', token: await verificationTokenFor(stack.outboxDir, email) },
    });
    if (!verified.ok() || ((await verified.json()) as { status?: string }).status !== 'OK') throw new Error(`Verification answered ${verified.status()}`);
    const frontToken = verified.headers()['front-token'];
    if (!frontToken) throw new Error('Verification answered no front-token');
    // Both, as the SDK writes them after a sign-in: with the front token alone it takes the session
    // for "may exist" and refreshes on first load, which rotates the refresh token this state holds
    // (the next context's refresh would then be a replay, and the core revokes the session).
    await context.addCookies([
      { name: 'sFrontToken', value: frontToken, url: stack.web },
      { name: 'st-last-access-token-update', value: String(Date.now()), url: stack.web },
    ]);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
