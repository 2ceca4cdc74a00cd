/**
 * The CDN stand-in the browser journeys load the site through (infra/local/static-site.ts with `api`):
 * it sends /api/* on to the API as CloudFront does, with the viewer's own address and the origin
 * secret, so each client is known by its address behind it, as deployed, and the per-address limits
 * count each client apart. Without that, every request would reach the API from the stand-in's one
 * address.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EMAIL_EXISTS_RULE } from '../../functions/auth/auth-limits';
import type { RunningService } from '../../infra/local/service';
import { staticSiteService } from '../../infra/local/static-site';
import { localSecretEnvName } from '../../shared/secrets';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';

const stack = useTestStack();
const siteDir = mkdtempSync(join(tmpdir(), 'voxpen-stand-in-'));
let site: RunningService;

beforeAll(async () => {
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Voxpen</title>');
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
