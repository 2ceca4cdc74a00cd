import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, listen } from '../http-server';
import { holdPort } from '../ports';
import { createRouter, parsePath, type LogEntry } from './router';

describe('CDI paths', () => {
  it('reads the app and tenant prefixes supertokens-node adds', () => {
    expect(parsePath('/public/recipe/signup')).toEqual({ appId: 'public', tenantId: 'public', path: '/recipe/signup' });
    expect(parsePath('/recipe/session/verify')).toEqual({ appId: 'public', tenantId: 'public', path: '/recipe/session/verify' });
    expect(parsePath('/appid-app1/tenant2/users/by-accountinfo')).toEqual({ appId: 'app1', tenantId: 'tenant2', path: '/users/by-accountinfo' });
    expect(parsePath('/appid-public/.well-known/jwks.json')).toEqual({ appId: 'public', tenantId: 'public', path: '/.well-known/jwks.json' });
    expect(parsePath('/')).toEqual({ appId: 'public', tenantId: 'public', path: '/' });
    expect(parsePath('/%E0%A4%A/recipe/signup').path).toBe('/recipe/signup');
  });
});

describe('the router', () => {
  let server: Server;
  let base: string;
  const log: LogEntry[] = [];
  beforeAll(async () => {
    const router = createRouter(
      [
        { method: 'POST', path: '/recipe/echo', handle: (r) => ({ status: 'OK', tenant: r.tenantId, body: r.body }) },
        {
          method: 'GET',
          path: '/recipe/broken',
          handle: () => {
            throw new Error('database said no');
          },
        },
      ],
      { apiKeys: ['k1', 'k2'], log: (e) => log.push(e) },
    );
    server = createServer(router);
    const port = await holdPort();
    await listen(server, port);
    base = `http://localhost:${port}`;
  });
  afterAll(() => close(server));

  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { 'api-key': 'k2', 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('passes JSON bodies and the tenant to the route, with any of the configured api keys', async () => {
    expect(await call('/public/recipe/echo', { method: 'POST', body: '{"a":1}' })).toEqual({ status: 200, body: { status: 'OK', tenant: 'public', body: { a: 1 } } });
    expect((await call('/recipe/echo', { method: 'POST', body: '{}', headers: { 'api-key': 'k3' } })).status).toBe(401);
  });

  it('answers an internal failure 500 with a plain message, and logs what failed', async () => {
    const res = await call('/recipe/broken');
    expect(res).toEqual({ status: 500, body: { message: 'Internal error in the local auth core' } });
    expect(log).toContainEqual(expect.objectContaining({ level: 'error', path: '/recipe/broken', error: 'Error', detail: 'database said no' }));
    expect(log).toContainEqual(expect.objectContaining({ path: '/recipe/broken', status: 500 }));
  });

  it('refuses JSON that is not an object', async () => {
    expect(await call('/recipe/echo', { method: 'POST', body: '[1,2]' })).toEqual({ status: 400, body: { message: 'Invalid JSON input: expected an object' } });
  });
});
