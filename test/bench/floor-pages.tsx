/**
 * The web benchmark's floors, built with the site's own Vite config and prerendered as the site's
 * public pages are (the heading is in the HTML; the script hydrates it):
 *  - `/`: React, ReactDOM and a react-router data router with one route (test/bench/minimal-page/main.tsx),
 *  - `/react`: React and ReactDOM alone (test/bench/minimal-page/react/main.tsx).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { build } from 'vite';
import { Hello, routes } from './minimal-page/app';

export const FLOOR_PATHS = { router: '/', react: '/react' } as const;

async function routerHtml(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://prerender.local/'));
  if (context instanceof Response) throw new Error('The floor page answered a redirect');
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </StrictMode>,
  );
}

function fillRoot(file: string, appHtml: string): void {
  const html = readFileSync(file, 'utf8');
  if (!html.includes('<div id="root"></div>')) throw new Error(`${file} has no empty root to fill`);
  writeFileSync(file, html.replace('<div id="root"></div>', () => `<div id="root">${appHtml}</div>`));
}

export async function buildFloorPages(): Promise<{ dir: string; remove(): void }> {
  const root = resolve('test/bench/minimal-page');
  const dir = mkdtempSync(join(tmpdir(), 'voxpen-floors-'));
  await build({
    configFile: resolve('frontend/vite.config.ts'),
    root,
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, rolldownOptions: { input: { router: join(root, 'index.html'), react: join(root, 'react/index.html') } } },
  });
  fillRoot(join(dir, 'index.html'), await routerHtml());
  fillRoot(join(dir, 'react/index.html'), renderToString(<StrictMode><Hello /></StrictMode>));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
