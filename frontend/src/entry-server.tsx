/** Build-time rendering of the public pages (frontend/prerender.ts imports the SSR build of this). */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import { routes } from './routes';

/** A client route's tab title, for its prerendered shell's <title>. */
export { documentTitle } from './layout/document-title';

export interface RenderedPage {
  html: string;
  status: number;
  /** The source modules of the matched lazy routes (their `handle.source`), for preloading. */
  sources: string[];
}

export async function render(path: string, routeTable: RouteObject[] = routes): Promise<RenderedPage> {
  const handler = createStaticHandler(routeTable);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status}) while prerendering`);
  if (context.errors) throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // No hydration data script: the pages have no loaders, and the client resolves its lazy routes
  // before hydrating, so the HTML needs no inline script (and a strict CSP can forbid them).
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const sources = context.matches.map((m) => (m.route.handle as { source?: string } | undefined)?.source).filter((s): s is string => !!s);
  return { html, status: context.statusCode, sources };
}

/** The source modules of the lazy routes a client route matches: a signed-in shell preloads them. */
export function routeSources(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).flatMap((m) => {
    const handle = m.route.handle as { source?: string; alsoLoads?: readonly string[] } | undefined;
    return [...(handle?.source ? [handle.source] : []), ...(handle?.alsoLoads ?? [])];
  });
}

type LazyModule = Pick<RouteObject, 'Component' | 'loader' | 'HydrateFallback'>;

/** The routes as a browser's first render shows them while loaders run: a route with a loader as its HydrateFallback. */
function loadingRoutes(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const lazy = route.lazy as (() => Promise<LazyModule>) | undefined;
    return {
      ...route,
      ...(route.children ? { children: loadingRoutes(route.children) } : {}),
      ...(lazy
        ? {
            lazy: async () => {
              const { Component, loader, HydrateFallback } = await lazy();
              return loader ? { Component: HydrateFallback ?? (() => null) } : { Component };
            },
          }
        : {}),
    } as RouteObject;
  });
}

/**
 * A signed-in route's loading view, rendered at build time into its shell: the very markup
 * the browser's first render makes while the route's loader runs (its HydrateFallback inside its
 * layouts), so the page paints before any JavaScript arrives and then hydrates in place.
 */
export async function renderLoadingView(path: string): Promise<string> {
  const rendered = await render(path, loadingRoutes(routes));
  if (rendered.status !== 200) throw new Error(`${path}'s loading view rendered with status ${rendered.status}`);
  return rendered.html;
}
