/**
 * Deployed, every product Lambda refuses a request that did not come through CloudFront.
 * The check as the wrapper runs it (httpHandler's first middleware) and on its own: missing, wrong,
 * current and previous values, the refresh that lets a warm Lambda learn a rotated value, and the
 * local runtime, where nothing changes.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localSecretEnvName } from '../../shared/secrets';
import { texts } from '../../shared/texts';

const ROOT = resolve(import.meta.dirname, '../..');
const context = { awsRequestId: 'test', functionName: 'test' } as Context;
const CURRENT = 'current-origin-secret-value-0123456789';
const PREVIOUS = 'previous-origin-secret-value-987654321';
const NEXT = 'next-origin-secret-value-abcdefghijklmno';

const secretEnv = (secret: Record<string, string>) => ({ [localSecretEnvName('originVerify')]: JSON.stringify(secret) });
/** A deployed Lambda as the runtime presents it (the secret itself from the env, not Secrets Manager). */
const deployed = (secret: Record<string, string>) => ({ AWS_LAMBDA_FUNCTION_NAME: 'VoxpenStack-contact', ...secretEnv(secret) });

const event = (headers: Record<string, string>) =>
  ({
    version: '2.0',
    routeKey: 'GET /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers,
    requestContext: { http: { method: 'GET', path: '/api/test', sourceIp: '203.0.113.7' } },
    isBase64Encoded: false,
  }) as unknown as APIGatewayProxyEventV2;

/** A fresh module graph per test: a new Lambda, with nothing cached. */
async function fresh() {
  vi.resetModules();
  const check = await import('./origin-check');
  const http = await import('./http');
  const { json } = await import('./response');
  return { ...check, handler: http.httpHandler(async () => json(200, { ok: true }), { route: 'GET /api/releases' }) };
}

describe('carriesOriginSecret', () => {
  it('accepts the current and the previous value, nothing else', async () => {
    const { carriesOriginSecret } = await fresh();
    const secret = { value: CURRENT, previous: PREVIOUS };
    expect(carriesOriginSecret(CURRENT, secret)).toBe(true);
    expect(carriesOriginSecret(PREVIOUS, secret)).toBe(true);
    expect(carriesOriginSecret(undefined, secret)).toBe(false);
    expect(carriesOriginSecret('', secret)).toBe(false);
    expect(carriesOriginSecret(`${CURRENT}x`, secret)).toBe(false);
    expect(carriesOriginSecret(CURRENT.slice(0, -1), secret)).toBe(false);
    expect(carriesOriginSecret(PREVIOUS, { value: CURRENT })).toBe(false);
  });

  it('accepts the next value too: the one the next rotation makes CloudFront send, known a rotation period ahead', async () => {
    const { carriesOriginSecret } = await fresh();
    const secret = { value: CURRENT, previous: PREVIOUS, next: NEXT };
    expect(carriesOriginSecret(NEXT, secret)).toBe(true);
    expect(carriesOriginSecret(CURRENT, secret)).toBe(true);
    expect(carriesOriginSecret(PREVIOUS, secret)).toBe(true);
    expect(carriesOriginSecret(`${NEXT}x`, secret)).toBe(false);
    expect(carriesOriginSecret(NEXT, { value: CURRENT, previous: PREVIOUS })).toBe(false);
  });

  it('never matches an empty accepted value', async () => {
    const { carriesOriginSecret } = await fresh();
    expect(carriesOriginSecret('', { value: '', previous: '' })).toBe(false);
    expect(carriesOriginSecret('', '')).toBe(false);
  });
});

describe('httpHandler behind CloudFront (deployed)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  async function answer(env: Record<string, string>, headers: Record<string, string>) {
    process.env = { ...saved, ...env };
    const { handler } = await fresh();
    const result = await handler(event(headers), context);
    return { status: result.statusCode, body: JSON.parse(result.body as string) as unknown, retryAfter: result.headers?.['Retry-After'] ?? result.headers?.['retry-after'] };
  }

  it('refuses a request without the origin header 403 { message }', async () => {
    expect(await answer(deployed({ value: CURRENT }), {})).toEqual({ status: 403, body: { message: texts.api.notThroughCdn } });
  });

  it('refuses a wrong value, one of another length and an empty one', async () => {
    for (const header of ['guess', CURRENT.replace(/.$/, 'X'), `${CURRENT} `, '']) {
      expect(await answer(deployed({ value: CURRENT }), { 'x-origin-verify': header })).toEqual({ status: 403, body: { message: texts.api.notThroughCdn } });
    }
  });

  it('serves a request carrying the current value', async () => {
    expect(await answer(deployed({ value: CURRENT }), { 'x-origin-verify': CURRENT })).toEqual({ status: 200, body: { ok: true } });
  });

  it('serves the previous value while the secret rotates, and refuses it once rotation is over', async () => {
    expect(await answer(deployed({ value: CURRENT, previous: PREVIOUS }), { 'x-origin-verify': PREVIOUS })).toEqual({ status: 200, body: { ok: true } });
    expect(await answer(deployed({ value: CURRENT, previous: PREVIOUS }), { 'x-origin-verify': CURRENT })).toEqual({ status: 200, body: { ok: true } });
    expect((await answer(deployed({ value: CURRENT }), { 'x-origin-verify': PREVIOUS })).status).toBe(403);
  });

  it('is on when the stack passes the secret id, even without the runtime name (fails closed: a secret it cannot read is a 503 to try again, never a pass)', async () => {
    const result = await answer({ SECRET_ID_ORIGINVERIFY: 'voxpen/originVerify', AWS_REGION: 'local', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x', AWS_ENDPOINT_URL_SECRETS_MANAGER: 'http://127.0.0.1:9' }, { 'x-origin-verify': CURRENT });
    // Secrets Manager out of reach is a dependency down: 503 with Retry-After, and the request is not served.
    expect(result.status).toBe(503);
    expect(Number(result.retryAfter)).toBeGreaterThan(0);
  });

  it('answers 500 in a deployed Lambda whose origin secret is not configured, never a pass', async () => {
    expect((await answer({ AWS_LAMBDA_FUNCTION_NAME: 'VoxpenStack-contact' }, { 'x-origin-verify': CURRENT })).status).toBe(500);
  });
});

