import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralPortStart, freePort, LOOPBACK, reservablePort } from './ports';

const bind = (port: number) =>
  new Promise<() => Promise<void>>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve(() => new Promise((done) => server.close(() => done()))));
  });

describe('a port reserved long before it is bound', () => {
  it("lies below the range the OS gives outgoing connections (Linux's, read from the kernel), where freePort's lie", async () => {
    const range = '/proc/sys/net/ipv4/ip_local_port_range';
    if (existsSync(range)) expect(ephemeralPortStart()).toBe(Number(readFileSync(range, 'utf8').trim().split(/\s+/)[0]));
    expect(await freePort()).toBeGreaterThanOrEqual(ephemeralPortStart());
    for (let i = 0; i < 20; i++) {
      const port = await reservablePort();
      expect(port).toBeLessThan(ephemeralPortStart());
      expect(port).toBeGreaterThan(1024);
    }
  });

  it('is free: it can be bound, and a port already bound is never given', async () => {
    const port = await reservablePort();
    const close = await bind(port);
    try {
      for (let i = 0; i < 50; i++) expect(await reservablePort()).not.toBe(port);
    } finally {
      await close();
    }
  });
});
