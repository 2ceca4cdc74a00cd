import { createServer, type Server } from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** Whether nothing is listening on the port (we can bind it ourselves for a moment). */
export function isPortFree(port: number, host = LOOPBACK): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** Sockets bound by holdPort and not yet taken over by a server, by port. */
const held = new Map<number, Server>();

/**
 * A port bound now (port 0: the OS picks one) and held, listening, until a server started with
 * `listen()` on it (./http-server.ts) takes the bound socket over. For services whose addresses must
 * be known before they start (the stack's environment names every one, a build bakes the API's in):
 * a port chosen and closed to be bound later could by then be another server's, or the local port of
 * one of the run's own connections (EADDRINUSE); a held one is never free in between. Until it is
 * taken, a connection to it is dropped, as a port nobody serves refuses it.
 */
export function holdPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createServer((connection) => connection.destroy());
    socket.once('error', reject);
    socket.listen(0, LOOPBACK, () => {
      const port = (socket.address() as { port: number }).port;
      held.set(port, socket);
      resolve(port);
    });
  });
}

/** The held socket of `port`, given up to the caller (who listens on it); undefined when the port is not held here. */
export function takeHeldPort(port: number): Server | undefined {
  const socket = held.get(port);
  held.delete(port);
  return socket;
}

export function isHeld(port: number): boolean {
  return held.has(port);
}

/** Closes `port`'s held socket if no server took it over (a stack's web port when no site was served). */
export function releasePort(port: number): Promise<void> {
  const socket = takeHeldPort(port);
  return socket ? new Promise((resolve) => socket.close(() => resolve())) : Promise.resolve();
}
