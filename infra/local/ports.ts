import { createServer } from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** Whether nothing is listening on the port (we can bind it ourselves for a moment). */
export function isPortFree(port: number, host = LOOPBACK): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** A port the OS says is free now, for tests that start services side by side. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
