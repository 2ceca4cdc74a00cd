/**
 * The built site (frontend/dist) served as the CDN serves it: by the very rules the CloudFront Function
 * runs (shared/url-rewrite.ts), a signed-out visit to a signed-in route redirected to sign-in and each
 * other path mapped to an object, gzip when the browser accepts it, hashed assets cached for a year
 * and HTML revalidated. For browser tests and the web benchmark.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_ROUTES, frontTokenIn, HTML_PATHS, NOT_FOUND_FILE, SIGNED_OUT_TO } from '../../shared/site-pages';
import { rewriteUri, signedOutRedirect } from '../../shared/url-rewrite';
import { close, listen } from './http-server';
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
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const signedOutTo = signedOutRedirect(pathname, hasFrontToken(req), SIGNED_OUT_TO);
    if (signedOutTo) {
      // As the CloudFront Function answers (infra/site/rewrite-function.ts).
      res.writeHead(302, { location: signedOutTo, 'cache-control': 'no-store' }).end();
      return;
    }
    const key = rewriteUri(pathname, prerendered, CLIENT_ROUTES);
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
      return { url: `http://localhost:${options.port}`, stop: () => close(server) };
    },
  };
}
