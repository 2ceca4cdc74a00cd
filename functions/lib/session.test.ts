import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localSecretEnvName } from '../../shared/secrets';
import { TRY_REFRESH_TOKEN, UNAUTHORISED } from './access-token';
import type { HttpError } from './http-error';
import { accessTokenOf } from './session';

describe('accessTokenOf', () => {
  it("prefers the desktop app's bearer header, else decodes the web app's cookie", () => {
    expect(accessTokenOf({ headers: { authorization: 'Bearer abc.def' }, cookies: ['sAccessToken=zzz'] })).toEqual({ token: 'abc.def', transfer: 'header' });
    expect(accessTokenOf({ headers: {}, cookies: ['theme=dark', 'sAccessToken=a%2Bb.c'] })).toEqual({ token: 'a+b.c', transfer: 'cookie' });
    expect(accessTokenOf({ headers: {}, cookies: ['sAccessToken='] })).toBeUndefined();
  });

  it('treats a cookie that is not valid percent-encoding as no token (401 for the caller, not a 500)', () => {
    expect(accessTokenOf({ headers: {}, cookies: ['sAccessToken=%E0%A4%A'] })).toBeUndefined();
  });
});

/**
 * The middleware in a fresh module, as a cold container has it, against a fake core: its keys and
 * its verify answers, each request held until the test lets the core answer.
 */
