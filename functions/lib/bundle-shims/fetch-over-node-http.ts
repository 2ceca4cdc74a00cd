/**
 * The global `fetch` and `Headers` in the Lambda bundles (esbuild `inject`, infra/constructs/bundling.ts),
 * over node:http(s) as the product's own requests are (../node-request.ts). Node builds both from undici,
 * loaded on first touch (~20-35 ms of a cold start here), and the only callers in the bundles are
 * supertokens-node (its querier to the core, its OIDC/Google provider requests, all through `doFetch`) and
 * jose's createRemoteJWKSet (the SDK's session and Google key sets), which build a `Headers` and fetch it.
 *
 * What they use, and all this serves: a request's method, headers (an object or these Headers) and string
 * body; `redirect: 'manual'` (none is followed, as nodeRequest follows none), `cache` (ignored: nothing is
 * cached here), `signal` (jose's time limit); an answer's status, ok, statusText, headers.get/has/forEach,
 * text(), json() and clone() (the querier caches a clone and reads one). Anything else (a Request or a
 * stream as input, another body type, redirects followed) throws, naming this file. Requests without their
 * own signal get a time limit; only reads are sent again after a kept connection's reset (nodeRequest).
 */
import { nodeRequest, type NodeRequest } from '../node-request';
import { coreTimeoutMs } from '../unavailable';

/**
 * The longest a request without its own signal may take: the core's limit (../unavailable.ts), under a
 * third of a request's budget and never more than is left of it, so a core or Google that does not
 * answer fails the request (a 503) rather than the Lambda.
 */
const defaultTimeoutMs = coreTimeoutMs;

function unsupported(what: string): Error {
  return new Error(`${what} is not supported by the bundles' fetch (functions/lib/bundle-shims/fetch-over-node-http.ts)`);
}

type HeadersInit = Headers | Record<string, string> | [string, string][];

export class Headers {
  readonly #values = new Map<string, string>();

  constructor(init?: HeadersInit | Record<string, string | string[] | undefined>) {
    if (init === undefined) return;
    if (init instanceof Headers) init.forEach((value, name) => this.set(name, value));
    else if (Array.isArray(init)) for (const [name, value] of init) this.append(name, value);
    else for (const [name, value] of Object.entries(init)) if (value !== undefined) this.set(name, Array.isArray(value) ? value.join(', ') : value);
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  set(name: string, value: string): void {
    this.#values.set(name.toLowerCase(), String(value));
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const existing = this.#values.get(key);
    this.#values.set(key, existing === undefined ? String(value) : `${existing}, ${value}`);
  }

  delete(name: string): void {
    this.#values.delete(name.toLowerCase());
  }

  forEach(callback: (value: string, name: string, headers: Headers) => void): void {
    for (const [name, value] of [...this.#values].sort(([a], [b]) => (a < b ? -1 : 1))) callback(value, name, this);
  }

  entries(): IterableIterator<[string, string]> {
    return this.#values.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

export class Response {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly url: string;
  readonly #body: string;

  constructor(body: string, init: { status: number; statusText?: string; headers: Headers; url: string }) {
    this.#body = body;
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.headers = init.headers;
    this.url = init.url;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  // The whole answer is read before fetch resolves, so it can be read again, as a clone can.
  async text(): Promise<string> {
    return this.#body;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.#body) as unknown;
  }

  clone(): Response {
    return new Response(this.#body, { status: this.status, statusText: this.statusText, headers: new Headers(this.headers), url: this.url });
  }
}

export interface RequestInit {
  method?: string;
  headers?: HeadersInit;
  body?: string;
  redirect?: 'manual' | 'error' | 'follow';
  cache?: string;
  signal?: AbortSignal;
}

export async function fetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  if (typeof input !== 'string' && !(input instanceof URL)) throw unsupported('A Request as input');
  if (init.body !== undefined && typeof init.body !== 'string') throw unsupported('A body other than a string');
  // fetch follows redirects by default; no caller here relies on it (the querier and jose ask for 'manual'), so a default is not silently different.
  if (init.redirect !== 'manual') throw unsupported(`redirect: '${init.redirect ?? 'follow'}'`);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const url = String(input);
  const method = (init.method ?? 'GET').toUpperCase() as NodeRequest['method'];
  const res = await nodeRequest(url, {
    method,
    // Reads (the core's API version, users, key sets; OIDC discovery) may be asked again after a kept
    // connection was reset; a write never (a refresh-token rotation or a one-use code seen twice does harm).
    ...(method === 'GET' || method === 'HEAD' ? { idempotent: true as const } : {}),
    headers,
    body: init.body,
    signal: init.signal,
    timeoutMs: init.signal ? undefined : defaultTimeoutMs(),
  }).catch((error: unknown) => {
    // As fetch: an aborted request rejects with the signal's reason (jose tells its time limit by a TimeoutError).
    if (init.signal?.aborted) throw init.signal.reason;
    // Our own time limit ran out: a timeout, as fetch's would be, not "fetch failed", which the querier
    // reads as a core it cannot reach and so tries the next (a write that timed out must not go twice).
    if (error instanceof Error && error.name === 'AbortError') throw error;
    // The querier tries the next core on "fetch failed" in the message (undici's) or code ECONNREFUSED, which node:http's errors keep.
    if (error instanceof Error) error.message = `fetch failed: ${error.message}`;
    throw error;
  });
  return new Response(res.body, { status: res.status, headers: new Headers(res.headers), url });
}

export default fetch;
