/** The Vite dev server for the frontend, in the supervisor's own process. */
import { resolve } from 'node:path';
import type { Server } from 'node:http';
import { close, listen } from './http-server';
import type { LocalService } from './service';

export function webService(options: { port: number; apiOrigin: string; root?: string }): LocalService {
  return {
    name: 'Web (Vite)',
    port: options.port,
    async start() {
      const { createServer } = await import('vite');
      process.env.VOXPEN_API_ORIGIN = options.apiOrigin;
      const vite = await createServer({
        configFile: resolve(options.root ?? process.cwd(), 'frontend/vite.config.ts'),
        server: { port: options.port, strictPort: true, host: '127.0.0.1' },
        clearScreen: false,
        logLevel: 'warn',
      });
      // Through our listen, so a port held for the server (./ports.ts holdPort) is taken over; Vite's
      // httpServer.listen runs its own start-up first (the dependency optimizer) either way.
      await listen(vite.httpServer as Server, options.port);
      return {
        url: `http://localhost:${options.port}`,
        stop: async () => {
          await vite.close();
          if (vite.httpServer) await close(vite.httpServer as never).catch(() => undefined);
        },
      };
    },
  };
}
