import type { Server } from 'node:http';
import { LOOPBACK } from './ports';

export function listen(server: Server, port: number, host = LOOPBACK): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting, drops idle keep-alive sockets (browsers hold them), and resolves once closed. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections?.();
    setTimeout(() => server.closeAllConnections?.(), 1000).unref();
  });
}
