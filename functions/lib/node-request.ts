/**
 * Outbound HTTP requests over node:http(s), not the global `fetch`: the product Lambdas' own (the
 * SuperTokens core's keys and session verify, the Stripe API) and, in the Lambda bundles, every
 * request supertokens-node and jose make (./bundle-shims/fetch-over-node-http.ts: the core's
 * sign-up, sign-in and refresh-token rotation, password resets, Google's one-use code exchange).
 * Node loads fetch's implementation (undici) on its first use, and that load was 25–60 ms of every
 * signed-in Lambda's cold start here; node:http(s) is loaded already, the AWS SDK's own
 * transport. What these calls need of fetch is kept: a time limit, no redirects followed,
 * connections kept alive for a warm container's next request.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface NodeRequest {
  /** Any fetch caller's: the SDK's querier also sends PUT and PATCH. */
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** The longest the request may take; or `signal`, as fetch takes it. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * The other side may see this request twice without harm: a read, the core's session verify, a
   * Stripe request with an idempotency key. Only such a request is sent again after a kept-alive
   * connection failed (see nodeRequest); without it, never.
   */
  idempotent?: true;
}

export interface NodeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Far above any answer these calls get (a key set, a verify answer, a Stripe object: a few KB). */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * How long a kept-alive connection may sit idle and still be used (undici's default, which fetch
 * had). Servers close idle connections after their own timeout, and a Lambda frozen between
 * invocations cannot see the close: on thaw, a connection idle for minutes would carry the next
 * request into a reset, and a request that may not be repeated (a sign-in, a refresh) would fail.
 * So an older one is closed before a request rather than used.
 */
export const IDLE_CONNECTION_MS = 4_000;

const idleSince = new WeakMap<object, number>();

function keepingIdleTime<A extends http.Agent>(agent: A): A {
  const keep = agent.keepSocketAlive.bind(agent);
  // Called as a connection is put back in the pool (Node's own returns whether it may be kept).
  agent.keepSocketAlive = (socket) => {
    idleSince.set(socket, Date.now());
    return keep(socket);
  };
  return agent;
}

// fifo: the longest idle connection is first in each pool, where the agent skips a closed one.
const agents = {
  'http:': keepingIdleTime(new http.Agent({ keepAlive: true, scheduling: 'fifo' })),
  'https:': keepingIdleTime(new https.Agent({ keepAlive: true, scheduling: 'fifo' })),
};

/** Closes the agent's connections idle for longer than IDLE_CONNECTION_MS, before a request picks one. */
function closeStaleConnections(agent: http.Agent): void {
  const now = Date.now();
  for (const pool of Object.values(agent.freeSockets)) {
    for (const socket of pool ?? []) if (now - (idleSince.get(socket) ?? 0) > IDLE_CONNECTION_MS) socket.destroy();
  }
}

let unsent = 0;
let whenAllSent: (() => void)[] = [];

function sentOrFailed(): void {
  unsent--;
  if (unsent === 0) for (const resolve of whenAllSent.splice(0)) resolve();
}

/**
 * Resolves once every request started so far has been handed to the OS (or failed): CPU work started
 * then runs while the other side answers, instead of holding those requests back (./session.ts).
 */
export function requestsSent(): Promise<void> {
  return unsent === 0 ? Promise.resolve() : new Promise((resolve) => whenAllSent.push(resolve));
}

function once(url: URL, request: NodeRequest, signal: AbortSignal | undefined): Promise<{ response: NodeResponse } | { error: Error; reusedSocket: boolean }> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const agent = agents[url.protocol as keyof typeof agents];
    closeStaleConnections(agent);
    const req = transport.request(url, { method: request.method, headers, agent, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) res.destroy(new Error(`The answer from ${url.host} exceeded ${MAX_RESPONSE_BYTES} bytes`));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve({ response: { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') } }));
      res.on('error', (error) => resolve({ error, reusedSocket: false }));
    });
    req.on('error', (error) => resolve({ error, reusedSocket: req.reusedSocket }));
    unsent++;
    let counted = true;
    const settle = () => {
      if (counted) (counted = false), sentOrFailed();
    };
    req.on('finish', settle);
    req.on('close', settle);
    req.end(request.body);
  });
}

/**
 * One request, its whole answer read. A kept-alive connection the other side closed while the Lambda
 * was frozen fails on reuse (`request.reusedSocket`, ECONNRESET or EPIPE); an `idempotent` request is
 * then sent once more on a new connection, as Node's docs advise. Any other request is not: such a
 * failure usually means the other side never read it, but not always, and a repeat of one that was
 * read can do harm (the core takes a refresh token presented twice for a stolen one and revokes the
 * session; Google's code exchange and a password reset token are good once). Every failure not
 * retried (refused, timed out, reset) is thrown.
 */
export async function nodeRequest(url: string | URL, request: NodeRequest): Promise<NodeResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`Not an http(s) address: ${target.protocol}`);
  // One limit for both attempts, as one fetch with its signal would have.
  const signal = request.signal ?? (request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs));
  const first = await once(target, request, signal);
  if ('response' in first) return first.response;
  const code = (first.error as NodeJS.ErrnoException).code;
  if (!request.idempotent || !first.reusedSocket || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw first.error;
  const second = await once(target, request, signal);
  if ('response' in second) return second.response;
  throw second.error;
}

/** What code written against fetch reads of its answer (functions/billing/stripe-api.ts). */
export interface FetchedResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

export type FetchLike = (url: string, init: { method: NodeRequest['method']; headers: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<FetchedResponse>;

/**
 * Whether a fetch-shaped request may be sent twice: a GET, HEAD or DELETE (idempotent by HTTP's
 * definition), or one carrying an idempotency key (Stripe's POSTs: a repeat returns the first answer).
 */
function repeatable(init: Parameters<FetchLike>[1]): boolean {
  if (init.method === 'GET' || init.method === 'HEAD' || init.method === 'DELETE') return true;
  return Object.keys(init.headers).some((name) => name.toLowerCase() === 'idempotency-key');
}

/** nodeRequest in fetch's shape, for callers written against fetch (tests hand them a fake fetch). */
export const nodeFetch: FetchLike = async (url, init) => {
  const res = await nodeRequest(url, { ...init, ...(repeatable(init) ? { idempotent: true } : {}) });
  return {
    ok: res.status >= 200 && res.status <= 299,
    status: res.status,
    headers: {
      get: (name) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    json: async () => JSON.parse(res.body) as unknown,
  };
};
