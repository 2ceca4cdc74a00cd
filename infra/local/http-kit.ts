/**
 * What the local servers (gateway, auth core, Stripe and Google stand-ins) share in answering a
 * request: reading its body under a size limit, and writing JSON, text, HTML and redirect answers.
 * Each server keeps its own limits, statuses and error shapes; only the mechanics live here.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`request body over ${maxBytes} bytes`);
    this.name = 'BodyTooLarge';
  }
}

export interface BodyLimit {
  maxBytes: number;
  /**
   * Past the limit, 'answer' reads on and drops the rest, so the server can still answer (413);
   * 'hang-up' destroys the connection at once, so nothing more is read and no answer arrives.
   */
  overflow: 'answer' | 'hang-up';
}

/** The whole body, or a BodyTooLarge rejection once it passes the limit. */
export function readBody(req: IncomingMessage, limit: BodyLimit): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit.maxBytes) return void chunks.push(chunk);
      reject(new BodyTooLarge(limit.maxBytes));
      if (limit.overflow === 'hang-up') req.destroy();
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function readText(req: IncomingMessage, limit: BodyLimit): Promise<string> {
  return (await readBody(req, limit)).toString('utf8');
}

/** An `application/x-www-form-urlencoded` body, as browsers post forms. */
export async function readForm(req: IncomingMessage, limit: BodyLimit): Promise<URLSearchParams> {
  return new URLSearchParams(await readText(req, limit));
}

type ResponseHeaders = Record<string, string | string[]>;

/** `indent` for the servers that answer as a pretty-printing API does (Stripe). */
export function sendJson(res: ServerResponse, status: number, value: unknown, headers: ResponseHeaders = {}, indent?: number): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(value, null, indent));
}

export function sendText(res: ServerResponse, status: number, text: string, headers: ResponseHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

/** Never cached: every page the stand-ins serve shows one session's state at one moment. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** 303: the browser follows a form post with a GET, so a reload does not post again. */
export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

/**
 * A Node request listener for an async handler. A failure the handler let through is logged, then
 * answered by `answer`, unless a response is already under way: that one can only be ended as it stands.
 */
export function guarded(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onFailure: { log(error: unknown, req: IncomingMessage): void; answer(res: ServerResponse, req: IncomingMessage): void },
): RequestListener {
  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      onFailure.log(error, req);
      if (res.headersSent) res.end();
      else onFailure.answer(res, req);
    });
  };
}
