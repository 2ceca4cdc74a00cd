/** Build-time rendering of the public pages (frontend/prerender.ts imports the SSR build of this). */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { routes } from './routes';

export interface RenderedPage {
  html: string;
  status: number;
  /** The source modules of the matched lazy routes (their `handle.source`), for preloading. */
  sources: string[];
}

export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
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

/** The source modules of the lazy routes a client route matches, rendered nothing: a signed-in shell preloads them. */
export function routeSources(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).map((m) => (m.route.handle as { source?: string } | undefined)?.source).filter((s): s is string => !!s);
}