describe('requireSession against the core', () => {
  type Pending = { path: string; body?: string; answer: (status: number, body: unknown) => void };
  let requests: Pending[];
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let jwk: JWK;

  beforeAll(async () => {
    keys = await generateKeyPair('RS256');
    jwk = { ...(await exportJWK(keys.publicKey)), kid: 'core-1', alg: 'RS256', use: 'sig' };
  });
  afterEach(() => {
    vi.doUnmock('./node-request');
    vi.resetModules();
  });

  async function coldContainer() {
    requests = [];
    vi.resetModules();
    vi.doMock('./node-request', () => ({
      nodeRequest: (url: string, init: { body?: string }) =>
        new Promise((resolve) => requests.push({ path: new URL(url).pathname, body: init.body, answer: (status, body) => resolve({ status, body: JSON.stringify(body) }) })),
      requestsSent: async () => undefined,
    }));
    process.env[localSecretEnvName('supertokens')] = JSON.stringify({ connectionUri: 'http://core.test', apiKey: 'k' });
    return import('./session');
  }

  const SECOND_STEP_DONE = { c: { emailpassword: 1 }, v: true };
  const token = (exp = Math.floor(Date.now() / 1000) + 3600, secondStep: unknown = SECOND_STEP_DONE) =>
    // A session whose address is proven (the st-ev claim) and whose sign-in is complete (st-mfa), as every product route requires.
    new SignJWT({ sessionHandle: 'h-1', tId: 'public', rsub: 'user-1', refreshTokenHash1: 'r', parentRefreshTokenHash1: null, antiCsrfToken: null, 'st-ev': { v: true, t: Date.now() }, ...(secondStep === null ? {} : { 'st-mfa': secondStep }) })
      .setProtectedHeader({ alg: 'RS256', kid: 'core-1', version: '5' })
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(keys.privateKey);

  const requestWith = (accessToken: string) => ({ event: { headers: { authorization: `Bearer ${accessToken}` } } }) as unknown as Parameters<NonNullable<ReturnType<typeof import('./session').requireSession>['before']>>[0];
  /**
   * Until the container has sent what the test expects of it: its requests go out after some async
   * work (the token's signature checked here), which a busy machine takes longer over than any fixed
   * wait (a 10 ms one let a request land in the next test's list).
   */
  const sent = (done: () => boolean) =>
    vi.waitFor(
      () => {
        if (!done()) throw new Error(`not sent yet: ${requests.map((r) => r.path).join(', ') || 'nothing'}`);
      },
      { timeout: 10_000, interval: 2 },
    );
  const keysRequest = () => requests.find((r) => r.path === '/.well-known/jwks.json')!;
  const verifyRequests = () => requests.filter((r) => r.path === '/recipe/session/verify');
  const outcome = (p: Promise<unknown>) => p.then(() => 'passed', (e: HttpError) => `${e.statusCode} ${e.message}`);

  it("asks the core about a live route's session while a cold container fetches the keys, once", async () => {
    const session = await coldContainer();
    const request = requestWith(await token());
    const checked = outcome(Promise.resolve(session.requireSession({ live: true }).before!(request)));
    await sent(() => requests.length >= 2);
    // Both questions are out before either is answered.
    expect(requests.map((r) => r.path).sort()).toEqual(['/.well-known/jwks.json', '/recipe/session/verify']);
    expect(JSON.parse(verifyRequests()[0]!.body!)).toMatchObject({ checkDatabase: true });
    verifyRequests()[0]!.answer(200, { status: 'OK' });
    keysRequest().answer(200, { keys: [jwk] });
    expect(await checked).toBe('passed');
    expect(session.sessionOf(request.event).userId).toBe('user-1');
    expect(verifyRequests()).toHaveLength(1);
  });

  it('refuses a genuine token whose session the core says has ended (signed out, revoked)', async () => {
    const session = await coldContainer();
    const checked = outcome(Promise.resolve(session.requireSession({ live: true }).before!(requestWith(await token()))));
    await sent(() => Boolean(keysRequest()) && verifyRequests().length === 1);
    keysRequest().answer(200, { keys: [jwk] });
    verifyRequests()[0]!.answer(200, { status: 'UNAUTHORISED' });
    expect(await checked).toBe(`401 ${UNAUTHORISED}`);
  });

  it("answers the token's own refusal when it fails here, whatever the core says", async () => {
    const session = await coldContainer();
    const checked = outcome(Promise.resolve(session.requireSession({ live: true }).before!(requestWith(await token(Math.floor(Date.now() / 1000) - 60)))));
    await sent(() => Boolean(keysRequest()) && verifyRequests().length === 1);
    verifyRequests()[0]!.answer(200, { status: 'UNAUTHORISED' });
    keysRequest().answer(200, { keys: [jwk] });
    expect(await checked).toBe(`401 ${TRY_REFRESH_TOKEN}`);
  });

  it('once the keys are held, checks a token here before any question to the core', async () => {
    const session = await coldContainer();
    const first = outcome(Promise.resolve(session.requireSession({ live: true }).before!(requestWith(await token()))));
    await sent(() => Boolean(keysRequest()) && verifyRequests().length === 1);
    keysRequest().answer(200, { keys: [jwk] });
    verifyRequests()[0]!.answer(200, { status: 'OK' });
    expect(await first).toBe('passed');
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'core-1', version: '5' }).setSubject('user-1').setIssuedAt().setExpirationTime('1h').sign(privateKey);
    expect(await outcome(Promise.resolve(session.requireSession({ live: true }).before!(requestWith(forged))))).toBe(`401 ${TRY_REFRESH_TOKEN}`);
    expect(verifyRequests()).toHaveLength(1);
    // A genuine one is still asked about, after its check here.
    const later = outcome(Promise.resolve(session.requireSession({ live: true }).before!(requestWith(await token()))));
    await sent(() => verifyRequests().length >= 2);
    expect(verifyRequests()).toHaveLength(2);
    verifyRequests()[1]!.answer(200, { status: 'OK' });
    expect(await later).toBe('passed');
  });

  it('asks the core nothing for an ordinary read, and runs the work given for the wait once', async () => {
    const session = await coldContainer();
    const work = vi.fn();
    session.whileCoreKeysLoad(work);
    const read = outcome(Promise.resolve(session.requireSession().before!(requestWith(await token()))));
    await sent(() => Boolean(keysRequest()) && work.mock.calls.length > 0);
    expect(work).toHaveBeenCalledTimes(1);
    keysRequest().answer(200, { keys: [jwk] });
    expect(await read).toBe('passed');
    expect(await outcome(Promise.resolve(session.requireSession().before!(requestWith(await token()))))).toBe('passed');
    expect(verifyRequests()).toHaveLength(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('refuses a sign-in short of its second step (st-mfa v false) with the SDK\'s 403, asking the core nothing about it', async () => {
    const session = await coldContainer();
    const checked = Promise.resolve(session.requireSession().before!(requestWith(await token(undefined, { c: { emailpassword: 1 }, v: false })))).then(
      () => undefined,
      (e: HttpError) => e,
    );
    await sent(() => Boolean(keysRequest()));
    keysRequest().answer(200, { keys: [jwk] });
    const refusal = await checked;
    expect(refusal).toMatchObject({ statusCode: 403, message: 'invalid claim', extra: { claimValidationErrors: [{ id: 'st-mfa' }] } });
    expect(requests.map((r) => r.path)).toEqual(['/.well-known/jwks.json']);
  });

  it('asks the core about a token from before the second step existed: refused when the account has an authenticator app, served when not', async () => {
    const session = await coldContainer();
    const withApp = outcome(Promise.resolve(session.requireSession().before!(requestWith(await token(undefined, null)))));
    await sent(() => Boolean(keysRequest()));
    keysRequest().answer(200, { keys: [jwk] });
    const devicesAsked = () => requests.filter((r) => r.path === '/recipe/totp/device/list');
    await sent(() => devicesAsked().length > 0);
    const asked = devicesAsked();
    expect(asked).toHaveLength(1);
    asked[0]!.answer(200, { status: 'OK', devices: [{ name: 'app', period: 30, skew: 1, verified: true }] });
    expect(await withApp).toBe('403 invalid claim');

    const without = outcome(Promise.resolve(session.requireSession().before!(requestWith(await token(undefined, null)))));
    await sent(() => devicesAsked().length >= 2);
    devicesAsked()[1]!.answer(200, { status: 'OK', devices: [{ name: 'app', period: 30, skew: 1, verified: false }] });
    expect(await without).toBe('passed');
  });
});
