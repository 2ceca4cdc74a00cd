import type { Server } from 'node:http';
import { LOOPBACK, takeHeldPort } from './ports';

/**
 * Listens on `port`: on the socket holdPort bound for it when it holds one (./ports.ts), else binds
 * it (0: any free port, read back with server.address()).
 */
export function listen(server: Server, port: number, host = LOOPBACK): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      server.off('error', reject);
      resolve();
    };
    server.once('error', reject);
    const heldSocket = takeHeldPort(port);
    if (heldSocket) server.listen(heldSocket, done);
    else server.listen(port, host, done);
  });
}

/** The port a listening server got (the one asked for, or the OS's pick for port 0). */
export function portOf(server: Server): number {
  return (server.address() as { port: number }).port;
}

/** Stops accepting, drops idle keep-alive sockets (browsers hold them), and resolves once closed. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections?.();
    setTimeout(() => server.closeAllConnections?.(), 1000).unref();
  });
}
