/**
 * The HTTP side of the core: path prefixes (`/appid-<app>` and `/<tenant>`, as supertokens-node adds
 * them), the `api-key` check, the `cdi-version` check, JSON bodies, and one error mapper. Answers
 * are JSON; no stack trace, SDK error or secret ever reaches a response or a log line.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { BodyTooLarge, readText, sendJson, sendText, type BodyLimit } from '../http-kit';
import { CDI_VERSIONS, PUBLIC_TENANT } from './config';
import { BadRequest } from './deps';

export interface CdiRequest {
  tenantId: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

/** A non-default answer: another status, plain text, or extra headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Reachable without the api key (the real core's /hello and JWKS). */
  public?: boolean;
  /** Answers for tenants other than `public` itself (otherwise they are not found). */
  anyTenant?: boolean;
  handle(request: CdiRequest): unknown;
}

export type LogEntry = Record<string, string | number | boolean>;

export interface RouterOptions {
  apiKeys: string[];
  /** One entry per request (method, path without query, status, ms) and one per internal error. */
  log?: (entry: LogEntry) => void;
}

const ROOT_SEGMENTS = new Set(['recipe', 'user', 'users', 'apiversion', 'hello', '.well-known']);
/** An oversized body gets a hang-up: its 413 below reaches the request log, not the caller. */
const BODY_LIMIT: BodyLimit = { maxBytes: 1024 * 1024, overflow: 'hang-up' };

const digest = (value: string) => createHash('sha256').update(value).digest();

function apiKeyMatches(presented: string | string[] | undefined, keys: string[]): boolean {
  if (typeof presented !== 'string') return false;
  const candidate = digest(presented);
  return keys.some((key) => timingSafeEqual(candidate, digest(key)));
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The request's path and query; a URL that does not parse reads as an unknown path. */
function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', 'http://auth-core');
  } catch {
    return new URL('http://auth-core/unparsable');
  }
}

/** Splits `/appid-x/tenant/recipe/...` into app, tenant and the CDI path. */
export function parsePath(pathname: string): { appId: string; tenantId: string; path: string } {
  const segments = pathname.split('/').filter(Boolean);
  let appId = PUBLIC_TENANT;
  let tenantId = PUBLIC_TENANT;
  if (segments[0]?.startsWith('appid-')) appId = segments.shift()!.slice('appid-'.length);
  if (segments[0] !== undefined && !ROOT_SEGMENTS.has(segments[0])) tenantId = safeDecode(segments.shift()!);
  return { appId, tenantId, path: `/${segments.join('/')}` };
}

function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Reply(400, { message: 'Invalid JSON input' });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Reply(400, { message: 'Invalid JSON input: expected an object' });
  return value as Record<string, unknown>;
}

function send(res: ServerResponse, reply: Reply): void {
  const headers = { 'cache-control': 'no-store', ...reply.headers };
  if (typeof reply.body === 'string') sendText(res, reply.status, reply.body, headers);
  else sendJson(res, reply.status, reply.body, headers);
}

function inputError(error: z.ZodError): Reply {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || 'input';
  return new Reply(400, { message: `Field '${field}' is missing or invalid` });
}

export function createRouter(routes: Route[], options: RouterOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const byPath = new Map<string, Route[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  async function answer(req: IncomingMessage): Promise<Reply> {
    const url = requestUrl(req);
    const { appId, tenantId, path } = parsePath(url.pathname);
    const candidates = byPath.get(path);
    if (!candidates) return new Reply(404, { message: `Unknown path: ${req.method} ${path}` });
    const route = candidates.find((r) => r.method === req.method);
    if (!route) return new Reply(405, { message: `${req.method} is not supported on ${path}` }, { allow: candidates.map((r) => r.method).join(', ') });
    if (!route.public && options.apiKeys.length > 0 && !apiKeyMatches(req.headers['api-key'], options.apiKeys)) {
      return new Reply(401, { message: 'Invalid API key' });
    }
    const version = req.headers['cdi-version'];
    if (typeof version === 'string' && !(CDI_VERSIONS as readonly string[]).includes(version)) {
      return new Reply(400, { message: `cdi-version ${version} not supported` });
    }
    if (appId !== PUBLIC_TENANT) return new Reply(404, { message: 'AppId or tenantId not found' });
    if (tenantId !== PUBLIC_TENANT && !route.anyTenant) return new Reply(404, { message: 'AppId or tenantId not found' });
    const body = route.method === 'GET' || route.method === 'DELETE' ? {} : parseJsonObject(await readText(req, BODY_LIMIT));
    const result = await route.handle({ tenantId, query: Object.fromEntries(url.searchParams), body });
    return result instanceof Reply ? result : new Reply(200, result);
  }

  return (req, res) => {
    const started = performance.now();
    const path = parsePath(requestUrl(req).pathname).path;
    answer(req)
      .catch((error: unknown) => {
        if (error instanceof Reply) return error;
        if (error instanceof BodyTooLarge) return new Reply(413, { message: 'Request body too large' });
        if (error instanceof BadRequest) return new Reply(400, { message: error.message });
        if (error instanceof z.ZodError) return inputError(error);
        options.log?.({ level: 'error', service: 'auth-core', method: req.method ?? '', path, error: (error as Error)?.name ?? 'Error', detail: String((error as Error)?.message ?? '').slice(0, 200) });
        return new Reply(500, { message: 'Internal error in the local auth core' });
      })
      .then((reply) => {
        send(res, reply);
        options.log?.({ service: 'auth-core', method: req.method ?? '', path, status: reply.status, ms: Math.round(performance.now() - started) });
      })
      .catch(() => res.destroy());
  };
}
