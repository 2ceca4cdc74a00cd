/**
 * `npm run build [-- --out-dir <dir>]`: the client bundle, then every public page (shared/site-pages.ts)
 * rendered to its own HTML with its own head, so the CDN serves real content before any JavaScript
 * runs; plus the bare app shell for client routes, a shell of their own for the signed-in routes
 * (shared/site-pages.ts SHELL_ROUTES, their loading view) and the sign-in pages (FORM_SHELL_ROUTES,
 * their form) naming their chunks, sitemap.xml and robots.txt.
 *
 * Environment: VOXPEN_SITE_ORIGIN (canonical and Open Graph URLs, default https://voxpen.app);
 * VOXPEN_API_ORIGIN (the API the bundle calls when opened on localhost, default http://localhost:4000).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { APP_SHELL_FILE, FORM_SHELL_ROUTES, NOT_FOUND_FILE, NOT_FOUND_TITLE, pageFile, SHELL_ROUTES, SITE_PAGES } from '../shared/site-pages';
import { appShellHtml, DEFAULT_SITE_ORIGIN, formShellHtml, notFoundShellHtml, pageHtml, robotsTxt, sitemapXml } from './site-files';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const configFile = join(repoRoot, 'frontend/vite.config.ts');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk and everything it statically imports, as manifest entries. */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no ${key}: is a route's source path in routes.tsx wrong?`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((k) => chunkClosure(manifest, k, seen))];
}

/** A chunk's file and everything it statically imports, as URLs. */
function chunkUrls(manifest: Manifest, key: string): string[] {
  return chunkClosure(manifest, key).map((chunk) => `/${chunk.file}`);
}

/** The stylesheets a chunk and its static imports bring, as URLs. */
function chunkStyles(manifest: Manifest, key: string): string[] {
  return chunkClosure(manifest, key).flatMap((chunk) => (chunk.css ?? []).map((file) => `/${file}`));
}

function write(outDir: string, file: string, content: string): void {
  const path = join(outDir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

export async function buildSite(outDir: string, siteOrigin: string): Promise<void> {
  await build({ configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });

  // The server build stays inside the repository so its imports (react, react-router) resolve.
  const ssrDir = join(repoRoot, 'node_modules/.cache', `voxpen-ssr-${process.pid}`);
  try {
    await build({
      configFile,
      logLevel: 'warn',
      publicDir: false,
      build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false, rolldownOptions: { output: { entryFileNames: 'entry-server.mjs' } } },
    });
    const { documentTitle, render, renderLoadingView, routeSources } = (await import(pathToFileURL(join(ssrDir, 'entry-server.mjs')).href)) as typeof import('./src/entry-server');

    const manifestPath = join(outDir, '.vite/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const entryUrls = new Set([...chunkUrls(manifest, 'index.html'), ...chunkStyles(manifest, 'index.html')]);
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    const entryStyles = new Map(chunkStyles(manifest, 'index.html').map((url) => [url, readFileSync(join(outDir, url), 'utf8')]));

    // A route's chunks (or stylesheets) and their static imports' beyond what the entry already brings.
    const beyondEntry = (urls: string[]) => urls.filter((url, i, all) => !entryUrls.has(url) && all.indexOf(url) === i);
    const preloadFor = (sources: string[]) => beyondEntry(sources.flatMap((s) => chunkUrls(manifest, s)));
    const stylesFor = (sources: string[]) => new Map(beyondEntry(sources.flatMap((s) => chunkStyles(manifest, s))).map((url) => [url, readFileSync(join(outDir, url), 'utf8')]));

    for (const page of SITE_PAGES) {
      const rendered = await render(page.path);
      if (rendered.status !== 200) throw new Error(`${page.path} rendered with status ${rendered.status}`);
      write(outDir, pageFile(page.path), pageHtml(template, { page, appHtml: rendered.html, siteOrigin, preload: preloadFor(rendered.sources), styles: entryStyles }));
    }
    write(outDir, APP_SHELL_FILE, appShellHtml(template));
    write(outDir, NOT_FOUND_FILE, notFoundShellHtml(template, NOT_FOUND_TITLE));
    // Without these the signed-in pages' chunks came a round after the entry (and their
    // stylesheets, which the first render waits for, too); named in the HTML, they start with it, and
    // the stylesheets are in it.
    // A signed-out visitor never gets these: the CDN redirects a visit without the session cookie
    // (shared/url-rewrite.ts signedOutRedirect); with a stale one, the page's loader does.
    for (const path of SHELL_ROUTES) {
      const sources = routeSources(path);
      // A signed-in route's loading view too, so a slow phone paints the page's frame at once rather than after the chunks.
      write(outDir, pageFile(path), appShellHtml(template, { preload: preloadFor(sources), entryStyles, styles: stylesFor(sources), appHtml: await renderLoadingView(path) }));
    }
    // The sign-in pages (where each signed-out visit to a signed-in route lands) the same way, with
    // their page's first view, the form: painted from the HTML, usable before the code arrives.
    for (const path of FORM_SHELL_ROUTES) {
      const sources = routeSources(path);
      write(outDir, pageFile(path), formShellHtml(template, { preload: preloadFor(sources), entryStyles, styles: stylesFor(sources), appHtml: await renderLoadingView(path), title: documentTitle(path) }));
    }
    write(outDir, 'sitemap.xml', sitemapXml(SITE_PAGES, siteOrigin));
    write(outDir, 'robots.txt', robotsTxt(siteOrigin));
    rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  const outDir = resolve(values['out-dir'] ?? join(repoRoot, 'frontend/dist'));
  const siteOrigin = process.env.VOXPEN_SITE_ORIGIN ?? DEFAULT_SITE_ORIGIN;
  const started = Date.now();
  await buildSite(outDir, siteOrigin);
  console.log(`Built the site into ${outDir}: ${SITE_PAGES.length} prerendered pages, app shell, not-found page, ${SHELL_ROUTES.length} signed-in shells, ${FORM_SHELL_ROUTES.length} sign-in pages with their forms, sitemap.xml, robots.txt (${((Date.now() - started) / 1000).toFixed(1)} s).`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
