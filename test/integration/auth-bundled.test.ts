/**
 * The auth and account Lambdas bundled as deployed (the account one asks the core over its HTTP API,
 * without the SDK): esbuild with the stack's settings,
 * including the shims that stand in for what supertokens-node imports and never runs here (cross-fetch
 * and node-fetch, libphonenumber-js, pako) and the one jose both it and the product use (infra/constructs/
 * bundling.ts): its session and Google ID-token checks run on jose 6 here. Served by a second local
 * gateway beside the stack, the bundles do what the sources do against the real core: sign-up, a
 * refused and a right password, refresh, Google through the stand-in, a password change, sign-out. Their
 * fetch is the injected one over node:http (bundle-shims/fetch-over-node-http.ts): a fresh process signs
 * in and out without Node ever loading undici.
 */
import { build, type Metafile } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWS_SDK_PACKAGE_SHIMS, LAMBDA_ESBUILD_OPTIONS } from '../../infra/constructs/bundling';
import { gatewayService } from '../../infra/local/gateway';
import { holdPort } from '../../infra/local/ports';
import type { RunningService } from '../../infra/local/service';
import { functions } from '../../shared/routes';
import { AuthApi } from '../support/auth-api';
import { signInWithGoogle } from '../support/google-sign-in';
import { startTestStack, type TestStack } from '../support/local-stack';
import { latestMailTo, linkIn } from '../support/outbox';
import { refreshWithCookie, setCookies } from '../support/sessions';
import { verifyThroughOutbox } from '../support/verification';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'voxpen-auth-bundled-'));
const BUNDLED = ['auth', 'users', 'account'] as const;
const metafiles: Partial<Record<(typeof BUNDLED)[number], Metafile>> = {};
let stack: TestStack;
let bundled: RunningService;
let api: { api: string; web: string };

async function bundle(name: (typeof BUNDLED)[number]): Promise<string> {
  const result = await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints: [functions[name].entry], outfile: join(dir, name, 'index.js'), metafile: true, logLevel: 'error' });
  metafiles[name] = result.metafile;
  // Lambda requires index.js; the local gateway imports ES modules, so a two-line bridge.
  writeFileSync(join(dir, name, 'entry.mjs'), "import { createRequire } from 'node:module';\nexport const { handler } = createRequire(import.meta.url)('./index.js');\n");
  return `${name}/entry.mjs`;
}

