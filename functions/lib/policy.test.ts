/**
 * The policy enforcer's parts that need no stack (the route × state walk through the local stack is
 * test/integration/route-policy.test.ts): the same-origin rule, and that every Lambda serving a route
 * declared notDeleting gives the enforcer its deletion-mark reader. Locally all handlers share one
 * process, so only a fresh module registry per Lambda shows one that forgot.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, type RoutePolicy } from '../../shared/route-policy';
import { functions, routes } from '../../shared/routes';
import { texts } from '../../shared/texts';
import { sameOriginRefusal } from './policy';

const env = { WEB_ORIGIN: 'https://voxpen.app', API_ORIGIN: 'https://voxpen.app' };
const refusal = (headers: Record<string, string>, cookies?: string[]) => sameOriginRefusal({ headers, cookies }, env);

describe('sameOriginRefusal', () => {
  it.each([
    ['from the site, with the header and cookies', { origin: 'https://voxpen.app', 'sec-fetch-site': 'same-origin', rid: 'anti-csrf' }, ['sAccessToken=t']],
    ['from a client that sends no Origin and no cookie (the desktop app)', { authorization: 'Bearer t' }, undefined],
    ['the refresh, with the SDK’s rid', { rid: 'session' }, ['sRefreshToken=r']],
  ])('lets %s through', (_, headers, cookies) => {
    expect(refusal(headers, cookies)).toBeUndefined();
  });

  it.each([
    ['another site', { origin: 'https://evil.example', rid: 'anti-csrf' }, undefined],
    ['a cross-site fetch, whatever its Origin', { origin: 'https://voxpen.app', 'sec-fetch-site': 'cross-site', rid: 'x' }, undefined],
    ['a same-site origin that is not the site', { origin: 'https://shop.voxpen.app', 'sec-fetch-site': 'same-site', rid: 'x' }, undefined],
    ['same-site without an Origin', { 'sec-fetch-site': 'same-site', rid: 'x' }, undefined],
    ['an opaque origin', { origin: 'null', rid: 'x' }, undefined],
    ['the session cookies without the custom header', { origin: 'https://voxpen.app' }, ['sAccessToken=t']],
    ['the refresh cookie without the custom header', {}, ['sRefreshToken=r']],
    ['cookies in the header rather than the event’s list, without the custom header', { cookie: 'a=b; sAccessToken=t' }, undefined],
  ])('refuses %s', (_, headers, cookies) => {
    expect(refusal(headers, cookies)).toBe(texts.api.notFromTheSite);
  });
});

describe('every Lambda with a notDeleting route reads deletion marks', () => {
  const declared = (policy: RoutePolicy | 'AUTH_PATHS'): RoutePolicy[] => (policy === 'AUTH_PATHS' ? Object.values(AUTH_PATHS) : [policy]);
  const needing = [...new Set(routes.filter((route) => declared(route.policy).some((p) => p.caller !== 'anyone' && p.notDeleting)).map((route) => route.fn))];

  it.each(needing)('%s', async (fn) => {
    expect(needing.length).toBeGreaterThan(3);
    vi.resetModules();
    await import(/* @vite-ignore */ pathToFileURL(resolve(import.meta.dirname, '../..', functions[fn].entry)).href);
    const { readsDeletionMarks } = await import('./policy');
    expect(readsDeletionMarks()).toBe(true);
  });
});
