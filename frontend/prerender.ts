/**
 * `npm run build [-- --out-dir <dir>]`: the client bundle, then every public page (shared/site-pages.ts)
 * rendered to its own HTML with its own head, so the CDN serves real content before any JavaScript
 * runs; plus the bare app shell for client routes, sitemap.xml and robots.txt.
 *
 * Environment: VOXPEN_SITE_ORIGIN (canonical and Open Graph URLs, default https://voxpen.app);
 * VOXPEN_API_ORIGIN (the API the bundle calls when opened on localhost, default http://localhost:4000).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { APP_SHELL_FILE, pageFile, SITE_PAGES } from '../shared/site-pages';
import { appShellHtml, DEFAULT_SITE_ORIGIN, pageHtml, robotsTxt, sitemapXml } from './site-files';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const configFile = join(repoRoot, 'frontend/vite.config.ts');

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file and everything it statically imports, as URLs. */
function chunkUrls(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no ${key}: is a route's source path in routes.tsx wrong?`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((k) => chunkUrls(manifest, k, seen))];
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
    const { render } = (await import(pathToFileURL(join(ssrDir, 'entry-server.mjs')).href)) as typeof import('./src/entry-server');

    const manifestPath = join(outDir, '.vite/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const entryUrls = new Set(chunkUrls(manifest, 'index.html'));
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');

    for (const page of SITE_PAGES) {
      const rendered = await render(page.path);
      if (rendered.status !== 200) throw new Error(`${page.path} rendered with status ${rendered.status}`);
      const preload = rendered.sources.flatMap((s) => chunkUrls(manifest, s)).filter((url, i, all) => !entryUrls.has(url) && all.indexOf(url) === i);
      write(outDir, pageFile(page.path), pageHtml(template, { page, appHtml: rendered.html, siteOrigin, preload }));
    }
    write(outDir, APP_SHELL_FILE, appShellHtml(template));
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
  console.log(`Built the site into ${outDir}: ${SITE_PAGES.length} prerendered pages, app shell, sitemap.xml, robots.txt (${((Date.now() - started) / 1000).toFixed(1)} s).`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
