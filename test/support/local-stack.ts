/** The local stack for integration and browser tests: in-process, on ports the OS picks (held until bound), in-memory data. */
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../functions/lib/dynamo';
import { ANY_PORTS, startLocalStack, type LocalStackOptions, type RunningStack } from '../../infra/local/stack';

/** `db` reaches the stack's DynamoDB directly, for checking what a request stored. */
export type TestStack = RunningStack & { api: string; web: string; google: string; stripe: string; outboxDir: string; db: DynamoDBDocumentClient };

/**
 * The same scrypt at a sixty-fourth of the work: a quarter second per hash is the real core's guard
 * against a stolen table, and in a suite that signs in some thousand times it is minutes of CPU that
 * prove nothing more (docs/testing.md#password-cost). The stored hash names its cost, so nothing
 * else changes; tests of the cost itself start a core of their own at the real one.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 } as const;

/** Mail goes to a fresh outbox of the test's own, removed when the stack stops. */
export async function startTestStack(options: Partial<LocalStackOptions> = {}): Promise<TestStack> {
  const outboxDir = options.outboxDir ?? mkdtempSync(join(tmpdir(), 'voxpen-outbox-'));
  const stack = await startLocalStack({ ports: ANY_PORTS, outboxDir, passwordCost: TEST_PASSWORD_COST, ...options });
  const db = createDocumentClient(stack.env.DYNAMODB_ENDPOINT);
  return {
    ...stack,
    api: `http://localhost:${stack.ports.api}`,
    web: `http://localhost:${stack.ports.web}`,
    google: `http://localhost:${stack.ports.google}`,
    stripe: `http://localhost:${stack.ports.stripe}`,
    outboxDir,
    db,
    stop: async () => {
      db.destroy();
      await stack.stop();
      if (!options.outboxDir) rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/**
 * An integration file's stack: started before its tests and stopped after them. The answer is filled
 * in when the stack is up, so tests read its fields (`stack.api`, `stack.db`) as usual.
 */
export function useTestStack(options: Partial<LocalStackOptions> = {}): TestStack {
  const stack = {} as TestStack;
  beforeAll(async () => {
    Object.assign(stack, await startTestStack(options));
  }, 60_000);
  afterAll(() => stack.stop?.());
  return stack;
}
