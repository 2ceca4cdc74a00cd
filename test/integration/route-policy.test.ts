/**
 * Every route × every caller state, through the local stack: the answer each gets is the one its
 * declared policy (shared/routes.ts, shared/route-policy.ts AUTH_PATHS) says, so a route is covered
 * the day it is added to the table, and cannot be served without a policy (the types refuse it; the
 * first test checks the table itself). docs/security.md#who-may-call-what.
 *
 * The states are the ones an attacker or a stale client is in: signed out, a sign-up whose address is
 * not proven, a sign-in that owes its second step, an account whose deletion is held after its mark
 * (sessions not yet ended), a deleted account's and a signed-out session's tokens still in hand, and a
 * good session's browser sent by another site. One stack, one account per state, made once.
 */
import { randomUUID } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { markDeleting } from '../../functions/user-record/deletion';
import { AUTH_PATHS, type RoutePolicy } from '../../shared/route-policy';
import { routes } from '../../shared/routes';
import { texts } from '../../shared/texts';
import { AuthApi, randomLoopbackAddress } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { desktopSession, newMember } from '../support/sessions';
import { turnOnTwoStep } from '../support/two-step';

const stack = useTestStack();
const PASSWORD = 'engine42';

/** Every route the product serves, by method and path, with its declared policy: the gateway's, and each path under /api/auth. */
const TABLE: [key: string, policy: RoutePolicy][] = [
  ...routes.filter((route) => route.policy !== 'AUTH_PATHS').map((route) => [`${route.method} ${route.path}`, route.policy as RoutePolicy] as [string, RoutePolicy]),
  ...(Object.entries(AUTH_PATHS) as [string, RoutePolicy][]).filter(([key]) => !routes.some((route) => `${route.method} ${route.path}` === key)),
];

/** Routes that end or replace the caller's session: walked last in each state, in this order, so the others meet the state as it was made. */
const ENDS_SESSION = ['POST /api/auth/session/refresh', 'POST /api/account/sign-out-everywhere', 'POST /api/auth/signout'];
const WALK = [...TABLE.filter(([key]) => !ENDS_SESSION.includes(key)), ...ENDS_SESSION.map((key) => TABLE.find(([k]) => k === key)!)];

type State = 'signed out' | 'unverified' | 'owing its second step' | 'deleting' | 'deleted' | 'revoked' | 'signed in, cross-origin';
const STATES: State[] = ['signed out', 'unverified', 'owing its second step', 'deleting', 'deleted', 'revoked', 'signed in, cross-origin'];

/** What a request's answer says of the policy: refused for one of its reasons, or let through to the route (whatever the route then answers). */
type Verdict = 'served' | 'signed out' | 'email unproven' | 'second step owed' | 'not from the site';

function verdictOf(status: number, body: { message?: string; claimValidationErrors?: { id: string }[] }): Verdict {
  if (status === 401) return 'signed out';
  if (status === 403 && body.message === texts.api.notFromTheSite) return 'not from the site';
  if (status === 403 && body.message === 'invalid claim') return body.claimValidationErrors?.[0]?.id === 'st-ev' ? 'email unproven' : 'second step owed';
  return 'served';
}

/** The refresh route's session is its refresh token, which the SDK checks itself: one that has ended, or none, is 401. */
const REFRESH = 'POST /api/auth/session/refresh';

/** The answer the policy declares for a caller in `state`. */
function declared(key: string, policy: RoutePolicy, state: State): Verdict {
  if (state === 'signed in, cross-origin') return policy.sameOrigin ? 'not from the site' : 'served';
  if (key === REFRESH) return ['signed out', 'deleting', 'deleted', 'revoked'].includes(state) ? 'signed out' : 'served';
  if (policy.caller === 'anyone') return 'served';
  switch (state) {
    case 'signed out':
      return 'signed out';
    case 'unverified':
      return policy.provenEmail ? 'email unproven' : 'served';
    case 'owing its second step':
      return policy.secondStep ? 'second step owed' : 'served';
    case 'deleting':
      return policy.notDeleting ? 'signed out' : 'served';
    case 'deleted':
      return policy.caller === 'liveSession' || policy.notDeleting ? 'signed out' : 'served';
    case 'revoked':
      return policy.caller === 'liveSession' ? 'signed out' : 'served';
  }
}

/** A concrete path for a route's pattern. */
function concrete(path: string): string {
  return path.replace('{target}/{arch}/{current_version}', 'linux/x86_64/1.0.0').replace(/\{[^}]+\}/g, 'x');
}

/** How a state's requests are sent: from its own address, with the cookies it holds (kept up to date, or frozen as they were) and the headers its browser adds. */
interface Caller {
  cookies(): string;
  keep?(response: Response): void;
  headers: Record<string, string>;
  agent: Agent;
}

