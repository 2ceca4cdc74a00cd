/**
 * The built site (frontend/dist) served as the CDN serves it: by the very rules the CloudFront Function
 * runs (shared/url-rewrite.ts), a signed-out visit to a signed-in route redirected to sign-in, a
 * signed-in one to sign-in or sign-up on past it, and each other path mapped to an object, gzip when the browser accepts it, hashed assets cached for a year
 * and HTML revalidated; with `api`, `/api/*` goes on to the API as CloudFront's behaviour sends it,
 * so the site calls its own origin as deployed. For browser tests and the web benchmark.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ORIGIN_VERIFY_HEADER } from '../../shared/secrets';
import { APP_SHELL_FILE, CLIENT_ROUTES, DESKTOP_SIGN_IN_TO, frontTokenIn, HTML_PATHS, NOT_FOUND_FILE, OTHER_VIEW_PARAMS, SIGNED_IN_TO, SIGNED_OUT_TO } from '../../shared/site-pages';
import { opensOtherView, rewriteUri, signedInRedirect, signedOutRedirect } from '../../shared/url-rewrite';
import { close, listen, portOf } from './http-server';
import { LOOPBACK } from './ports';
import type { LocalService } from './service';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.webmanifest', '.html', '.js', '.css', '.json', '.map', '.svg', '.xml', '.txt']);

/** Whether the Cookie header names the front-token cookie, as CloudFront's parsed cookies would. */
function hasFrontToken(req: IncomingMessage): boolean {
  return frontTokenIn(String(req.headers.cookie ?? '')) !== undefined;
}

export interface StaticSiteOptions {
  port: number;
  /** The build output to serve. */
  dir: string;
  /** Paths with HTML of their own; the site's (public pages and signed-in shells) unless given. */
  prerendered?: readonly string[];
  /**
   * Where `/api/*` goes (the local API gateway's origin) and the origin secret CloudFront adds to each
   * such request, asked at each request; without it (or while it answers undefined) the site serves
   * files alone.
   */
  api?: () => ApiOrigin | undefined;
}

export interface ApiOrigin {
  origin: string;
  originSecret: string;
}

/**
 * A request for `/api/*` sent on to the API as CloudFront sends it (infra/constructs/site.ts): with
 * the viewer's address and port in `cloudfront-viewer-address` (the connection's own, never a header
 * the caller sent) and the origin secret, which is what makes the API trust that address
 * (functions/lib/client-ip.ts). Each client is then known by its own address, as deployed.
 */
function forwardToApi(req: IncomingMessage, res: ServerResponse, api: ApiOrigin): void {
  const target = new URL(api.origin);
  const viewer = `${req.socket.remoteAddress?.replace(/^::ffff:/, '')}:${req.socket.remotePort}`;
  const headers = { ...req.headers, host: target.host, 'cloudfront-viewer-address': viewer, [ORIGIN_VERIFY_HEADER]: api.originSecret };
  const upstream = httpRequest({ host: target.hostname === 'localhost' ? LOOPBACK : target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  // The API gone (its stack stopped first): CloudFront answers 502 when its origin does not.
  upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(upstream);
}

interface Body {
  raw: Buffer;
  gzip?: Buffer;
}

export function staticSiteService(options: StaticSiteOptions): LocalService {
  const root = resolve(options.dir);
  const prerendered = options.prerendered ?? HTML_PATHS;
  const cache = new Map<string, Body>();

  async function load(file: string): Promise<Body | undefined> {
    if (cache.has(file)) return cache.get(file);
    const raw = await readFile(file).catch(() => undefined);
    if (!raw) return undefined;
    const body = { raw, gzip: COMPRESSIBLE.has(extname(file)) ? gzipSync(raw) : undefined };
    cache.set(file, body);
    return body;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const api = options.api?.();
    if (api && /^\/api(\/|$|\?)/.test(req.url ?? '')) return forwardToApi(req, res, api);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    let query: string;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      pathname = decodeURIComponent(url.pathname);
      // As received, as CloudFront hands its function the values.
      query = url.search.slice(1);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const signedIn = hasFrontToken(req);
    const to = signedOutRedirect(pathname, signedIn, SIGNED_OUT_TO) ?? signedInRedirect(pathname, query, signedIn, SIGNED_IN_TO, DESKTOP_SIGN_IN_TO);
    if (to) {
      // As the CloudFront Function answers (infra/site/rewrite-function.ts).
      res.writeHead(302, { location: to, 'cache-control': 'no-store' }).end();
      return;
    }
    const key = opensOtherView(pathname, query, OTHER_VIEW_PARAMS) ? APP_SHELL_FILE : rewriteUri(pathname, prerendered, CLIENT_ROUTES);
    const file = resolve(join(root, key));
    const body = file.startsWith(root + sep) ? await load(file) : undefined;
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const ext = extname(file);
    const gzip = body.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const payload = gzip ? body.gzip! : body.raw;
    // Neither a page nor a client route: the not-found page, with its status, as the CloudFront Function answers.
    res.writeHead(key === NOT_FOUND_FILE ? 404 : 200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'content-length': payload.length,
      'cache-control': key.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'Accept-Encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : payload);
  }

  return {
    name: 'Web (static build)',
    port: options.port,
    async start() {
      const server = createServer((req, res) => {
        handle(req, res).catch((error) => {
          console.error('[static] failed:', error);
          if (!res.headersSent) res.writeHead(500).end();
          else res.end();
        });
      });
      await listen(server, options.port);
      return { url: `http://localhost:${portOf(server)}`, stop: () => close(server) };
    },
  };
}
