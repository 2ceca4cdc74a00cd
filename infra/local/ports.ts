import { readFileSync } from 'node:fs';
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

/**
 * The ports the OS hands out on its own (to `listen(0)` and to every outgoing connection), Linux's
 * range read where it can be; 32768–60999 is Linux's default, and macOS's (49152–65535) lies above it.
 */
export function ephemeralPortStart(): number {
  try {
    const start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(start) && start > 1024) return start;
  } catch {
    // Not Linux: its default start, below macOS's and Windows' ranges.
  }
  return 32768;
}

/**
 * A free port the OS never hands out on its own, for a port chosen long before it is bound (a build
 * that bakes in the API's address, for a stack started minutes later). A port from freePort() lies in
 * the range outgoing connections take their local port from, so by then one of the run's own
 * connections may hold it (EADDRINUSE); below that range only a listener can, and none of ours does.
 */
export async function reservablePort(): Promise<number> {
  const top = ephemeralPortStart();
  const bottom = Math.max(1025, top - 12_000);
  for (let tries = 0; tries < 50; tries++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (await isPortFree(port)) return port;
  }
  throw new Error(`no free port between ${bottom} and ${top}`);
}
