import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { json, type HttpResult } from './response';

/** A strong ETag of the exact bytes we would send. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * A public, cacheable JSON answer: `Cache-Control: public, max-age=N` (CloudFront honours it), an
 * ETag, and 304 with no body when the client already has these bytes.
 */
export function cacheableJson(event: Pick<APIGatewayProxyEventV2, 'headers'>, body: unknown, maxAgeSeconds: number): HttpResult {
  const text = JSON.stringify(body);
  const etag = etagOf(text);
  const headers = { 'cache-control': `public, max-age=${maxAgeSeconds}`, etag };
  if (matches(event.headers['if-none-match'], etag)) return { statusCode: 304, headers, body: '' };
  return { ...json(200, body, headers), body: text };
}