describe('a warm Lambda learns a rotated value', () => {
  let clock = 1_000_000;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('reads the secret again when a header matches neither value, at most once per interval', async () => {
    const { cameThroughCloudFront, REFRESH_INTERVAL_MS } = await fresh();
    const before = deployed({ value: CURRENT, previous: PREVIOUS });
    const rotated = deployed({ value: NEXT, previous: CURRENT });
    expect(await cameThroughCloudFront(event({ 'x-origin-verify': CURRENT }), before, now)).toBe(true);
    // CloudFront now sends NEXT, which the secret already holds: one read again and it is served.
    clock += 1_000;
    expect(await cameThroughCloudFront(event({ 'x-origin-verify': NEXT }), rotated, now)).toBe(true);
    // The old previous is gone from the secret the Lambda now holds.
    expect(await cameThroughCloudFront(event({ 'x-origin-verify': PREVIOUS }), rotated, now)).toBe(false);
    // A stranger's guesses do not each cost a Secrets Manager read: within the interval nothing is read.
    const again = deployed({ value: 'yet-another-value-which-is-long-enough' });
    clock += 1_000;
    expect(await cameThroughCloudFront(event({ 'x-origin-verify': 'yet-another-value-which-is-long-enough' }), again, now)).toBe(false);
    clock += REFRESH_INTERVAL_MS;
    expect(await cameThroughCloudFront(event({ 'x-origin-verify': 'yet-another-value-which-is-long-enough' }), again, now)).toBe(true);
  });

  it('reads a cached value again after its maximum age, so a retired value stops working', async () => {
    const { cameThroughCloudFront, MAX_AGE_MS } = await fresh();
    expect(await cameThroughCloudFront(event({ 'x-origin-verify': PREVIOUS }), deployed({ value: CURRENT, previous: PREVIOUS }), now)).toBe(true);
    clock += MAX_AGE_MS + 1;
    expect(await cameThroughCloudFront(event({ 'x-origin-verify': PREVIOUS }), deployed({ value: CURRENT }), now)).toBe(false);
  });
});

describe('the local runtime (no CloudFront)', () => {
  it('serves every request: neither the secret id nor the Lambda runtime is there', async () => {
    const { cameThroughCloudFront, originCheckRequired } = await fresh();
    const local = secretEnv({ value: CURRENT });
    expect(originCheckRequired(local)).toBe(false);
    expect(await cameThroughCloudFront(event({}), local)).toBe(true);
    expect(await cameThroughCloudFront(event({ 'x-origin-verify': 'anything' }), local)).toBe(true);
  });
});

describe('every product Lambda, deployed, refuses a request that did not come through CloudFront', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('on every route of the route table (the auth SDK path, the desktop routes and the Stripe webhook included)', async () => {
    const { functions, routes } = await import('../../shared/routes');
    process.env = { ...saved, ...deployed({ value: CURRENT }) };
    vi.resetModules();
    const extra = [{ method: 'POST', path: '/api/auth/desktop/consent', fn: 'auth' }, { method: 'POST', path: '/api/auth/desktop/exchange', fn: 'auth' }] as const;
    for (const route of [...routes, ...extra]) {
      const { handler } = (await import(/* @vite-ignore */ pathToFileURL(resolve(ROOT, functions[route.fn].entry)).href)) as { handler: (e: APIGatewayProxyEventV2, c: Context) => Promise<{ statusCode: number; body: string }> };
      const method = route.method === 'ANY' ? 'POST' : route.method;
      const rawPath = route.path.replace('{proxy+}', 'signin').replace(/\{[^}]+\}/g, 'x');
      const routeKey = route.fn === 'auth' ? 'ANY /api/auth/{proxy+}' : `${method} ${route.path}`;
      const request = {
        ...event({ 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x', 'x-origin-verify': 'guess' }),
        routeKey,
        rawPath,
        body: '{}',
        requestContext: { http: { method, path: rawPath, sourceIp: '203.0.113.7' }, routeKey },
      } as unknown as APIGatewayProxyEventV2;
      const result = await handler(request, context);
      expect({ route: `${method} ${rawPath}`, status: result.statusCode, body: JSON.parse(result.body) as unknown }).toEqual({
        route: `${method} ${rawPath}`,
        status: 403,
        body: { message: texts.api.notThroughCdn },
      });
    }
  });
});
