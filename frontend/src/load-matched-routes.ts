import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Resolves the lazy routes the URL matches, in place, before the router is made: hydrating a
 * prerendered page must render the very same tree at once, not a blank while its chunk loads.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}
