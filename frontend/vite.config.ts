import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_LOCAL_API_ORIGIN } from '../shared/api-base.ts';
import { installerFileName } from '../shared/product.ts';
import { CLIENT_ROUTES, HTML_PATHS, NOT_FOUND_FILE, NOT_FOUND_TITLE } from '../shared/site-pages.ts';
import { rewriteUri } from '../shared/url-rewrite.ts';

/**
 * Locally the seeded release points at `/downloads/…` on this server, so the Download button works
 * offline. Dev server only: nothing of it reaches the production build.
 */
function sampleInstaller(): Plugin {
  return {
    name: 'voxpen-sample-installer',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/downloads/', (req, res) => {
        const name = decodeURIComponent((req.url ?? '').replace(/^\//, '').split('?')[0] ?? '');
        if (!/^[\w.-]+\.exe$/.test(name)) {
          res.statusCode = 404;
          res.end('Not found');
          return;
        }
        res.setHeader('content-type', 'application/octet-stream');
        res.setHeader('content-disposition', `attachment; filename="${name}"`);
        res.end(`Sample installer for local development (${name}). ${installerFileName('x.y.z')} in production.\n`);
      });
    },
  };
}

/**
 * The dev server answers a page visit to a path that is neither a page nor a client route as the CDN
 * does (shared/url-rewrite.ts): status 404, the not-found title, the app (whose router shows the page).
 * Only document requests: modules, assets and vite's own paths keep vite's handling.
 */
function notFoundStatus(): Plugin {
  return {
    name: 'voxpen-not-found-status',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        const pathname = url.split('?')[0] ?? '/';
        const isDocument = (req.method === 'GET' || req.method === 'HEAD') && String(req.headers.accept ?? '').includes('text/html');
        if (!isDocument || pathname.startsWith('/@') || pathname.startsWith('/__') || rewriteUri(pathname, HTML_PATHS, CLIENT_ROUTES) !== NOT_FOUND_FILE) {
          next();
          return;
        }
        readFile(resolve(server.config.root, 'index.html'), 'utf8')
          .then((html) => server.transformIndexHtml(url, html))
          .then((html) => {
            res.statusCode = 404;
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.setHeader('cache-control', 'no-cache');
            res.end(html.replace(/<title>[^<]*<\/title>/, `<title>${NOT_FOUND_TITLE}</title>`));
          })
          .catch(next);
      });
    },
  };
}

export default defineConfig({
  root: 'frontend',
  publicDir: 'public',
  plugins: [sampleInstaller(), notFoundStatus()],
  define: {
    __LOCAL_API_ORIGIN__: JSON.stringify(process.env.VOXPEN_API_ORIGIN ?? DEFAULT_LOCAL_API_ORIGIN),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // react-router marks its modules "use client" for React Server Components, which we do not use.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
    },
  },
  server: { host: '127.0.0.1' },
});
