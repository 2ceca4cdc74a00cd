import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askCore, CDI_VERSION, type CoreConnection } from './core-api';
import { withRequestDeadline } from './deadline';
import { unavailableDependency } from './unavailable';

/** A core on a loopback port whose answer each test sets; it records what it was sent. */
let server: Server;
let core: CoreConnection;
let answer: (req: IncomingMessage, res: ServerResponse) => void;
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  core = { connectionUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, apiKey: 'test-core-key' };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, value: unknown) => (_req: IncomingMessage, res: ServerResponse) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

describe('askCore', () => {
  it("sends the SDK's request: the tenant in the path, the query, cdi-version, api-key and rid, a JSON body", async () => {
    answer = json(200, { status: 'OK', token: 't' });
    seen.length = 0;
    const got = await askCore(core, { method: 'POST', path: '/recipe/user/email/verify/token', tenant: 'public', rid: 'emailverification', query: { a: 'x y', b: undefined }, body: { userId: 'u' }, what: 'a token' });
    expect(got).toEqual({ status: 'OK', token: 't' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/public/recipe/user/email/verify/token?a=x+y', body: '{"userId":"u"}' });
    expect(seen[0]!.headers).toMatchObject({ 'cdi-version': CDI_VERSION, 'api-key': 'test-core-key', rid: 'emailverification', 'content-type': 'application/json; charset=utf-8' });
  });

  it.each([500, 503, 429])('takes a core answering %i for one that is away (the handlers answer 503 with Retry-After)', async (status) => {
    answer = json(status, { message: 'the core quoting the request' });
    const failure = await askCore(core, { method: 'GET', path: '/user/id', query: { userId: 'u' }, what: 'a user read' }).catch((e: unknown) => e);
    expect(unavailableDependency(failure)).toBe('auth');
    // What the core said can quote the request: it goes nowhere.
    expect((failure as Error).message).toBe(`The SuperTokens core answered ${status} to a user read`);
  });

  it('takes any other refusal for our own bug (a 500), not for the core being away', async () => {
    answer = json(400, { message: "Field 'userId' is missing or invalid" });
    const failure = await askCore(core, { method: 'GET', path: '/user/id', what: 'a user read' }).catch((e: unknown) => e);
    expect(unavailableDependency(failure)).toBeUndefined();
  });

  it("gives up on a core that does not answer within what is left of the request's budget: unavailable, in time for a 503", async () => {
    answer = () => undefined; // never answers
    const started = performance.now();
    // A Lambda with 1.7 s left keeps 1.5 s to answer: the core gets the 200 ms between.
    const failure = await withRequestDeadline({ getRemainingTimeInMillis: () => 1_700 }, () => askCore(core, { method: 'GET', path: '/recipe/session', query: { sessionHandle: 'h' }, what: 'a session read' })).catch((e: unknown) => e);
    expect(unavailableDependency(failure)).toBe('auth');
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
