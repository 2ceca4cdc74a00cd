import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '../../shared/tables';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { consumeHandoffCode, hashHandoffCode, HANDOFF_CODE_TTL_SECONDS, issueHandoffCode } from './handoff-codes';

let dynamo: TestDynamo;
const owner = { userId: 'u-1', recipeUserId: 'u-1', sessionHandle: 'session-1' };
const t0 = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

describe('desktop handoff codes', () => {
  it('issues a 32-byte base64url code and stores only its hash, expiring in a minute', async () => {
    const code = await issueHandoffCode(dynamo.db, owner, t0);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { Item } = await dynamo.db.send(new GetCommand({ TableName: localTableName('handoffCodes'), Key: { codeHash: hashHandoffCode(code) } }));
    expect(Item).toEqual({ codeHash: hashHandoffCode(code), ...owner, expiresAt: t0 / 1000 + HANDOFF_CODE_TTL_SECONDS });
    expect(JSON.stringify(Item)).not.toContain(code);
  });

  it('hands the owner over once', async () => {
    const code = await issueHandoffCode(dynamo.db, owner, t0);
    expect(await consumeHandoffCode(dynamo.db, code, t0 + 1000)).toEqual(owner);
    expect(await consumeHandoffCode(dynamo.db, code, t0 + 2000)).toBeUndefined();
  });

  it('lets only one of two simultaneous exchanges win', async () => {
    const code = await issueHandoffCode(dynamo.db, owner, t0);
    const results = await Promise.all([consumeHandoffCode(dynamo.db, code, t0), consumeHandoffCode(dynamo.db, code, t0)]);
    expect(results.filter(Boolean)).toEqual([owner]);
  });

  it('refuses a code once its minute is over, and an unknown code', async () => {
    const code = await issueHandoffCode(dynamo.db, owner, t0);
    expect(await consumeHandoffCode(dynamo.db, code, t0 + HANDOFF_CODE_TTL_SECONDS * 1000)).toBeUndefined();
    expect(await consumeHandoffCode(dynamo.db, 'never-issued', t0)).toBeUndefined();
  });

  it('gives every sign-in its own code', async () => {
    const codes = await Promise.all([1, 2, 3].map(() => issueHandoffCode(dynamo.db, owner, t0)));
    expect(new Set(codes).size).toBe(3);
  });
});
