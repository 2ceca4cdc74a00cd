/** The local stack for integration and browser tests: in-process, on free ports, in-memory data. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../infra/local/ports';
import { startLocalStack, type LocalStackOptions, type Ports, type RunningStack } from '../../infra/local/stack';

export async function freePorts(): Promise<Ports> {
  return { dynamodb: await freePort(), api: await freePort(), web: await freePort(), google: await freePort(), auth: await freePort() };
}

export type TestStack = RunningStack & { api: string; web: string; google: string; outboxDir: string };

/** Mail goes to a fresh outbox of the test's own, removed when the stack stops. */
export async function startTestStack(options: Partial<LocalStackOptions> = {}): Promise<TestStack> {
  const outboxDir = options.outboxDir ?? mkdtempSync(join(tmpdir(), 'voxpen-outbox-'));
  const stack = await startLocalStack({ ports: await freePorts(), outboxDir, ...options });
  return {
    ...stack,
    api: `http://localhost:${stack.ports.api}`,
    web: `http://localhost:${stack.ports.web}`,
    google: `http://localhost:${stack.ports.google}`,
    outboxDir,
    stop: async () => {
      await stack.stop();
      if (!options.outboxDir) rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
