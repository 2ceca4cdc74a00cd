/**
 * Requests from the product's Lambdas to the SuperTokens core (its public keys, its session verify)
 * over node:http(s), not the global `fetch`. Node loads fetch's implementation (undici) on its first
 * use, and that load was 25–60 ms of every signed-in Lambda's cold start here (issue 16); node:http(s)
 * is loaded already, the AWS SDK's own transport. What these calls need of fetch is kept: a time
 * limit, no redirects followed, connections kept alive for a warm container's next request.
 */
import http from 'node:http';
import https from 'node:https';

export interface CoreRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface CoreResponse {
  status: number;
  body: string;
}

/** Far above a key set or a verify answer (a few KB): anything larger is not the core's. */
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
 * then runs while the core answers, instead of holding those requests back (./session.ts).
 */
export function requestsSent(): Promise<void> {
  return unsent === 0 ? Promise.resolve() : new Promise((resolve) => whenAllSent.push(resolve));
}

function once(url: URL, request: CoreRequest): Promise<{ response: CoreResponse } | { error: Error; reusedSocket: boolean }> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const req = transport.request(url, { method: request.method, headers, agent: agents[url.protocol as keyof typeof agents], signal: AbortSignal.timeout(request.timeoutMs) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) res.destroy(new Error(`The SuperTokens core's answer exceeded ${MAX_RESPONSE_BYTES} bytes`));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve({ response: { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') } }));
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
 * One request to the core, its whole answer read. A kept-alive connection the core closed while the
 * Lambda was frozen fails on reuse; that one is retried once on a new connection, as Node's docs
 * advise (`request.reusedSocket`): both calls are safe to repeat. Any other failure (refused, timed
 * out) is thrown.
 */
export async function coreRequest(url: string | URL, request: CoreRequest): Promise<CoreResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`The SuperTokens core's address is not http(s): ${target.protocol}`);
  const first = await once(target, request);
  if ('response' in first) return first.response;
  const code = (first.error as NodeJS.ErrnoException).code;
  if (!first.reusedSocket || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw first.error;
  const second = await once(target, request);
  if ('response' in second) return second.response;
  throw second.error;
}