async function send(caller: Caller, key: string) {
  const [method, path] = key.split(' ') as [string, string];
  const url = new URL(`${stack.api}${concrete(path)}`);
  url.hostname = '127.0.0.1';
  const headers = new Headers({ 'content-type': 'application/json', 'st-auth-mode': 'cookie', ...caller.headers });
  if (caller.cookies()) headers.set('cookie', caller.cookies());
  const res = (await undiciFetch(url, { method, headers: [...headers], body: method === 'GET' ? undefined : '{}', redirect: 'manual', dispatcher: caller.agent })) as unknown as Response;
  caller.keep?.(res);
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // Not JSON (an export, a 204): nothing the policy says.
  }
  const headerToken = res.headers.get('st-access-token');
  return { status: res.status, body, setsSession: res.headers.getSetCookie().some((line) => /^sAccessToken=[^;]/.test(line)) || (!!headerToken && headerToken !== 'remove') };
}

const fromTheSite = () => ({ origin: stack.web, rid: 'anti-csrf' });
const live = (who: AuthApi, headers: Record<string, string> = fromTheSite()): Caller => ({ cookies: () => who.jar.header(), keep: (res) => who.jar.store(res), headers, agent: new Agent({ localAddress: who.address }) });
const frozen = (cookies: string): Caller => ({ cookies: () => cookies, headers: fromTheSite(), agent: new Agent({ localAddress: randomLoopbackAddress() }) });

const callers = {} as Record<State, Caller>;

