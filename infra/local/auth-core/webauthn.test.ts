/**
 * A passkey sign-up writes its credential and its user together (./store.ts putAllIfAbsent), as the
 * core does in one transaction: a crash at any of its writes leaves no credential without its user,
 * which could never sign in and which nothing would remove. The crash is a store client that fails
 * its n-th write before it reaches the table.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../../functions/lib/dynamo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../../shared/tables';
import { startTestDynamo, type TestDynamo } from '../../../test/support/dynamo';
import { SoftwareAuthenticator, type RegisterOptions } from '../../../test/support/software-authenticator';
import { DEFAULT_CORE_CONFIG } from './config';
import type { CoreDeps } from './deps';
import { createStore, itemKey } from './store';
import { registerOptions, signUp } from './webauthn';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const ORIGIN = 'http://localhost:5173';
const WRITE = /^(Put|Update|Delete|TransactWrite)(Item|Items)?Command$/;

/** The core's store on a client that fails its `nth` write, before sending it (the process killed there). */
function depsCrashingAt(nth: number): CoreDeps & { killed: () => boolean } {
  let writes = 0;
  const db = createDocumentClient(dynamo.url);
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (WRITE.test(context.commandName ?? '') && ++writes === nth) throw new Error(`killed before write ${nth}`);
      return next(args);
    },
    { step: 'initialize', name: 'killedAtWrite' },
  );
  return { store: createStore(db, tableName('authCore')), keys: undefined as never, clock: () => Date.now(), config: DEFAULT_CORE_CONFIG, killed: () => writes >= nth };
}

async function everyItem(): Promise<Record<string, unknown>[]> {
  return ((await dynamo.db.send(new ScanCommand({ TableName: tableName('authCore'), ConsistentRead: true }))).Items ?? []) as Record<string, unknown>[];
}

describe('a passkey sign-up killed at any of its writes', () => {
  it('leaves no credential without its user, and a sign-up again with the address works', async () => {
    let killed = true;
    for (let nth = 1; killed; nth++) {
      const email = `kill-${nth}-${Date.now()}@example.com`;
      const healthy = depsCrashingAt(Number.POSITIVE_INFINITY);
      const options = (await registerOptions(healthy, 'public', { email, relyingPartyName: 'Voxpen', relyingPartyId: 'localhost', origin: ORIGIN, userVerification: 'required' })) as unknown as RegisterOptions & { webauthnGeneratedOptionsId: string };
      const credential = new SoftwareAuthenticator(ORIGIN).create(options);
      const crashing = depsCrashingAt(nth);
      await signUp(crashing, 'public', { webauthnGeneratedOptionsId: options.webauthnGeneratedOptionsId, credential: credential as unknown as Record<string, unknown> }).catch(() => undefined);
      killed = crashing.killed();
      // Past its last write the sign-up went through: every kill point has been tried.
      if (!killed) break;

      const items = await everyItem();
      const users = new Set(items.map((i) => i.pk));
      const orphans = items.filter((i) => String(i.pk).startsWith('wa-cred#') && !users.has(itemKey.user(String(i.recipeUserId))));
      expect(orphans, `killed before write ${nth}`).toEqual([]);

      // The address is not lost to the crash: a new sign-up with it goes through.
      const again = (await registerOptions(healthy, 'public', { email, relyingPartyName: 'Voxpen', relyingPartyId: 'localhost', origin: ORIGIN, userVerification: 'required' })) as unknown as RegisterOptions & { webauthnGeneratedOptionsId: string };
      const done = await signUp(healthy, 'public', { webauthnGeneratedOptionsId: again.webauthnGeneratedOptionsId, credential: new SoftwareAuthenticator(ORIGIN).create(again) as unknown as Record<string, unknown> });
      expect(done?.status, `after a kill before write ${nth}`).toBe('OK');
    }
  });
});
