import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CORE_TIMEOUT_MS } from '../unavailable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch, Headers, Response } from './fetch-over-node-http';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
const served = new WeakMap<Socket, number>();
let resetKept = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    served.set(req.socket, (served.get(req.socket) ?? 0) + 1);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      // The core dropping a kept connection as the next request arrives (as a frozen Lambda's peer may have).
      if (resetKept && served.get(req.socket)! > 1) return req.socket.destroy();
      if (req.url === '/moved') return res.writeHead(302, { location: '/elsewhere' }).end();
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2_000);
      if (req.url === '/never') return;
      if (req.url === '/text') return res.writeHead(500, { 'content-type': 'text/plain' }).end('core says no');
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' }).end(JSON.stringify({ status: 'OK', echo: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const last = () => seen[seen.length - 1]!;

describe("the bundles' fetch over node:http", () => {
  it("sends the querier's requests: method, headers and a string body, every method it uses", async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${base}/recipe/signin?x=1`, { method, headers: { 'cdi-version': '5.3', 'content-type': 'application/json; charset=utf-8' }, body: '{"a":1}', redirect: 'manual', cache: 'no-store' });
      expect(res.status).toBe(200);
      expect(last()).toMatchObject({ method, url: '/recipe/signin?x=1', body: '{"a":1}', headers: { 'cdi-version': '5.3', 'content-length': '7' } });
    }
  });

  it('answers as fetch does for what its callers read: status, ok, headers (any case), json, text, and a clone read again', async () => {
    const res = await fetch(`${base}/apiversion`, { method: 'GET', headers: {}, redirect: 'manual' });
    expect(res).toBeInstanceOf(Response);
    expect([res.status, res.ok]).toEqual([200, true]);
    expect(res.headers.get('Cache-Control')).toBe('max-age=60');
    expect(res.headers.get('content-type')?.startsWith('text')).toBe(false);
    const cached = res.clone();
    expect(await res.clone().json()).toEqual({ status: 'OK', echo: '' });
    expect(await res.json()).toEqual({ status: 'OK', echo: '' });
    expect(await cached.text()).toBe('{"status":"OK","echo":""}');
    const names: string[] = [];
    res.headers.forEach((_value, name) => names.push(name));
    expect(names).toContain('content-type');
  });

  it("answers a core's refusal as the querier reads it: status, text, and 'status' and 'text' in it", async () => {
    const res = await fetch(`${base}/text`, { method: 'GET', redirect: 'manual' });
    expect([res.status, res.ok]).toEqual([500, false]);
    expect('status' in res && 'text' in res).toBe(true);
    expect(await res.text()).toBe('core says no');
  });

  it("sends jose's key-set request: a Headers built and set, a signal, no redirect followed", async () => {
    const headers = new Headers(undefined);
    if (!headers.has('User-Agent')) headers.set('User-Agent', 'jose/v6');
    if (!headers.has('accept')) headers.set('accept', 'application/json, application/jwk-set+json');
    const res = await fetch(`${base}/.well-known/jwks.json`, { method: 'GET', signal: AbortSignal.timeout(5_000), redirect: 'manual', headers });
    expect(res.status).toBe(200);
    expect(last().headers).toMatchObject({ 'user-agent': 'jose/v6', accept: 'application/json, application/jwk-set+json' });
  });

  it('follows no redirect: a 302 is answered as it is', async () => {
    const res = await fetch(`${base}/moved`, { method: 'GET', redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/elsewhere');
  });

  it("rejects with the signal's reason when its time runs out, as fetch does (jose tells a TimeoutError)", async () => {
    await expect(fetch(`${base}/slow`, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('gives a request without a signal a time limit (the querier sets none): CORE_TIMEOUT_MS, so two fit in a Lambda\'s', async () => {
    const started = performance.now();
    const error = await fetch(`${base}/never`, { method: 'POST', body: '{}', redirect: 'manual' }).then(() => undefined, (e: unknown) => e as Error);
    // A timeout, not "fetch failed": the querier would take that for an unreachable core and send the write to the next.
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error?.message).not.toContain('fetch failed');
    expect(performance.now() - started).toBeGreaterThanOrEqual(CORE_TIMEOUT_MS - 100);
    expect(performance.now() - started).toBeLessThan(CORE_TIMEOUT_MS + 2_000);
  }, 10_000);

  it("fails a refused connection with 'fetch failed' and ECONNREFUSED, which the querier reads to try the next core", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(fetch(`http://127.0.0.1:${port}/apiversion`, { method: 'GET', redirect: 'manual' })).rejects.toMatchObject({ code: 'ECONNREFUSED', message: expect.stringContaining('fetch failed') });
  });

  it("asks a read again on a new connection when the kept one was reset, never a write (the core may have read it: a refresh token seen twice revokes the session)", async () => {
    const warm = async () => {
      resetKept = false;
      await fetch(`${base}/warm`, { method: 'GET', redirect: 'manual' });
      resetKept = true;
      seen.length = 0;
    };
    try {
      await warm();
      expect((await fetch(`${base}/.well-known/jwks.json`, { method: 'GET', redirect: 'manual' })).status).toBe(200);
      expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /.well-known/jwks.json', 'GET /.well-known/jwks.json']);
      await warm();
      await expect(fetch(`${base}/recipe/session/refresh`, { method: 'POST', body: '{"refreshToken":"r1"}', redirect: 'manual' })).rejects.toMatchObject({ code: 'ECONNRESET', message: expect.stringContaining('fetch failed') });
      expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /recipe/session/refresh']);
    } finally {
      resetKept = false;
    }
  });

  it('refuses what no caller sends, naming itself: redirects followed, a Request, a body other than a string', async () => {
    await expect(fetch(`${base}/moved`, { method: 'GET' })).rejects.toThrow(/redirect: 'follow' is not supported by the bundles' fetch/);
    await expect(fetch(new Request(`${base}/`) as never, { redirect: 'manual' })).rejects.toThrow(/A Request as input/);
    await expect(fetch(`${base}/`, { method: 'POST', body: new Uint8Array(1) as never, redirect: 'manual' })).rejects.toThrow(/A body other than a string/);
  });
});