beforeAll(async () => {
  callers['signed out'] = frozen('');

  const unverified = new AuthApi(stack.api, stack.web);
  expect((await unverified.signUp(`unproven-${randomUUID().slice(0, 8)}@example.com`, PASSWORD)).status).toBe('OK');
  callers.unverified = live(unverified);

  const twoStep = await newMember(stack, 'owing', PASSWORD);
  await turnOnTwoStep(twoStep.who, { password: PASSWORD });
  const owing = new AuthApi(stack.api, stack.web);
  expect((await owing.signIn(twoStep.email, PASSWORD)).status).toBe('OK');
  callers['owing its second step'] = live(owing);

  // The deletion job held after its mark: marked, and nothing after it ran (its sessions still stand).
  const deleting = await newMember(stack, 'deleting', PASSWORD);
  await markDeleting(stack.db, deleting.userId, { emails: [deleting.email], address: deleting.who.address }, Date.now());
  callers.deleting = frozen(deleting.who.jar.header());

  const deleted = await newMember(stack, 'deleted', PASSWORD);
  const deletedCookies = deleted.who.jar.header();
  expect((await deleted.who.call('DELETE', '/api/account', { confirmation: 'delete my account', password: PASSWORD })).status).toBe(202);
  callers.deleted = frozen(deletedCookies);

  const revoked = await newMember(stack, 'revoked', PASSWORD);
  const revokedCookies = revoked.who.jar.header();
  expect((await revoked.who.signOut()).status).toBe('OK');
  callers.revoked = frozen(revokedCookies);

  // A good session's browser, sent by a page on another site: its Origin and Sec-Fetch-Site say so, and it cannot add the custom header.
  const member = await newMember(stack, 'cross', PASSWORD);
  callers['signed in, cross-origin'] = live(member.who, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
}, 120_000);

describe('the route table', () => {
  it('declares a policy for every route, and every path under /api/auth the product serves', () => {
    expect(TABLE.length).toBeGreaterThan(50);
    for (const [key, policy] of TABLE) {
      expect(['anyone', 'session', 'liveSession'], key).toContain(policy.caller);
      // Every write states whether it must come from the site; every session route, each of its checks.
      expect(typeof policy.sameOrigin, key).toBe('boolean');
      expect(typeof policy.notDeleting, key).toBe('boolean');
      if (policy.caller !== 'anyone') for (const field of ['provenEmail', 'secondStep'] as const) expect(typeof policy[field], `${key} ${field}`).toBe('boolean');
      // A proof is asked or not, or asked by a rule naming its password field or the field that makes it owed.
      if (policy.caller !== 'anyone') expect(['boolean', 'object'], `${key} proof`).toContain(typeof policy.proof);
    }
    // Reads never need a custom header: they change nothing (and the SDK's GETs send none).
    expect(TABLE.filter(([key, policy]) => key.startsWith('GET ') && policy.sameOrigin).map(([key]) => key)).toEqual([]);
    // Every write from a browser is same-origin, but for the two public ones named here (another server's, the app's exchange).
    expect(TABLE.filter(([key, policy]) => !key.startsWith('GET ') && !policy.sameOrigin).map(([key]) => key).sort()).toEqual(['POST /api/auth/desktop/exchange', 'POST /api/stripe-webhook']);
  });
});

describe('every route × every state answers as its policy declares', () => {
  it.each(STATES)('%s', async (state) => {
    const answers: Record<string, Verdict> = {};
    const wanted: Record<string, Verdict> = {};
    const sessionsHandedOut: string[] = [];
    for (const [key, policy] of WALK) {
      const answer = await send(callers[state], key);
      answers[key] = verdictOf(answer.status, answer.body);
      wanted[key] = declared(key, policy, state);
      if (answer.setsSession && ['deleting', 'deleted', 'revoked'].includes(state)) sessionsHandedOut.push(key);
    }
    const differing = Object.keys(wanted).filter((key) => answers[key] !== wanted[key]);
    expect(Object.fromEntries(differing.map((key) => [key, answers[key]]))).toEqual(Object.fromEntries(differing.map((key) => [key, wanted[key]])));
    // Nothing hands a session to an account being deleted or gone, to an ended session, or to another site.
    expect(sessionsHandedOut).toEqual([]);
  });
});

describe('writes with the session cookies (anti-CSRF)', () => {
  it("refuse another site, a same-site origin that is not the site, and a request without the custom header, whatever its body; the site's own with the header and the desktop app's Bearer token pass", async () => {
    const { who } = await newMember(stack, 'csrf', PASSWORD);
    const desktop = await desktopSession(stack.api, who);
    const refused = { status: 403, body: { message: texts.api.notFromTheSite } };
    const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
    // The attacks the issue reproduced: a same-site origin (the Stripe stand-in's port), a text/plain body or none.
    const attacks: Record<string, string>[] = [
      { origin: 'http://localhost:12111', 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:12111', 'sec-fetch-site': 'same-site', 'content-type': 'text/plain' },
      { origin: '', 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', rid: '' },
      { origin: 'null' },
      { rid: '' },
      { rid: '', origin: '', 'content-type': 'text/plain' },
    ];
    for (const headers of attacks) {
      expect(await answer(await who.call('POST', '/api/account/two-step/recovery-codes', undefined, headers)), JSON.stringify(headers)).toEqual(refused);
      expect(await answer(await who.call('POST', '/api/account/sign-out-everywhere', undefined, headers)), JSON.stringify(headers)).toEqual(refused);
    }
    // The desktop app: a Bearer token, no cookie, no Origin, no custom header.
    const report = await fetch(`${stack.api}/api/usage`, { method: 'POST', headers: { authorization: `Bearer ${desktop.accessToken}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ words: 3, seconds: 1 }) });
    expect(report.status).toBe(200);
    // The site's own page: through to the route (with its step-up proof; two-step is off: 409), and the sign-out works.
    expect((await who.call('POST', '/api/account/two-step/recovery-codes', { password: PASSWORD })).status).toBe(409);
    expect((await who.call('POST', '/api/account/sign-out-everywhere')).status).toBe(200);
  });
});

/**
 * A body each route declaring a step-up proof takes, all but the proof (docs/security.md#step-up): a
 * route added with `proof` and no entry here fails below, so its refusal is tried the day it is added.
 */
const WITHOUT_PROOF: Record<string, unknown> = {
  'PATCH /api/account': { email: `new-${randomUUID().slice(0, 8)}@example.com` },
  'DELETE /api/account': { confirmation: 'delete my account' },
  'POST /api/account/password': { newPassword: 'turbine77' },
  'DELETE /api/account/two-step': {},
  'POST /api/account/two-step/recovery-codes': {},
  'POST /api/auth/totp/device': { deviceName: 'Authenticator app' },
  'POST /api/auth/webauthn/options/register': { email: 'ignored@example.com' },
  'POST /api/auth/webauthn/signup': {
    webauthnGeneratedOptionsId: 'options-id',
    credential: { id: 'credential-id', rawId: 'credential-id', type: 'public-key', response: {} },
    shouldTryLinkingWithSessionUser: true,
    passkeyName: 'Key',
  },
};

describe('routes declaring a step-up proof', () => {
  it('each refuses a live, proven, complete session without the proof: 400 naming the password field, and nothing changes', async () => {
    const proofRoutes = TABLE.filter(([, policy]) => policy.caller !== 'anyone' && policy.proof).map(([key]) => key);
    expect(proofRoutes.sort()).toEqual(Object.keys(WITHOUT_PROOF).sort());
    const { who, email } = await newMember(stack, 'no-proof', PASSWORD);
    for (const key of proofRoutes) {
      const [method, path] = key.split(' ') as [string, string];
      const res = await who.call(method, path, WITHOUT_PROOF[key]);
      const body = (await res.json()) as { message?: string; fields?: Record<string, string> };
      expect(res.status, key).toBe(400);
      // POST /api/account/password's schema asks for its current password before the proof does.
      expect(body.fields?.password ?? body.fields?.currentPassword, key).toBeTruthy();
    }
    // Still the same account, its password, its email, no passkey, no app.
    expect((await new AuthApi(stack.api, stack.web).signIn(email, PASSWORD)).status).toBe('OK');
    expect((await who.get('/api/account')).body).toMatchObject({ email, signInMethods: ['password'] });
    expect((await who.get('/api/account/two-step')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});
