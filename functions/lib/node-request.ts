/**
 * The product Lambdas' own outbound HTTP requests (the SuperTokens core's keys and session verify,
 * the Stripe API) over node:http(s), not the global `fetch`. Node loads fetch's implementation
 * (undici) on its first use, and that load was 25–60 ms of every signed-in Lambda's cold start here
 * (issue 16); node:http(s) is loaded already, the AWS SDK's own transport. What these calls need of
 * fetch is kept: a time limit, no redirects followed, connections kept alive for a warm container's
 * next request.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface NodeRequest {
  method: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** The longest the request may take; or `signal`, as fetch takes it. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface NodeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Far above any answer these calls get (a key set, a verify answer, a Stripe object: a few KB). */
const MAX_RESPONSE_BYTES = 1024 * 1024;

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

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
    const req = transport.request(url, { method: request.method, headers, agent: agents[url.protocol as keyof typeof agents], signal }, (res) => {
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
 * was frozen fails on reuse; that one is retried once on a new connection, as Node's docs advise
 * (`request.reusedSocket`): every caller's requests are safe to repeat (reads, the core's verify,
 * Stripe's with their idempotency keys). Any other failure (refused, timed out) is thrown.
 */
export async function nodeRequest(url: string | URL, request: NodeRequest): Promise<NodeResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`Not an http(s) address: ${target.protocol}`);
  // One limit for both attempts, as one fetch with its signal would have.
  const signal = request.signal ?? (request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs));
  const first = await once(target, request, signal);
  if ('response' in first) return first.response;
  const code = (first.error as NodeJS.ErrnoException).code;
  if (!first.reusedSocket || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw first.error;
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

/** nodeRequest in fetch's shape, for callers written against fetch (tests hand them a fake fetch). */
export const nodeFetch: FetchLike = async (url, init) => {
  const res = await nodeRequest(url, init);
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
