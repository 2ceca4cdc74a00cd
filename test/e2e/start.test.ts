/** `npm start` as a newcomer runs it: a child process, ready, serving, and gone after Ctrl-C. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPortFree } from '../../infra/local/ports';
import { ANY_PORTS, portEnvName, type Ports } from '../../infra/local/stack';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function startSupervisor(ports: Ports): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'voxpen-start-'));
  dataDirs.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, VOXPEN_DATA_DIR: dataDir };
  for (const [name, port] of Object.entries(ports)) env[portEnvName(name as keyof Ports)] = String(port);
  // Its own process group, so a signal reaches npm and everything under it, as Ctrl-C in a terminal does.
  const child = spawn('npm', ['start', '--silent'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The address each service said it is ready at (`  ready  <name> <url>`), by name. */
function readyUrls(output: string): Map<string, URL> {
  return new Map([...output.matchAll(/^ {2}ready {2}(.+?) +(http:\S+)$/gm)].map(([, name, url]) => [name!, new URL(url!)]));
}

async function waitFor(check: () => boolean, what: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting; output so far:\n${what()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('npm start', () => {
  it('starts every service, serves the page and the API, and leaves nothing listening after Ctrl-C', async () => {
    // Every port 0: each service on one the OS picks, named in its ready line.
    const { child, output, exited } = startSupervisor(ANY_PORTS);
    await waitFor(() => output().includes('Voxpen is running'), output);

    const ready = readyUrls(output());
    expect([...ready.keys()].sort()).toEqual(['API', 'Auth core (SuperTokens)', 'DynamoDB (dynalite)', 'Google stand-in (OIDC)', 'Stripe stand-in', 'Web (Vite)']);
    const ports = [...ready.values()].map((url) => Number(url.port));
    expect(new Set(ports).size, 'a port of its own for each').toBe(6);
    expect(output()).toContain(`open ${ready.get('Web (Vite)')!.origin}`);
    const page = await fetch(`${ready.get('Web (Vite)')!.origin}/download`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${ready.get('API')!.origin}/api/latest-version`);
    expect(api.status).toBe(200);
    expect((await api.json()).version).toMatch(/^\d+\.\d+\.\d+$/);

    process.kill(-child.pid!, 'SIGINT');
    await exited;
    await waitFor(() => output().includes('stopped.'), output, 15_000);
    for (const port of ports) expect(await isPortFree(port), `port ${port} released`).toBe(true);
  });

  it('says which port is taken and starts nothing', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const { output, exited } = startSupervisor({ ...ANY_PORTS, api: taken });
      expect(await exited).toBe(1);
      expect(output()).toContain(`Port ${taken} is taken`);
      expect(output()).toContain(portEnvName('api'));
      expect(readyUrls(output()).size, 'no service started').toBe(0);
    } finally {
      blocker.close();
    }
  });
});
