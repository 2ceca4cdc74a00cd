/**
 * Deadlines that add up (functions/lib/deadline.ts): with DynamoDB, the auth core or Stripe frozen by
 * the local runtime's fault gates (it holds every request and answers none), every route of the API
 * and every path of the auth SDK answers within API Gateway's 10 s, which the local gateway enforces
 * as deployed: a 503 with Retry-After and our sentence where it needed the frozen dependency, never a
 * 500 and never the gateway's own 503. One frozen dependency at a time, every route at once.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_TIMEOUT_MS } from '../../functions/lib/deadline';
import { AUTH_PATHS } from '../../shared/route-policy';
import { routes } from '../../shared/routes';
import { PRICE_IDS } from '../../shared/plans';
import type { FaultGate } from '../../infra/local/fault-gate';
import type { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { newMember } from '../support/sessions';

const stack = useTestStack({ coreGate: { corePort: 0 }, dynamoGate: { dynamoPort: 0 }, stripeGate: { stripePort: 0 } });
const PASSWORD = 'engine42';

const RIDS: [RegExp, string][] = [
  [/^\/api\/auth\/webauthn/, 'webauthn'],
  [/^\/api\/auth\/user\/email\/verify/, 'emailverification'],
  [/^\/api\/auth\/(totp)/, 'totp'],
  [/^\/api\/auth\/mfa/, 'multifactorauth'],
  [/^\/api\/auth\/(session|signout)/, 'session'],
  [/^\/api\/auth\/(signinup|authorisationurl|callback)/, 'thirdparty'],
  [/^\/api\/auth\//, 'emailpassword'],
];

/** Ends the caller's session(s): sent after the others, so they do not race them. */
const ENDS_SESSIONS = new Set(['POST /api/auth/signout', 'POST /api/account/sign-out-everywhere']);

/** Every route of the API and every auth path, as a request a signed-in member could send. */
function everyRequest(email: string): { key: string; send: (who: AuthApi) => Promise<Response> }[] {
  const keys = [
    ...routes.filter((r) => r.method !== 'ANY' && !r.path.startsWith('/api/auth/')).map((r) => `${r.method} ${r.path}`),
    ...Object.keys(AUTH_PATHS),
  ];
  return [...new Set(keys)].map((key) => {
    const [method, template] = key.split(' ') as [string, string];
    const path = template.replace('{proxy+}', 'x').replace(/\{[^}]+\}/g, 'x1');
    const rid = RIDS.find(([re]) => re.test(path))?.[1] ?? 'anti-csrf';
    const body =
      method === 'GET'
        ? undefined
        : key === 'POST /api/auth/signin'
          ? { formFields: [{ id: 'email', value: email }, { id: 'password', value: PASSWORD }] }
          : key === 'POST /api/usage'
            ? { words: 5, seconds: 2 }
            : key === 'POST /api/create-checkout-session'
              ? // The other period: the open monthly checkout would be answered from the record, without Stripe.
                { priceId: PRICE_IDS.annually }
              : {};
    return { key, send: (who) => who.call(method, path, body, { rid, 'idempotency-key': randomUUID() }) };
  });
}

interface Answer {
  key: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  message?: string;
}

async function timed(key: string, send: () => Promise<Response>): Promise<Answer> {
  const started = performance.now();
  const res = await send();
  const text = await res.text();
  let message: string | undefined;
  try {
    message = (JSON.parse(text) as { message?: string }).message;
  } catch {
    // Not JSON (a redirect, an empty body).
  }
  return { key, status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), message };
}

/** Every route sent at once (the session-ending ones after), with `gate` holding everything. */
async function allRoutesWith(gate: FaultGate, name: string): Promise<Answer[]> {
  const { who, email } = await newMember(stack, name, PASSWORD);
  // A Stripe customer, so billing routes reach Stripe.
  expect((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).status).toBe(200);
  const requests = everyRequest(email);
  gate.set('hold');
  const answers = await Promise.all(requests.filter((r) => !ENDS_SESSIONS.has(r.key)).map((r) => timed(r.key, () => r.send(who))));
  for (const r of requests.filter((r) => ENDS_SESSIONS.has(r.key))) answers.push(await timed(r.key, () => r.send(who)));
  gate.set('pass');
  return answers;
}

function expectWithinTheGateway(answers: Answer[]) {
  for (const a of answers) {
    expect(a.ms, a.key).toBeLessThan(GATEWAY_TIMEOUT_MS);
    expect(a.status, a.key).not.toBe(500);
    if (a.status === 503) {
      // Ours, not the gateway's: a Retry-After and the sentence.
      expect(Number(a.retryAfter), a.key).toBeGreaterThan(0);
      expect(a.message, a.key).toMatch(/try again in a moment/);
    }
  }
}

const unavailable = (answers: Answer[], key: string) => answers.find((a) => a.key === key);

afterEach(() => {
  for (const gate of [stack.coreGate, stack.dynamoGate, stack.stripeGate]) gate?.set('pass');
});

describe('a dependency frozen', () => {
  it('DynamoDB: every route answers within 10 s, 503 with Retry-After where it needs the table, none 500', async () => {
    const answers = await allRoutesWith(stack.dynamoGate!, 'frozen-db');
    expectWithinTheGateway(answers);
    for (const key of ['GET /api/user-profile', 'GET /api/usage', 'POST /api/usage', 'GET /api/account', 'GET /api/latest-version', 'POST /api/auth/signin']) {
      expect(unavailable(answers, key)?.status, key).toBe(503);
    }
  }, 60_000);

  it('the auth core: every route answers within 10 s, 503 with Retry-After where it needs the core, none 500', async () => {
    const answers = await allRoutesWith(stack.coreGate!, 'frozen-core');
    expectWithinTheGateway(answers);
    for (const key of ['POST /api/auth/signin', 'POST /api/usage', 'GET /api/account', 'GET /api/account/sessions']) expect(unavailable(answers, key)?.status, key).toBe(503);
  }, 60_000);

  it('Stripe: every route answers within 10 s, 503 with Retry-After where it needs Stripe, none 500', async () => {
    const answers = await allRoutesWith(stack.stripeGate!, 'frozen-stripe');
    expectWithinTheGateway(answers);
    for (const key of ['POST /api/create-checkout-session', 'GET /api/manage-subscription', 'GET /api/billing']) expect(unavailable(answers, key)?.status, key).toBe(503);
  }, 60_000);
});
