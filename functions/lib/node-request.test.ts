import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDLE_CONNECTION_MS, nodeFetch, nodeRequest, requestsSent } from './node-request';

let server: Server;
let base: string;
let handle: (req: IncomingMessage, res: ServerResponse, body: string) => void;
const served = new WeakMap<Socket, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    served.set(req.socket, (served.get(req.socket) ?? 0) + 1);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('nodeRequest', () => {
  it('sends the method, headers and body, and reads the whole answer', async () => {
    handle = (req, res, body) => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, key: req.headers['api-key'], length: req.headers['content-length'], body }));
    const res = await nodeRequest(`${base}/recipe/session/verify`, { method: 'POST', headers: { 'api-key': 'k' }, body: '{"a":"é"}', timeoutMs: 1000 });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ method: 'POST', key: 'k', length: '10', body: '{"a":"é"}' });
  });

  it('opens a new connection rather than use one idle for longer than IDLE_CONNECTION_MS (a frozen Lambda cannot see the server close it)', async () => {
    const sockets = new Set<Socket>();
    handle = (req, res) => (sockets.add(req.socket), res.writeHead(200).end('ok'));
    await nodeRequest(`${base}/a`, { method: 'POST', body: '1', timeoutMs: 1000 });
    await nodeRequest(`${base}/b`, { method: 'POST', body: '2', timeoutMs: 1000 });
    expect(sockets.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, IDLE_CONNECTION_MS + 200));
    await nodeRequest(`${base}/c`, { method: 'POST', body: '3', timeoutMs: 1000 });
    expect(sockets.size).toBe(2);
  }, 10_000);

  it('follows no redirect', async () => {
    handle = (_req, res) => res.writeHead(302, { location: '/elsewhere' }).end();
    expect((await nodeRequest(`${base}/.well-known/jwks.json`, { method: 'GET', timeoutMs: 1000 })).status).toBe(302);
  });

  it('gives up after its time limit', async () => {
    handle = () => undefined; // never answers
    await expect(nodeRequest(`${base}/slow`, { method: 'GET', timeoutMs: 50 })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reuses its connection, and asks an idempotent request again on a new one when the core dropped the kept one', async () => {
    handle = (req, res) => res.end(String(served.get(req.socket)));
    await nodeRequest(`${base}/a`, { method: 'GET', timeoutMs: 1000 });
    expect((await nodeRequest(`${base}/b`, { method: 'GET', timeoutMs: 1000 })).body).not.toBe('1');
    // The core closes the kept connection as the next request arrives (as one frozen Lambda's peer may have).
    handle = (req, res) => (served.get(req.socket)! > 1 ? req.socket.destroy() : res.end('fresh'));
    expect((await nodeRequest(`${base}/c`, { method: 'GET', timeoutMs: 1000, idempotent: true })).body).toBe('fresh');
  });

  it('never sends a request that is not marked idempotent again when its kept connection is reset: the other side may have read it', async () => {
    handle = (_req, res) => res.end('warm');
    await nodeRequest(`${base}/warm`, { method: 'GET', timeoutMs: 1000 });
    // The core reads the refresh, then the connection drops before it answers (one that rotated the token).
    const refreshes: string[] = [];
    handle = (req, res, body) => {
      refreshes.push(body);
      if (served.get(req.socket)! > 1) req.socket.destroy();
      else res.end('{"status":"OK"}');
    };
    await expect(
      nodeRequest(`${base}/recipe/session/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"refreshToken":"r1"}', timeoutMs: 1000 }),
    ).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(refreshes).toEqual(['{"refreshToken":"r1"}']);
  });

  it("sends Stripe's requests again after a reset only when a repeat is harmless: an idempotency key, or a DELETE", async () => {
    const seen: string[] = [];
    const resetKept = (req: IncomingMessage, res: ServerResponse) => {
      seen.push(`${req.method} ${req.url}`);
      if (served.get(req.socket)! > 1) req.socket.destroy();
      else res.end('{}');
    };
    const warm = async () => {
      handle = (_req, res) => res.end('warm');
      await nodeRequest(`${base}/warm`, { method: 'GET', timeoutMs: 1000 });
      handle = resetKept;
      seen.length = 0;
    };
    await warm();
    expect((await nodeFetch(`${base}/v1/customers`, { method: 'POST', headers: { 'Idempotency-Key': 'k1' }, body: 'a=1', signal: AbortSignal.timeout(1000) })).ok).toBe(true);
    expect(seen).toEqual(['POST /v1/customers', 'POST /v1/customers']);
    await warm();
    expect((await nodeFetch(`${base}/v1/subscriptions/sub_1`, { method: 'DELETE', headers: {}, signal: AbortSignal.timeout(1000) })).ok).toBe(true);
    expect(seen).toEqual(['DELETE /v1/subscriptions/sub_1', 'DELETE /v1/subscriptions/sub_1']);
    await warm();
    await expect(nodeFetch(`${base}/v1/customers`, { method: 'POST', headers: {}, body: 'a=1', signal: AbortSignal.timeout(1000) })).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(seen).toEqual(['POST /v1/customers']);
  });

  it('tells when the requests started so far are on their way, before they are answered', async () => {
    let answer!: () => void;
    handle = (_req, res) => (answer = () => res.end('late'));
    const pending = nodeRequest(`${base}/keys`, { method: 'GET', timeoutMs: 1000 });
    await requestsSent();
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer();
    expect((await pending).body).toBe('late');
    await requestsSent(); // none outstanding: at once
  });

  it("answers in fetch's shape for callers written against fetch (Stripe's)", async () => {
    handle = (_req, res) => res.writeHead(402, { 'content-type': 'application/json', 'request-id': 'req_1' }).end('{"error":{"code":"card_declined"}}');
    const res = await nodeFetch(`${base}/v1/customers`, { method: 'POST', headers: {}, body: 'a=1', signal: AbortSignal.timeout(1000) });
    expect(res).toMatchObject({ ok: false, status: 402 });
    expect(res.headers.get('Request-Id')).toBe('req_1');
    expect(res.headers.get('stripe-should-retry')).toBeNull();
    expect(await res.json()).toEqual({ error: { code: 'card_declined' } });
  });

  it('refuses an address that is not http(s)', async () => {
    await expect(nodeRequest('file:///etc/passwd', { method: 'GET', timeoutMs: 1000 })).rejects.toThrow('Not an http(s) address');
  });
});
