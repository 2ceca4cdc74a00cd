import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRelease } from '../../functions/releases/publish-release';
import { gatewayService } from '../../infra/local/gateway';
import { holdPort } from '../../infra/local/ports';
import { DEFAULT_PLATFORM } from '../../shared/platforms';
import type { RouteDef } from '../../shared/routes';
import { texts } from '../../shared/texts';
import { useTestStack } from '../support/local-stack';

const stack = useTestStack();

describe('GET /api/latest-version through the local gateway', () => {
  it('answers 404 with a clear message before any release exists', async () => {
    const res = await fetch(`${stack.api}/api/latest-version`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: texts.api.noRelease });
  });

  it('answers the newest release, cacheable for a minute with an ETag', async () => {
    for (const version of ['1.9.0', '1.10.1', '1.10.0']) {
      await publishRelease(stack.db, { platform: DEFAULT_PLATFORM, version, downloadUrl: `https://cdn.example.com/${version}.exe`, pubDate: '2026-11-02' });
    }
    const res = await fetch(`${stack.api}/api/latest-version`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(await res.json()).toEqual({ version: '1.10.1', pub_date: '2026-11-02T00:00:00.000Z', download_url: 'https://cdn.example.com/1.10.1.exe' });
  });

  it('answers 304 without a body when the ETag matches, and 200 when it does not', async () => {
    const first = await fetch(`${stack.api}/api/latest-version`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${stack.api}/api/latest-version`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const stale = await fetch(`${stack.api}/api/latest-version`, { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  it('answers ?platform= per platform; without it, Windows x86_64 as before', async () => {
    expect((await fetch(`${stack.api}/api/latest-version?platform=darwin-aarch64`)).status).toBe(404);
    await publishRelease(stack.db, { platform: 'darwin-aarch64', version: '1.2.0', downloadUrl: 'https://cdn.example.com/Voxpen_1.2.0_aarch64.dmg', pubDate: '2026-11-03' });
    const mac = await fetch(`${stack.api}/api/latest-version?platform=darwin-aarch64`);
    expect(await mac.json()).toEqual({ version: '1.2.0', pub_date: '2026-11-03T00:00:00.000Z', download_url: 'https://cdn.example.com/Voxpen_1.2.0_aarch64.dmg' });
    expect(mac.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await (await fetch(`${stack.api}/api/latest-version`)).json()).version).toBe('1.10.1');
    expect((await (await fetch(`${stack.api}/api/latest-version?platform=windows-x86_64`)).json()).version).toBe('1.10.1');
    // The name releases were stored under before platforms: the same Windows build.
    expect((await (await fetch(`${stack.api}/api/latest-version?platform=windows-x64`)).json()).version).toBe('1.10.1');
  });

  it.each(['macos', 'darwin', 'windows-x86_64 ', ''])('answers ?platform=%j 400 naming the platforms', async (platform) => {
    const res = await fetch(`${stack.api}/api/latest-version?platform=${encodeURIComponent(platform)}`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('darwin-aarch64');
  });

  it('lets the Vite origin call it with credentials (CORS)', async () => {
    const origin = stack.env.WEB_ORIGIN!;
    const res = await fetch(`${stack.api}/api/latest-version`, { headers: { origin } });
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const elsewhere = await fetch(`${stack.api}/api/latest-version`, { headers: { origin: 'https://evil.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the local gateway', () => {
  it('answers an unknown route 404 { message: "Not found" }', async () => {
    const res = await fetch(`${stack.api}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });

  it('answers a wrong method 405 with an Allow header', async () => {
    const res = await fetch(`${stack.api}/api/latest-version`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(await res.json()).toEqual({ message: texts.api.methodNotAllowed });
  });

  describe('with a fixture route', () => {
    let gateway: { url: string; stop(): Promise<void> };
    beforeAll(async () => {
      const routes = [
        { method: 'POST', path: '/api/echo/{id}', fn: 'echo' },
        { method: 'GET', path: '/api/boom', fn: 'boom' },
      ] as unknown as RouteDef[];
      const functions = { echo: { entry: 'test/fixtures/echo-handler.ts' }, boom: { entry: 'test/fixtures/throwing-handler.ts' } };
      gateway = await gatewayService({ port: await holdPort(), routes, functions, corsOrigins: [] }).start();
    });
    afterAll(() => gateway.stop());

    it('hands the handler a payload 2.0 event', async () => {
      const res = await fetch(`${gateway.url}/api/echo/a%2Fb?x=1&x=2&y=3`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Custom': 'Yes', cookie: 'sAccessToken=abc; other=1' },
        body: JSON.stringify({ hello: 'world' }),
      });
      const event = await res.json();
      expect(event).toMatchObject({
        version: '2.0',
        routeKey: 'POST /api/echo/{id}',
        rawPath: '/api/echo/a%2Fb',
        rawQueryString: 'x=1&x=2&y=3',
        cookies: ['sAccessToken=abc', 'other=1'],
        queryStringParameters: { x: '1,2', y: '3' },
        pathParameters: { id: 'a/b' },
        body: '{"hello":"world"}',
        isBase64Encoded: false,
        requestContext: { http: { method: 'POST', path: '/api/echo/a%2Fb', sourceIp: '127.0.0.1' }, stage: '$default' },
      });
      expect(event.headers['x-custom']).toBe('Yes');
      expect(event.headers.cookie).toBeUndefined();
    });

    it('base64-encodes a binary body', async () => {
      const bytes = Buffer.from([0, 1, 2, 250, 251]);
      const res = await fetch(`${gateway.url}/api/echo/1`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
      const event = await res.json();
      expect(event.isBase64Encoded).toBe(true);
      expect(Buffer.from(event.body, 'base64')).toEqual(bytes);
    });

    it('maps the result back: status, headers and each cookie as its own Set-Cookie', async () => {
      const res = await fetch(`${gateway.url}/api/echo/1`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-handler')).toBe('echo');
      expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/; SameSite=Lax']);
    });

    it('refuses a body over a megabyte with 413 before invoking the handler', async () => {
      const res = await fetch(`${gateway.url}/api/echo/1`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: texts.api.payloadTooLarge });
    });

    it('answers 500 { message: "Internal error" } with no stack when a handler throws', async () => {
      const res = await fetch(`${gateway.url}/api/boom`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ message: 'Internal error' });
      expect(text).not.toContain('secret-internal-detail');
    });
  });
});
