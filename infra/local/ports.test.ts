import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createServer as createHttpServer } from 'node:http';
import { close, listen, portOf } from './http-server';
import { holdPort, isHeld, isPortFree, LOOPBACK, releasePort } from './ports';

const bind = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => server.close(() => resolve()));
  });

describe('a port held from the moment it is chosen until its server listens', () => {
  it('is bound the whole time, so nothing else can take it in between (EADDRINUSE for the other)', async () => {
    const port = await holdPort();
    expect(isHeld(port)).toBe(true);
    await expect(bind(port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(await isPortFree(port)).toBe(false);
    await releasePort(port);
  });

  it('is taken over by the server started on it, which answers there; closed, the port is free again', async () => {
    const port = await holdPort();
    const server = createHttpServer((_req, res) => res.end('here'));
    await listen(server, port);
    expect(isHeld(port)).toBe(false);
    expect(portOf(server)).toBe(port);
    expect(await (await fetch(`http://${LOOPBACK}:${port}/`)).text()).toBe('here');
    await close(server);
    expect(await isPortFree(port)).toBe(true);
  });

  it('drops a connection while no server has taken it, as a port nobody serves does', async () => {
    const port = await holdPort();
    await expect(fetch(`http://${LOOPBACK}:${port}/`)).rejects.toThrow();
    await releasePort(port);
    expect(await isPortFree(port)).toBe(true);
  });
});
