import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, SITE_PAGES } from '../../shared/site-pages';
import { isClientRoute } from '../../shared/url-rewrite';
import { routes } from './routes';

/** Every path the router names, its catch-all aside (an index route is its parent's path, named once). */
function routerPaths(list: readonly RouteObject[], parent = '/'): string[] {
  return list.flatMap((route) => [
    ...(route.index ? (parent === '/' ? ['/'] : []) : route.path && route.path !== '*' ? [route.path] : []),
    ...routerPaths(route.children ?? [], route.path ?? parent),
  ]);
}

describe('the one list of paths the site answers', () => {
  it('is the router: every route is a public page or a client route, and each of those is a route', () => {
    const listed = [...SITE_PAGES.map((p) => p.path), ...CLIENT_ROUTES];
    expect([...routerPaths(routes)].sort()).toEqual([...listed].sort());
  });

  it('reads `/x/*` as every path under /x, and nothing else as more than itself', () => {
    expect(isClientRoute('/auth/verify-something', CLIENT_ROUTES)).toBe(true);
    expect(isClientRoute('/auth', CLIENT_ROUTES)).toBe(true);
    expect(isClientRoute('/authors', CLIENT_ROUTES)).toBe(false);
    expect(isClientRoute('/dashboard/more', CLIENT_ROUTES)).toBe(false);
    expect(isClientRoute('/signin/extra', CLIENT_ROUTES)).toBe(false);
    expect(isClientRoute('/pricing', CLIENT_ROUTES)).toBe(false);
  });
});
