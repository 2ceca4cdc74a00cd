/**
 * Every route in shared/routes.ts (the auth proxy expanded into the paths the SDK and the desktop
 * handoff serve) answered with malformed input, signed out and signed in: no 5xx, an error is JSON
 * with a message (or the SDK's status shape), and nothing of the server's insides (stack frames,
 * file paths) reaches the caller. Requests come from their own loopback addresses, so the per-address
 * limits neither depend on nor disturb other tests.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/routes';
import { texts } from '../../shared/texts';
import { useTestStack } from '../support/local-stack';
import { verificationTokenFor } from '../support/verification';

const stack = useTestStack();
let apiPort: number;

beforeAll(() => {
  apiPort = Number(new URL(stack.api).port);
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

interface Call {
  method: string;
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** The loopback address the request comes from (all of 127/8 is loopback). */
  from: string;
}

function send({ method, path, body, headers = {}, from }: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: apiPort,
        path,
        method,
        localAddress: from,
        // Node sends a GET's body unframed unless told its length.
        headers: { 'content-type': 'application/json', ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs the calls `width` at a time: bounded, so the one test process is not swamped. */
async function inBatches<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

const LEAKS: [string, RegExp][] = [
  ['a file path', /\/work\/|node_modules|[\w-]+\.[cm]?[jt]sx?:\d+/],
  ['a stack frame', /\n\s*at [\w.<]|\bat (?:async )?[\w.<>]+ \(/],
  ['an error class name', /\b(?:TypeError|SyntaxError|RangeError|ReferenceError)\b/],
];

/** What is wrong with an answer, or undefined when it is as the API promises. */
function problemWith(answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  const everything = `${JSON.stringify(answer.headers)}\n${answer.text}`;
  for (const [what, pattern] of LEAKS) if (pattern.test(everything)) return `leaks ${what}: ${answer.text.slice(0, 200)}`;
  if (answer.status >= 300 && answer.status < 400) return undefined;
  if (answer.status === 204 && answer.text === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `answered ${answer.status} with a body that is not JSON: ${JSON.stringify(answer.text.slice(0, 100))}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `answered ${answer.status} with ${answer.text.slice(0, 100)}`;
  const fields = body as Record<string, unknown>;
  if (answer.status >= 400 && typeof fields.message !== 'string') return `answered ${answer.status} without a message: ${answer.text.slice(0, 200)}`;
  return undefined;
}

// ---- the routes --------------------------------------------------------------------------------

interface Target {
  method: string;
  path: string;
  /** Sends a body worth fuzzing (GET routes get query strings instead). */
  takesBody: boolean;
  /** Reads a session, so it is fuzzed signed in too. */
  session: boolean;
}

/** The SDK's paths under /api/auth for our recipes, the desktop handoff's, and some nobody serves. */
const AUTH_TARGETS: Target[] = [
  { method: 'POST', path: '/api/auth/signup', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/signin', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/user/password/reset/token', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/user/password/reset', takesBody: true, session: true },
  { method: 'GET', path: '/api/auth/emailpassword/email/exists', takesBody: false, session: true },
  { method: 'POST', path: '/api/auth/signinup', takesBody: true, session: true },
  { method: 'GET', path: '/api/auth/authorisationurl', takesBody: false, session: true },
  { method: 'POST', path: '/api/auth/callback/google', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/callback/apple', takesBody: true, session: true },
  { method: 'GET', path: '/api/auth/desktop-callback', takesBody: false, session: true },
  { method: 'POST', path: '/api/auth/desktop/consent', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/desktop/exchange', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/no-such-route', takesBody: true, session: true },
  { method: 'GET', path: '/api/auth/no-such-route', takesBody: false, session: true },
  { method: 'GET', path: '/api/auth/signup', takesBody: false, session: true },
  { method: 'POST', path: '/api/auth/other-tenant/signup', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/public/signin', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/signin/', takesBody: true, session: true },
  { method: 'GET', path: '/api/auth/signup/email/exists', takesBody: false, session: true },
  { method: 'GET', path: '/api/auth/loginmethods', takesBody: false, session: true },
  { method: 'GET', path: '/api/auth/other-tenant/loginmethods', takesBody: false, session: true },
  { method: 'GET', path: '/api/auth/jwt/jwks.json', takesBody: false, session: true },
  { method: 'GET', path: '/api/auth/.well-known/openid-configuration', takesBody: false, session: true },
  { method: 'GET', path: '/api/auth/oauth/auth', takesBody: false, session: true },
  { method: 'POST', path: '/api/auth/oauth/token', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/webauthn/options/register', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/webauthn/options/signin', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/webauthn/signup', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/webauthn/signin', takesBody: true, session: true },
  { method: 'GET', path: '/api/auth/webauthn/credential/list', takesBody: false, session: true },
  { method: 'POST', path: '/api/auth/webauthn/credential/remove', takesBody: true, session: true },
  // The second step: the TOTP recipe's, the factor info, and the recovery code's own route.
  // Last: with a session these end or rotate it.
  { method: 'POST', path: '/api/auth/session/refresh', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/signout', takesBody: true, session: true },
];

/** The second step's routes (the TOTP recipe's, the factor info, the recovery code's own): fuzzed in a test of their own. */
const SECOND_STEP_TARGETS: Target[] = [
  { method: 'POST', path: '/api/auth/totp/device', takesBody: true, session: true },
  { method: 'GET', path: '/api/auth/totp/device/list', takesBody: false, session: true },
  { method: 'POST', path: '/api/auth/totp/device/remove', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/totp/device/verify', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/totp/verify', takesBody: true, session: true },
  { method: 'PUT', path: '/api/auth/mfa/info', takesBody: true, session: true },
  { method: 'POST', path: '/api/auth/mfa/recovery-code', takesBody: true, session: true },
];

/** Route-table routes that end every session of the caller whatever their body: fuzzed last, after the auth ones. */
const ENDS_SESSIONS = ['POST /api/account/sign-out-everywhere'];
const endsSessions = (target: Target) => ENDS_SESSIONS.includes(`${target.method} ${target.path}`);

const TABLE_TARGETS: Target[] = routes
  .filter((route) => !route.path.includes('{proxy+}'))
  .map((route) => ({ method: route.method, path: route.path, takesBody: route.method !== 'GET', session: route.forwardsCredentials === true }));

const TARGETS: Target[] = [...TABLE_TARGETS.filter((t) => !endsSessions(t)), ...AUTH_TARGETS, ...TABLE_TARGETS.filter(endsSessions)];

it('fuzzes every route in the route table', () => {
  const proxies = routes.filter((route) => route.path.includes('{proxy+}')).map((route) => route.path);
  expect(proxies).toEqual(['/api/auth/{proxy+}']);
  expect(TARGETS.length).toBe(routes.length - 1 + AUTH_TARGETS.length);
  expect(TARGETS.filter(endsSessions)).toHaveLength(ENDS_SESSIONS.length);
});

// ---- the malformed input ------------------------------------------------------------------------

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const email = (local: string) => `${local}@example.com`;
const fields = (...pairs: [unknown, unknown][]) => ({ formFields: pairs.map(([id, value]) => ({ id, value })) });
const WRONG_VALUES: unknown[] = [null, -1, 1e300, 'x', '', true, {}, [], [null], [1], { __proto__: null, length: 1 }];
/** Every field any route reads, so each body reaches some route's checks. */
const FIELD_NAMES = ['formFields', 'token', 'method', 'thirdPartyId', 'clientType', 'redirectURIInfo', 'oAuthTokens', 'shouldTryLinkingWithSessionUser',
  'code', 'name', 'email', 'message', 'words', 'seconds', 'priceId', 'userId', 'supertokensUserId', 'id', 'type', 'data', 'webauthnGeneratedOptionsId', 'credential', 'passkeyName', 'recoverAccountToken', 'deviceName', 'totp', 'password'];
const passkeyCredential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA', attestationObject: 'oA' } };

const BODIES: [string, string | Buffer][] = [
  ['no body', ''],
  ['truncated JSON {', '{'],
  ['truncated JSON [', '['],
  ['truncated formFields', '{"formFields":[{"id":"email","value":"a@example.com"'],
  ['null', 'null'],
  ['an empty array', '[]'],
  ['an array', '[1,2,3]'],
  ['an array of objects', '[{"formFields":[]}]'],
  ['a string', '"x"'],
  ['a number', '42'],
  ['true', 'true'],
  ['form encoded', 'formFields=1&code=2'],
  ['a raw NUL', '\u0000'],
  ['a raw NUL inside a string', '{"formFields":[{"id":"email","value":"a\u0000b@example.com"}]}'],
  ['an escaped NUL', JSON.stringify(fields(['email', 'a\u0000b@example.com'], ['password', 'secret123']))],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
  ['1e309', '1e309'],
  ['a huge integer', '9999999999999999999999'],
  ['1e309 in a field', '{"formFields":1e309,"code":1e309,"words":1e309,"token":1e309}'],
  ['a huge integer in a field', '{"formFields":[{"id":"email","value":9999999999999999999999}],"code":9999999999999999999999,"words":9999999999999999999999,"seconds":-9999999999999999999999}'],
  ['__proto__', '{"__proto__":{"x":1}}'],
  ['constructor.prototype', '{"constructor":{"prototype":{}}}'],
  ['__proto__ as a form field', '{"formFields":[{"id":"__proto__","value":{"x":1}},{"id":"constructor","value":"x"}]}'],
  ['formFields with __proto__', '{"formFields":{"__proto__":[]},"redirectURIInfo":{"__proto__":{"redirectURIOnProviderDashboard":"x"}}}'],
  ['deeply nested arrays', deepArray(5000)],
  ['deeply nested formFields', `{"formFields":${deepArray(5000)}}`],
  ['deeply nested objects', '{"a":'.repeat(3000) + '1' + '}'.repeat(3000)],
  ['100 KB', JSON.stringify(fields(['email', `${'a'.repeat(100 * 1024)}@example.com`]))],
  ...WRONG_VALUES.map((value): [string, string] => [`every field ${JSON.stringify(value)}`, JSON.stringify(Object.fromEntries(FIELD_NAMES.map((f) => [f, value])))]),
  ...WRONG_VALUES.map((value): [string, string] => [`a form field ${JSON.stringify(value)}`, JSON.stringify({ formFields: [value] })]),
  ['formFields of the wrong shapes', JSON.stringify({ formFields: [{ id: 1, value: 'x' }, { id: 'email' }] })],
  ['an email of null', JSON.stringify(fields(['email', null], ['password', 'secret123']))],
  ['an email object', JSON.stringify(fields(['email', { a: 1 }], ['password', 'secret123']))],
  ['an email array', JSON.stringify(fields(['email', ['a@example.com']], ['password', 'secret123']))],
  ['a password number', JSON.stringify(fields(['email', 'a@example.com'], ['password', 12345678]))],
  ['twice the email', JSON.stringify(fields(['email', 'a@example.com'], ['email', 'b@example.com'], ['password', 'secret123']))],
  ['an email of 255 characters', JSON.stringify(fields(['email', email('a'.repeat(243))], ['password', 'secret123']))],
  ['an email of 8 KB', JSON.stringify(fields(['email', email('a'.repeat(8 * 1024))], ['password', 'secret123']))],
  ['an email of 60 KB', JSON.stringify(fields(['email', email('a'.repeat(60 * 1024))], ['password', 'secret123']))],
  ['a password of 60 KB', JSON.stringify(fields(['email', 'a@example.com'], ['password', `1${'a'.repeat(60 * 1024)}`]))],
  ['a reset token of the wrong type', JSON.stringify({ method: 'token', token: { $ne: '' }, ...fields(['password', 'secret123']) })],
  ['a reset token of 60 KB', JSON.stringify({ method: 'token', token: 'x'.repeat(60 * 1024), ...fields(['password', 'secret123']) })],
  ['thirdPartyId apple', JSON.stringify({ thirdPartyId: 'apple', redirectURIInfo: { redirectURIOnProviderDashboard: 'http://x', redirectURIQueryParams: { code: 'x' } } })],
  ['thirdPartyId __proto__', JSON.stringify({ thirdPartyId: '__proto__', oAuthTokens: { access_token: 'x' } })],
  ['redirectURIInfo null', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: null })],
  ['redirectURIInfo a string', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: 'x' })],
  ['redirectURIInfo without query params', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: { redirectURIOnProviderDashboard: 'http://x' } })],
  ['redirectURIInfo with null query params', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: { redirectURIOnProviderDashboard: 'http://x', redirectURIQueryParams: null } })],
  ['redirectURIInfo with wrong types', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: { redirectURIOnProviderDashboard: 1, redirectURIQueryParams: { code: 1 }, pkceCodeVerifier: {} } })],
  ['redirectURIInfo with a bad code', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: { redirectURIOnProviderDashboard: 'http://localhost/auth/callback/google', redirectURIQueryParams: { code: 'x' } } })],
  ['oAuthTokens null', JSON.stringify({ thirdPartyId: 'google', oAuthTokens: null })],
  ['oAuthTokens a string', JSON.stringify({ thirdPartyId: 'google', oAuthTokens: 'x' })],
  ['oAuthTokens empty', JSON.stringify({ thirdPartyId: 'google', oAuthTokens: {} })],
  ['oAuthTokens of the wrong types', JSON.stringify({ thirdPartyId: 'google', oAuthTokens: { access_token: 1, id_token: {} } })],
  ['oAuthTokens with a forged id_token', JSON.stringify({ thirdPartyId: 'google', oAuthTokens: { id_token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', access_token: 'x' } })],
  ['a clientType object', JSON.stringify({ thirdPartyId: 'google', clientType: {}, oAuthTokens: { access_token: 'x' } })],
  ['linking with the session user', JSON.stringify({ shouldTryLinkingWithSessionUser: true, ...fields(['email', 'a@example.com'], ['password', 'secret123']) })],
  ['linking flag of the wrong type', JSON.stringify({ shouldTryLinkingWithSessionUser: 'yes', ...fields(['email', 'a@example.com'], ['password', 'secret123']) })],
  ['a code of the wrong type', JSON.stringify({ code: { S: 'x' } })],
  ['a passkey answer for options nobody made', JSON.stringify({ webauthnGeneratedOptionsId: 'no-such-options', credential: passkeyCredential, shouldTryLinkingWithSessionUser: true, passkeyName: 'Key' })],
  ['a passkey answer of the wrong shapes', JSON.stringify({ webauthnGeneratedOptionsId: 'x', credential: { ...passkeyCredential, response: 'x', id: { $ne: '' } }, passkeyName: ['x'] })],
  ['a passkey answer of 60 KB', JSON.stringify({ webauthnGeneratedOptionsId: 'x', credential: { ...passkeyCredential, response: { clientDataJSON: 'x'.repeat(60 * 1024) } } })],
  ['a code of 60 KB', JSON.stringify({ code: 'x'.repeat(60 * 1024) })],
];

const QUERIES: [string, string][] = [
  ['no query', ''],
  ['an empty email', 'email='],
  ['an email of 255 characters', `email=${email('a'.repeat(243))}`],
  ['an email of 8 KB', `email=${email('a'.repeat(8 * 1024))}`],
  ['an email twice', 'email=a@example.com&email=b@example.com'],
  ['a NUL email', 'email=%00'],
  ['bad percent-encoding', 'email=%E0%A4%A&thirdPartyId=%ZZ'],
  ['a __proto__ key', '__proto__=x&constructor=y'],
  ['thirdPartyId apple', 'thirdPartyId=apple&redirectURIOnProviderDashboard=http%3A%2F%2Fx'],
  ['thirdPartyId __proto__', 'thirdPartyId=__proto__&redirectURIOnProviderDashboard=http%3A%2F%2Fx'],
  ['thirdPartyId without redirect', 'thirdPartyId=google'],
  ['thirdPartyId twice', 'thirdPartyId=google&thirdPartyId=google&redirectURIOnProviderDashboard=x&clientType=%00'],
  ['a redirect_url elsewhere', 'redirect_url=https%3A%2F%2Fevil.example%2F'],
  ['a redirect_url of 8 KB', `redirect_url=http%3A%2F%2F127.0.0.1%3A1%2F${'a'.repeat(8 * 1024)}`],
  ['a garbage redirect_url', 'redirect_url=%00%0D%0Ahttp:'],
];

// ---- sessions ------------------------------------------------------------------------------------

type Mode = 'signed out' | 'cookie session' | 'bearer session' | 'garbage credentials';

interface Credentials {
  headers: Record<string, string>;
  /** For the refresh route, which takes the refresh token. */
  refreshHeaders: Record<string, string>;
}

const PASSWORD = 'fuzzing42';

async function signUp(from: string, mode: 'cookie' | 'header'): Promise<Credentials> {
  const email = `fuzz-${mode}-${Date.now()}@example.com`;
  const signedUp = await send({
    method: 'POST',
    path: '/api/auth/signup',
    from,
    headers: { rid: 'emailpassword', 'st-auth-mode': mode, origin: stack.web },
    body: JSON.stringify(fields(['email', email], ['password', PASSWORD])),
  });
  expect(signedUp.status, signedUp.text).toBe(200);
  // The address proven with the mailed link, in this session: the answer carries its renewed tokens.
  const signedUpCookies = ((signedUp.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]!).join('; ');
  const answer = await send({
    method: 'POST',
    path: '/api/auth/user/email/verify',
    from,
    headers:
      mode === 'header'
        ? { rid: 'emailverification', 'st-auth-mode': 'header', authorization: `Bearer ${signedUp.headers['st-access-token'] as string}` }
        : { rid: 'emailverification', 'st-auth-mode': 'cookie', origin: stack.web, cookie: signedUpCookies },
    body: JSON.stringify({ method: 'token', token: await verificationTokenFor(stack.outboxDir, email) }),
  });
  expect(answer.status, answer.text).toBe(200);
  if (mode === 'header') answer.headers['st-refresh-token'] ??= signedUp.headers['st-refresh-token'];
  if (mode === 'header') {
    const access = answer.headers['st-access-token'] as string;
    const refresh = answer.headers['st-refresh-token'] as string;
    expect(access).toBeTruthy();
    return {
      headers: { authorization: `Bearer ${access}`, 'st-auth-mode': 'header' },
      refreshHeaders: { authorization: `Bearer ${refresh}`, 'st-auth-mode': 'header', rid: 'session' },
    };
  }
  const renewed = new Map([...signedUpCookies.split('; '), ...((answer.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]!)].map((c) => [c.slice(0, c.indexOf('=')), c]));
  const cookies = [...renewed.values()].join('; ');
  expect(cookies).toContain('sAccessToken=');
  return { headers: { cookie: cookies, 'st-auth-mode': 'cookie', origin: stack.web, rid: 'anti-csrf' }, refreshHeaders: { cookie: cookies, 'st-auth-mode': 'cookie', origin: stack.web, rid: 'session' } };
}

/** The session must be live, or the signed-in runs would only ever meet 401s. */
async function expectSignedIn(credentials: Credentials, from: string) {
  const answer = await send({ method: 'GET', path: '/api/usage', headers: credentials.headers, from });
  expect(answer.status, answer.text).toBe(200);
  return credentials;
}

const GARBAGE: Credentials = {
  headers: { cookie: 'sAccessToken=a.b.c; sRefreshToken=%%%; sAntiCsrf=\u00ff', authorization: 'Bearer x.y', 'st-auth-mode': 'banana', rid: '../../x', 'fdi-version': 'x.y' },
  refreshHeaders: { cookie: 'sRefreshToken=a.b.c; sFrontToken=%00', authorization: 'Bearer', 'st-auth-mode': 'header', rid: 'session', 'fdi-version': '99999999999999999999.1' },
};

// ---- the run -------------------------------------------------------------------------------------

interface Case extends Call {
  label: string;
}

function casesFor(target: Target, mode: Mode, credentials: Credentials | undefined, subnet: number): Case[] {
  const path = target.path.replace('{id}', 'x');
  const headers = credentials ? (path === '/api/auth/session/refresh' ? credentials.refreshHeaders : credentials.headers) : {};
  // Each case from its own address: no per-address limit is reached, whatever its value.
  const from = (i: number) => `127.0.${subnet}.${(i % 250) + 2}`;
  const label = (what: string) => `${target.method} ${path} with ${what} (${mode})`;
  const list: Case[] = [];
  if (target.takesBody) BODIES.forEach(([what, body], i) => list.push({ label: label(what), method: target.method, path, body, headers, from: from(i) }));
  else {
    QUERIES.forEach(([what, query], i) => list.push({ label: label(what), method: target.method, path: query ? `${path}?${query}` : path, headers, from: from(i) }));
    list.push({ label: label('a body on a GET'), method: target.method, path, body: '{"formFields":', headers, from: from(QUERIES.length) });
  }
  return list;
}

describe('every route with malformed input', () => {
  let sent = 0;

  async function fuzz(mode: Mode, credentials: Credentials | undefined, subnet: number, targets: Target[]) {
    const problems: string[] = [];
    const cases = targets.flatMap((target) => casesFor(target, mode, credentials, subnet));
    // The refresh, sign-out and sign-out-everywhere routes come last, so the session lives for all the others.
    for (const target of [...new Set(cases.map((c) => `${c.method} ${c.path.split('?')[0]}`))]) {
      const batch = cases.filter((c) => `${c.method} ${c.path.split('?')[0]}` === target);
      await inBatches(batch, 8, async (c) => {
        const answer = await send(c).catch((error: Error) => ({ status: 0, headers: {}, text: `connection failed: ${error.message}` }));
        sent++;
        const problem = answer.status === 0 ? answer.text : problemWith(answer);
        if (problem) problems.push(`${c.label}: ${problem}`);
      });
    }
    return problems;
  }

  // One test per route and mode, in TARGETS' order (the routes that end a session last): a route's
  // few dozen requests fit any test's time limit on a busy machine, where a whole mode's thousand did
  // not, and a finding names its route.
  const modes: { mode: Mode; subnet: number; targets: Target[]; credentials: () => Promise<Credentials | undefined> }[] = [
    { mode: 'signed out', subnet: 10, targets: TARGETS, credentials: async () => undefined },
    { mode: 'cookie session', subnet: 11, targets: TARGETS.filter((t) => t.session), credentials: async () => expectSignedIn(await signUp('127.0.11.1', 'cookie'), '127.0.11.1') },
    { mode: 'bearer session', subnet: 12, targets: TARGETS.filter((t) => t.session), credentials: async () => expectSignedIn(await signUp('127.0.12.1', 'header'), '127.0.12.1') },
    { mode: 'garbage credentials', subnet: 13, targets: TARGETS.filter((t) => t.session), credentials: async () => GARBAGE },
  ];
  for (const { mode, subnet, targets, credentials } of modes) {
    describe(`never answers 5xx or leaks internals, ${mode}`, () => {
      let held: Credentials | undefined;
      beforeAll(async () => {
        held = await credentials();
      });
      for (const target of targets) {
        it(`${target.method} ${target.path}`, async () => {
          expect(await fuzz(mode, held, subnet, [target])).toEqual([]);
        });
      }
    });
  }

  it('sent the thousands of malformed requests above', () => {
    expect(sent).toBeGreaterThan(2000);
  });

  it("never answers 5xx or leaks internals on the second step's routes, signed out and signed in", async () => {
    expect(await fuzz('signed out', undefined, 14, SECOND_STEP_TARGETS)).toEqual([]);
    expect(await fuzz('signed out', undefined, 14, SECOND_STEP_TARGETS)).toEqual([]);
    expect(await fuzz('cookie session', await expectSignedIn(await signUp('127.0.15.1', 'cookie'), '127.0.15.1'), 15, SECOND_STEP_TARGETS)).toEqual([]);
  });

  it('answers an 8 MB body on every route with a clean 413', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 'a');
    const answers = await inBatches(TARGETS, 2, (target, ) =>
      send({ method: target.method, path: target.path.replace('{id}', 'x'), body, from: '127.0.14.2' }).catch((error: Error) => ({ status: 0, headers: {}, text: error.message })),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, `${TARGETS[i]!.method} ${TARGETS[i]!.path}: ${answer.text}`).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({ message: texts.api.payloadTooLarge });
    }
  });
});

describe('/api/auth refuses bad input itself', () => {
  const post = (path: string, body: string, from: string) =>
    send({ method: 'POST', path, body, from, headers: { rid: path.includes('signinup') ? 'thirdparty' : 'emailpassword' } });
  const answerOf = (answer: Answer) => ({ status: answer.status, body: JSON.parse(answer.text) as unknown });
  const credentials = (address: string) => JSON.stringify(fields(['email', address], ['password', PASSWORD]));

  it.each([
    ['POST', '/api/auth/no-such-route'],
    ['GET', '/api/auth/no-such-route'],
    ['POST', '/api/auth/callback/google'],
    ['GET', '/api/auth/signup'],
    ['POST', '/api/auth/other-tenant/signup'],
    ['POST', '/api/auth/oauth/token'],
  ])('answers %s %s, which nothing serves, with 404', async (method, path) => {
    expect(answerOf(await send({ method, path, body: method === 'POST' ? '{}' : undefined, from: '127.0.20.2' }))).toEqual({ status: 404, body: { message: texts.api.notFound } });
  });

  it('answers 404 for Apple, which is not configured', async () => {
    const appleCallback = await send({ method: 'POST', path: '/api/auth/callback/apple', body: 'state=x&code=y', from: '127.0.20.3', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const appleUrl = await send({ method: 'GET', path: '/api/auth/authorisationurl?thirdPartyId=apple&redirectURIOnProviderDashboard=http%3A%2F%2Fx', from: '127.0.20.3' });
    const appleSignIn = await post('/api/auth/signinup', JSON.stringify({ thirdPartyId: 'apple', redirectURIInfo: { redirectURIOnProviderDashboard: 'http://x', redirectURIQueryParams: { code: 'x' } } }), '127.0.20.3');
    for (const answer of [appleCallback, appleUrl, appleSignIn]) expect(answerOf(answer)).toEqual({ status: 404, body: { message: texts.api.providerNotFound } });
  });

  it('refuses an email over 254 characters on every route that takes one, and creates no account', async () => {
    const long = email('a'.repeat(8 * 1024));
    const justOver = email('b'.repeat(255 - '@example.com'.length));
    for (const address of [long, justOver]) {
      for (const path of ['/api/auth/signup', '/api/auth/signin', '/api/auth/user/password/reset/token']) {
        expect(answerOf(await post(path, credentials(address), '127.0.20.4'))).toEqual({ status: 400, body: { message: texts.api.emailTooLong } });
      }
      const exists = await send({ method: 'GET', path: `/api/auth/emailpassword/email/exists?email=${encodeURIComponent(address)}`, from: '127.0.20.4' });
      expect(answerOf(exists)).toEqual({ status: 400, body: { message: texts.api.emailTooLong } });
    }
    // 254 characters is still an email the SDK judges for itself.
    const longest = email('c'.repeat(254 - '@example.com'.length));
    expect(answerOf(await post('/api/auth/signup', credentials(longest), '127.0.20.5')).status).toBe(200);
  });

  it('answers a body that is not JSON, not an object, or too large with 400 or 413 and a message', async () => {
    expect(answerOf(await post('/api/auth/signin', '{"formFields":[', '127.0.20.6'))).toEqual({ status: 400, body: { message: texts.api.malformedJson } });
    for (const body of ['null', '[]', '"x"', '1e309']) {
      expect(answerOf(await post('/api/auth/signup', body, '127.0.20.6'))).toEqual({ status: 400, body: { message: texts.api.bodyNotObject } });
    }
    expect(answerOf(await post('/api/auth/signinup', JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: null }), '127.0.20.6'))).toEqual({
      status: 400,
      body: { message: texts.api.invalidField('redirectURIInfo') },
    });
    const large = JSON.stringify(fields(['email', email('a'.repeat(100 * 1024))]));
    expect(answerOf(await post('/api/auth/user/password/reset/token', large, '127.0.20.6'))).toEqual({ status: 413, body: { message: texts.api.payloadTooLarge } });
  });

  it('answers a Google code Google does not accept with 400', async () => {
    const body = JSON.stringify({ thirdPartyId: 'google', redirectURIInfo: { redirectURIOnProviderDashboard: `${stack.web}/auth/callback/google`, redirectURIQueryParams: { code: 'made-up' } } });
    expect(answerOf(await post('/api/auth/signinup', body, '127.0.20.7'))).toEqual({ status: 400, body: { message: texts.api.providerRefused } });
  });

  it("keeps the SDK's own answer to a field problem", async () => {
    const answer = answerOf(await post('/api/auth/signup', credentials('not-an-email'), '127.0.20.8'));
    expect(answer).toEqual({ status: 200, body: { status: 'FIELD_ERROR', formFields: [{ id: 'email', error: texts.auth.fields.emailInvalid }] } });
  });
});
