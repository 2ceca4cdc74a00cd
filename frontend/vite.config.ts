import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_LOCAL_API_ORIGIN } from '../shared/api-base.ts';
import { installerFileName } from '../shared/product.ts';

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

export default defineConfig({
  root: 'frontend',
  publicDir: 'public',
  plugins: [sampleInstaller()],
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
