import { describe, expect, it } from 'vitest';
import { matchRoute } from './route-match';
import type { RouteDef } from './routes';

const table = [
  { method: 'GET', path: '/api/latest-version', fn: 'releases' },
  { method: 'POST', path: '/api/users/{id}/login', fn: 'releases' },
  { method: 'ANY', path: '/api/auth/{proxy+}', fn: 'releases' },
  { method: 'GET', path: '/api/auth/special', fn: 'releases' },
] as unknown as RouteDef[];

describe('matchRoute', () => {
  it('finds an exact route by method and path', () => {
    const m = matchRoute(table, 'GET', '/api/latest-version');
    expect(m.kind === 'found' && m.route.path).toBe('/api/latest-version');
  });

  it('answers method-not-allowed with the methods the path does take', () => {
    expect(matchRoute(table, 'DELETE', '/api/latest-version')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
  });

  it('captures path parameters, decoded', () => {
    const m = matchRoute(table, 'POST', '/api/users/a%20b/login');
    expect(m.kind === 'found' && m.pathParameters).toEqual({ id: 'a b' });
  });

  it('hands over a parameter that is no valid encoding as it was sent, for the handler to refuse', () => {
    const m = matchRoute(table, 'POST', '/api/users/%E0/login');
    expect(m.kind === 'found' && m.pathParameters).toEqual({ id: '%E0' });
  });

  it('lets a greedy route take any method and any depth, after exact routes', () => {
    const greedy = matchRoute(table, 'PUT', '/api/auth/signin/x');
    expect(greedy.kind === 'found' && greedy.pathParameters).toEqual({ proxy: 'signin/x' });
    const exact = matchRoute(table, 'GET', '/api/auth/special');
    expect(exact.kind === 'found' && exact.route.method).toBe('GET');
  });

  it('does not match a prefix or a longer path', () => {
    expect(matchRoute(table, 'GET', '/api/latest-version/x').kind).toBe('not-found');
    expect(matchRoute(table, 'GET', '/api/latest').kind).toBe('not-found');
  });
});
