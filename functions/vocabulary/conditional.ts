/**
 * Conditional requests on a versioned resource (RFC 9110 §13.1): its ETag is the version, quoted
 * (`"7"`). `If-Match` compares strongly, so a weak tag (`W/"7"`) matches nothing; `If-None-Match`
 * weakly; `*` matches whatever version there is.
 */
import type { Precondition } from './vocabulary';

function tags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

const versionOf = (tag: string) => (/^"(\d{1,15})"$/.test(tag) ? Number(tag.slice(1, -1)) : undefined);

export function ifMatch(header: string | undefined): Precondition {
  if (header === undefined || header.trim() === '') return { status: 'MISSING' };
  const listed = tags(header);
  if (listed.includes('*')) return { status: 'OK', expected: 'any' };
  return { status: 'OK', expected: listed.map(versionOf).filter((v) => v !== undefined) };
}

export function noneMatches(header: string | undefined, version: number): boolean {
  if (!header) return true;
  return !tags(header).some((tag) => tag === '*' || versionOf(tag.replace(/^W\//, '')) === version);
}
