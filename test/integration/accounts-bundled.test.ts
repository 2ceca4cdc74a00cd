/**
 * The auth and users Lambdas as deployed: bundled by esbuild with the stack's own settings, served by
 * a second local gateway beside the stack, so module interop the sources never meet (CommonJS
 * default exports inside supertokens-node) is exercised before AWS sees it.
 */
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_ESBUILD_OPTIONS } from '../../infra/constructs/bundling';
import { gatewayService } from '../../infra/local/gateway';
import { holdPort } from '../../infra/local/ports';
import type { RunningService } from '../../infra/local/service';
import { functions } from '../../shared/routes';
import { AuthApi } from '../support/auth-api';
import { verifyThroughOutbox } from '../support/verification';
import { startTestStack, type TestStack } from '../support/local-stack';

const dir = mkdtempSync(join(tmpdir(), 'voxpen-bundled-'));
let stack: TestStack;
let bundled: RunningService;

async function bundle(name: 'auth' | 'users'): Promise<string> {
  await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints: [functions[name].entry], outfile: join(dir, name, 'index.js'), logLevel: 'error' });
  // Lambda requires index.js; the local gateway imports ES modules, so a two-line bridge.
  writeFileSync(join(dir, name, 'entry.mjs'), "import { createRequire } from 'node:module';\nexport const { handler } = createRequire(import.meta.url)('./index.js');\n");
  return `${name}/entry.mjs`;
}

beforeAll(async () => {
  stack = await startTestStack();
  const [auth, users] = await Promise.all([bundle('auth'), bundle('users')]);
  bundled = await gatewayService({ port: await holdPort(), corsOrigins: [], root: dir, functions: { auth: { entry: auth }, users: { entry: users } } }).start();
}, 120_000);
afterAll(async () => {
  await bundled?.stop();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('bundled auth and users Lambdas', () => {
  it('sign up, prove the address, save the record, and answer 401 without a session, as the sources do', async () => {
    const who = new AuthApi(bundled.url, stack.web);
    const signUp = await who.signUp('bundled@example.com', 'engine42');
    expect(signUp.status).toBe('OK');
    await verifyThroughOutbox(who, stack.outboxDir, 'bundled@example.com');
    // The record was made at sign-up; saving it names it.
    const saved = await who.post('/api/users', { name: 'Bundle', email: 'bundled@example.com', supertokensUserId: (signUp.user as { id: string }).id });
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('Bundle');
    expect((await new AuthApi(bundled.url, stack.web).post('/api/ensure-user-exists')).status).toBe(401);
  });
});
