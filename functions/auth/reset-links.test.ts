import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { RecipeInterface } from 'supertokens-node/recipe/emailpassword';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_TOKEN_LIFETIME_SECONDS } from '../../shared/session-lifetime';
import { localTableName } from '../../shared/tables';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { emailPasswordFunctions } from './emailpassword-functions';
import { markResetLinkUsed, recordResetLink, resetLinkWorks } from './reset-links';

let dynamo: TestDynamo;
const t0 = Date.parse('2026-03-01T09:00:00Z');
const LIFETIME_MS = PASSWORD_RESET_TOKEN_LIFETIME_SECONDS * 1000;

beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

describe('the record of reset links', () => {
  it('stores only the hash of a token, and calls it working until the core lifetime ends', async () => {
    await recordResetLink(dynamo.db, 'token-a', 'u-1', t0);
    const { Items = [] } = await dynamo.db.send(new ScanCommand({ TableName: localTableName('handoffCodes') }));
    expect(JSON.stringify(Items)).not.toContain('token-a');
    expect(await resetLinkWorks(dynamo.db, 'token-a', t0 + LIFETIME_MS - 1000)).toBe(true);
    expect(await resetLinkWorks(dynamo.db, 'token-a', t0 + LIFETIME_MS)).toBe(false);
  });

  it("a used link no longer works, nor the account's earlier ones; a later one does", async () => {
    await recordResetLink(dynamo.db, 'token-b1', 'u-2', t0);
    await recordResetLink(dynamo.db, 'token-b2', 'u-2', t0 + 1000);
    await recordResetLink(dynamo.db, 'token-other', 'u-3', t0 + 1000);
    await markResetLinkUsed(dynamo.db, 'token-b2', 'u-2', t0 + 2000);
    await markResetLinkUsed(dynamo.db, 'token-b2', 'u-2', t0 + 2500); // safe to repeat
    await recordResetLink(dynamo.db, 'token-b3', 'u-2', t0 + 3000);
    expect(await resetLinkWorks(dynamo.db, 'token-b1', t0 + 4000)).toBe(false);
    expect(await resetLinkWorks(dynamo.db, 'token-b2', t0 + 4000)).toBe(false);
    expect(await resetLinkWorks(dynamo.db, 'token-b3', t0 + 4000)).toBe(true);
    expect(await resetLinkWorks(dynamo.db, 'token-other', t0 + 4000)).toBe(true);
    expect(await resetLinkWorks(dynamo.db, 'never-sent', t0 + 4000)).toBe(false);
  });
});

describe('the EmailPassword overrides that keep it', () => {
  const failingDb = () => ({ send: vi.fn().mockRejectedValue(new Error('DynamoDB is down')) }) as never;
  const core = {
    updateEmailOrPassword: vi.fn(),
    verifyCredentials: vi.fn(),
    createResetPasswordToken: vi.fn().mockResolvedValue({ status: 'OK', token: 'tok' }),
    consumePasswordResetToken: vi.fn().mockResolvedValue({ status: 'OK', userId: 'u-9', email: 'a@example.com' }),
  } as unknown as RecipeInterface;

  it('records nothing for a token the core refused, and marks it used once the core accepted it', async () => {
    const refusing = { ...core, consumePasswordResetToken: vi.fn().mockResolvedValue({ status: 'RESET_PASSWORD_INVALID_TOKEN_ERROR' }) } as unknown as RecipeInterface;
    const fns = emailPasswordFunctions(refusing, { db: () => dynamo.db });
    await fns.createResetPasswordToken({ userId: 'u-9', email: 'a@example.com', tenantId: 'public', userContext: {} as never });
    await fns.consumePasswordResetToken({ token: 'tok', tenantId: 'public', userContext: {} as never });
    expect(await resetLinkWorks(dynamo.db, 'tok')).toBe(true);
    await emailPasswordFunctions(core, { db: () => dynamo.db }).consumePasswordResetToken({ token: 'tok', tenantId: 'public', userContext: {} as never });
    expect(await resetLinkWorks(dynamo.db, 'tok')).toBe(false);
  });

  it('does not fail a reset the core accepted when the mark cannot be written (the token is spent already)', async () => {
    const fns = emailPasswordFunctions(core, { db: failingDb });
    await expect(fns.consumePasswordResetToken({ token: 'tok', tenantId: 'public', userContext: {} as never })).resolves.toMatchObject({ status: 'OK', userId: 'u-9' });
  });

  it('fails a token that cannot be recorded, so no mail goes out with a link the check would call dead', async () => {
    const fns = emailPasswordFunctions(core, { db: failingDb });
    await expect(fns.createResetPasswordToken({ userId: 'u-9', email: 'a@example.com', tenantId: 'public', userContext: {} as never })).rejects.toThrow('DynamoDB is down');
  });
});