beforeAll(async () => {
  // The core behind the local runtime's fault gate, so a test can hold its answers as a slow core would.
  stack = await startTestStack({ coreGate: { corePort: 0 } });
  const entries = await Promise.all(BUNDLED.map(async (name) => [name, { entry: await bundle(name) }] as const));
  bundled = await gatewayService({ port: await holdPort(), corsOrigins: [], root: dir, functions: Object.fromEntries(entries) }).start();
  api = { api: bundled.url, web: stack.web };
}, 120_000);
afterAll(async () => {
  await bundled?.stop();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const email = (name: string) => `${name}-${Date.now()}@example.com`;

describe('auth and account Lambdas as bundled', () => {
  // The account Lambda carries no SDK at all (test/infra/account-bundles.test.ts).
  it('auth carries none of the packages supertokens-node never runs here', () => {
    const packages = new Set(Object.keys(metafiles.auth!.inputs).flatMap((path) => path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []));
    expect(packages).toContain('supertokens-node');
    for (const left of ['cross-fetch', 'node-fetch', 'libphonenumber-js', 'pako']) expect(packages).not.toContain(left);
    // One jose: the SDK's own jose 4 is not bundled beside the product's jose 6.
    expect(Object.keys(metafiles.auth!.inputs).filter((path) => path.includes('supertokens-node/node_modules/jose/'))).toEqual([]);
  });

  it.each(BUNDLED)('%s reaches the shims for supertokens-node only (jose and the injected fetch aside), and the AWS SDK\'s from its endpoint cache only: no other package gets a stand-in meant for another', (name) => {
    const awsSdkShims = Object.values(AWS_SDK_PACKAGE_SHIMS).map((shim) => shim.replace('./', ''));
    const importersOf = (reached: (path: string) => boolean) => Object.entries(metafiles[name]!.inputs).flatMap(([path, input]) => (input.imports.some((i) => reached(i.path)) ? [path] : []));
    // esbuild's inject imports fetch-over-node-http into every file, by design; its own test pins what it serves.
    const sdkShim = (path: string) => path.includes('bundle-shims/') && !path.includes('jose-6-for-supertokens') && !path.includes('fetch-over-node-http') && !awsSdkShims.some((shim) => path.endsWith(shim));
    expect(importersOf(sdkShim).filter((path) => !path.includes('node_modules/supertokens-node/'))).toEqual([]);
    expect(importersOf((path) => awsSdkShims.some((shim) => path.endsWith(shim)))).toEqual(['node_modules/@aws-sdk/endpoint-cache/dist-es/EndpointCache.js']);
  });

  it("signs in and out in a fresh process without loading Node's fetch (undici): the SDK's core calls and jose's key set go over node:http", async () => {
    const address = email('bundled-no-undici');
    expect((await new AuthApi(api.api, api.web).signUp(address, 'engine42')).status).toBe('OK');
    const event = (method: string, path: string, headers: Record<string, string>, body?: unknown) => ({
      version: '2.0',
      routeKey: 'ANY /api/auth/{proxy+}',
      rawPath: path,
      rawQueryString: '',
      headers: { 'content-type': 'application/json', host: 'localhost', origin: api.web, rid: 'emailpassword', ...headers },
      requestContext: { http: { method, path, protocol: 'HTTP/1.1', sourceIp: '10.8.0.1', userAgent: 'test' }, requestId: `no-undici-${path}`, stage: '$default', timeEpoch: Date.now() },
      body: body === undefined ? undefined : JSON.stringify(body),
      isBase64Encoded: false,
    });
    const signIn = event('POST', '/api/auth/signin', { 'st-auth-mode': 'header' }, { formFields: [{ id: 'email', value: address }, { id: 'password', value: 'engine42' }] });
    const child = `
      const { handler } = require(process.argv[1]);
      const context = { awsRequestId: 'test', functionName: 'auth', getRemainingTimeInMillis: () => 10000 };
      (async () => {
        const signedIn = await handler(JSON.parse(process.argv[2]), context);
        const token = signedIn.headers['st-access-token'];
        const signOut = JSON.parse(process.argv[3]);
        signOut.headers.authorization = 'Bearer ' + token;
        const signedOut = await handler(signOut, context);
        console.log(JSON.stringify({ signIn: JSON.parse(signedIn.body).status, hadToken: Boolean(token), signOut: JSON.parse(signedOut.body).status, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));
      })().catch((e) => { console.error(e); process.exit(1); });`;
    const { stdout } = await run(process.execPath, ['-e', child, join(dir, 'auth', 'index.js'), JSON.stringify(signIn), JSON.stringify(event('POST', '/api/auth/signout', {}))], {
      env: { ...process.env, ...stack.env, LOG_LEVEL: 'SILENT', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ signIn: 'OK', hadToken: true, signOut: 'OK', undici: false });
  });

  it("changes a password through the bundled account Lambda in a fresh process without loading Node's fetch (undici)", async () => {
    const address = email('bundled-account-no-undici');
    const who = new AuthApi(api.api, api.web);
    expect((await who.signUp(address, 'engine42')).status).toBe('OK');
    await verifyThroughOutbox(who, stack.outboxDir, address);
    expect((await who.post('/api/ensure-user-exists')).status).toBe(200);
    const change = {
      version: '2.0',
      routeKey: 'POST /api/account/password',
      rawPath: '/api/account/password',
      rawQueryString: '',
      headers: { 'content-type': 'application/json', host: 'localhost', origin: api.web, rid: 'anti-csrf', cookie: who.jar.header() },
      cookies: who.jar.header().split('; '),
      requestContext: { http: { method: 'POST', path: '/api/account/password', protocol: 'HTTP/1.1', sourceIp: '10.8.0.2', userAgent: 'test' }, requestId: 'no-undici-password', stage: '$default', timeEpoch: Date.now() },
      body: JSON.stringify({ currentPassword: 'engine42', newPassword: 'turbine77' }),
      isBase64Encoded: false,
    };
    const child = `
      const { handler } = require(process.argv[1]);
      handler(JSON.parse(process.argv[2]), { awsRequestId: 'test', functionName: 'account', getRemainingTimeInMillis: () => 10000 })
        .then((res) => console.log(JSON.stringify({ status: res.statusCode, undici: process.moduleLoadList.some((m) => m.includes('undici')) })))
        .catch((e) => { console.error(e); process.exit(1); });`;
    const { stdout } = await run(process.execPath, ['-e', child, join(dir, 'account', 'index.js'), JSON.stringify(change)], {
      env: { ...process.env, ...stack.env, LOG_LEVEL: 'SILENT', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ status: 200, undici: false });
    expect((await new AuthApi(api.api, api.web).signIn(address, 'turbine77')).status).toBe('OK');
  });

  it('signs up, refuses a wrong password, signs in, refreshes and signs out', async () => {
    const address = email('bundled-auth');
    const who = new AuthApi(api.api, api.web);
    expect((await who.signUp(address, 'engine42')).status).toBe('OK');
    await verifyThroughOutbox(who, stack.outboxDir, address);
    expect((await who.post('/api/ensure-user-exists')).status).toBe(200);
    expect((await who.signOut()).status).toBe('OK');

    const again = new AuthApi(api.api, api.web, who.address);
    expect((await again.signIn(address, 'engine43')).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await again.signIn(address, 'engine42')).status).toBe('OK');
    const profile = await again.get('/api/account');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: address, signInMethods: ['password'] });

    const refreshed = await refreshWithCookie(api.api, api.web, again.jar.get('sRefreshToken')!);
    expect(refreshed.status).toBe(200);
    expect(setCookies(refreshed).sAccessToken).toBeTruthy();

    expect((await again.signOut()).status).toBe('OK');
    expect((await again.get('/api/account')).status).toBe(401);
  });

  it('answers a refresh 503 with Retry-After when the core does not answer in its time limit, and refreshes once it answers again', async () => {
    const address = email('bundled-held');
    const who = new AuthApi(api.api, api.web);
    expect((await who.signUp(address, 'engine42')).status).toBe('OK');
    await verifyThroughOutbox(who, stack.outboxDir, address);
    const refreshToken = who.jar.get('sRefreshToken')!;

    // As deployed: the bundle's fetch gives the core CORE_TIMEOUT_MS, then the refresh is "try again", not a 500.
    stack.coreGate!.set('hold');
    try {
      const held = await refreshWithCookie(api.api, api.web, refreshToken);
      expect(held.status).toBe(503);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await held.json()) as { message: string }).message).toMatch(/try again in a moment/);
    } finally {
      stack.coreGate!.set('pass');
    }
    const refreshed = await refreshWithCookie(api.api, api.web, refreshToken);
    expect(refreshed.status).toBe(200);
    expect(setCookies(refreshed).sAccessToken).toBeTruthy();
  });

  it('changes a password through the bundled account Lambda, and the old one stops working', async () => {
    const address = email('bundled-password');
    const who = new AuthApi(api.api, api.web);
    expect((await who.signUp(address, 'engine42')).status).toBe('OK');
    await verifyThroughOutbox(who, stack.outboxDir, address);
    expect((await who.post('/api/ensure-user-exists')).status).toBe(200);
    const changed = await who.call('POST', '/api/account/password', { currentPassword: 'engine42', newPassword: 'turbine77' });
    expect(changed.status).toBe(200);
    const later = new AuthApi(api.api, api.web, who.address);
    expect((await later.signIn(address, 'engine42')).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await later.signIn(address, 'turbine77')).status).toBe('OK');
  });

  it('resets a password from the mailed link through the bundled auth Lambda', async () => {
    const address = email('bundled-reset');
    expect((await new AuthApi(api.api, api.web).signUp(address, 'engine42')).status).toBe('OK');
    expect((await new AuthApi(api.api, api.web).requestPasswordReset(address)).status).toBe('OK');
    const token = linkIn(await latestMailTo(stack.outboxDir, address, 5000, 'password-reset')).searchParams.get('token')!;
    expect((await new AuthApi(api.api, api.web).resetPassword(token, 'turbine77')).status).toBe('OK');
    expect((await new AuthApi(api.api, api.web).signIn(address, 'turbine77')).status).toBe('OK');
  });

  it("answers 404 to the OAuth2 provider's /oauth APIs, the only callers of the set-cookie-parser the bundle leaves out", async () => {
    for (const path of ['/api/auth/oauth/auth', '/api/auth/oauth/login', '/api/auth/oauth/token']) {
      expect((await fetch(`${api.api}${path}`, { method: path.endsWith('token') ? 'POST' : 'GET' })).status).toBe(404);
    }
  });

  it('continues with Google through the stand-in (discovery, token and key-set calls over the injected fetch)', async () => {
    const { who, result } = await signInWithGoogle({ ...stack, ...api }, email('bundled-google'), 'Bundled Google');
    expect(result.status).toBe('OK');
    expect(result.createdNewRecipeUser).toBe(true);
    expect(who.hasSession()).toBe(true);
    // A Google sign-up makes the record itself (functions/auth/google-sign-up.ts).
    expect((await who.get('/api/account')).body).toMatchObject({ signInMethods: ['google'] });
  });
});
