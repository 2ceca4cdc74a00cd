/**
 * The CDN stand-in the browser journeys load the site through (infra/local/static-site.ts with `api`):
 * it sends /api/* on to the API as CloudFront does, with the viewer's own address and the origin
 * secret, so each client is known by its address behind it, as deployed, and the per-address limits
 * count each client apart. Without that, every request would reach the API from the stand-in's one
 * address.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EMAIL_EXISTS_RULE } from '../../functions/auth/auth-limits';
import type { RunningService } from '../../infra/local/service';
import { staticSiteService } from '../../infra/local/static-site';
import { localSecretEnvName } from '../../shared/secrets';
import { FRONT_TOKEN_COOKIE } from '../../shared/site-pages';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';

const stack = useTestStack();
const siteDir = mkdtempSync(join(tmpdir(), 'voxpen-stand-in-'));
let site: RunningService;

beforeAll(async () => {
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Voxpen</title>');
  mkdirSync(join(siteDir, 'signin'));
  writeFileSync(join(siteDir, 'signin/index.html'), '<!doctype html><title>Sign in | Voxpen</title>');
  mkdirSync(join(siteDir, 'auth/reset-password'), { recursive: true });
  writeFileSync(join(siteDir, 'auth/reset-password/index.html'), '<!doctype html><title>Reset your password | Voxpen</title>');
  writeFileSync(join(siteDir, '_app.html'), '<!doctype html><title>Voxpen</title>');
  const originSecret = (JSON.parse(stack.env[localSecretEnvName('originVerify')]!) as { value: string }).value;
  site = await staticSiteService({ dir: siteDir, port: 0, api: () => ({ origin: stack.api, originSecret }) }).start();
});
afterAll(async () => {
  await site?.stop();
  rmSync(siteDir, { recursive: true, force: true });
});

const emailExists = (who: AuthApi, n: number, headers: Record<string, string> = {}) =>
  who.call('GET', `/api/auth/emailpassword/email/exists?email=${encodeURIComponent(`look-${n}@example.com`)}`, undefined, { rid: 'emailpassword', ...headers });

it("counts each client behind it by its own address, never by one a caller names, and serves the site's files beside", async () => {
  expect((await fetch(`${site.url}/`)).status).toBe(200);
  const one = new AuthApi(site.url, site.url);
  const other = new AuthApi(site.url, site.url);
  for (let i = 0; i < EMAIL_EXISTS_RULE.limit; i++) expect((await emailExists(one, i)).status).toBe(200);
  expect((await emailExists(one, 99)).status).toBe(429);
  // A viewer address the caller sends is replaced by its connection's, as CloudFront does.
  expect((await emailExists(one, 100, { 'cloudfront-viewer-address': `${other.address}:1` })).status).toBe(429);
  expect((await emailExists(other, 101)).status).toBe(200);
});

it('sends a visit with a session past /signin and /signup, as the CloudFront Function does, and serves the form to one without', async () => {
  const cookie = { cookie: `${FRONT_TOKEN_COOKIE}=eyJ1aWQiOiJ1In0=` };
  const visit = (path: string, headers: Record<string, string> = {}) => fetch(`${site.url}${path}`, { headers, redirect: 'manual' });
  for (const path of ['/signin', '/signup']) {
    const answer = await visit(path, cookie);
    expect(answer.status, path).toBe(302);
    expect(answer.headers.get('location')).toBe('/dashboard');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  }
  // The desktop app's sign-in goes on to /launch with its query as sent, which asks the visitor first.
  const desktop = 'origin=desktop&redirect_url=http%3A%2F%2F127.0.0.1%3A53123%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s';
  expect((await visit(`/signin?${desktop}`, cookie)).headers.get('location')).toBe(`/launch?${desktop}`);
  // A return path is the page's to keep: served.
  expect((await visit('/signin?redirectToPath=%2Faccount', cookie)).status).toBe(200);
  const signedOut = await visit(`/signin?${desktop}`);
  expect(signedOut.status).toBe(200);
  expect(await signedOut.text()).toContain('<title>Sign in | Voxpen</title>');
});

it("serves the emailed reset link the bare shell and the reset page its form, as the CloudFront Function does", async () => {
  const title = async (path: string) => /<title>([^<]*)<\/title>/.exec(await (await fetch(`${site.url}${path}`)).text())?.[1];
  expect(await title('/auth/reset-password')).toBe('Reset your password | Voxpen');
  expect(await title('/auth/reset-password?email=a%40example.com')).toBe('Reset your password | Voxpen');
  expect(await title('/auth/reset-password?token=abc')).toBe('Voxpen');
});
