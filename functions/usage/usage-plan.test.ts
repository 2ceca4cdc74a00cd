/** The plan on the usage month: pushed by subscription, a later one never overwritten by an earlier. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../shared/tables';
import { monthExpiresAt } from '../../shared/usage';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { reportUsage } from './report';
import { pushPlanToUsage } from './usage-plan';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const now = new Date('2026-11-23T10:00:00Z');
const monthItem = async (userId: string) => (await dynamo.db.send(new GetCommand({ TableName: tableName('usage'), Key: { userId, month: '2026-11' } }))).Item;

describe('the plan on the usage month', () => {
  it('follows the latest subscription, whatever order the pushes arrive in', async () => {
    await reportUsage(dynamo.db, 'push-1', 'push-key-0001', { words: 1, seconds: 1 }, now, 'free');
    await pushPlanToUsage(dynamo.db, 'push-1', 'pro', 2_000, now);
    await pushPlanToUsage(dynamo.db, 'push-1', 'free', 1_000, now);
    expect(await monthItem('push-1')).toMatchObject({ plan: 'pro', wordsTranscribed: 1 });
    await pushPlanToUsage(dynamo.db, 'push-1', 'free', 3_000, now);
    expect((await monthItem('push-1'))?.plan).toBe('free');
  });

  it("makes the month's item if it has none, so a first report that read the plan before the upgrade keeps the pushed one", async () => {
    await pushPlanToUsage(dynamo.db, 'push-2', 'pro', 1_000, now);
    expect(await monthItem('push-2')).toMatchObject({ plan: 'pro', expiresAt: monthExpiresAt('2026-11') });
    // The month's first report read Free from the users item just before the upgrade was stored.
    await reportUsage(dynamo.db, 'push-2', 'push-key-0002', { words: 600, seconds: 60 }, now, 'free');
    expect(await monthItem('push-2')).toMatchObject({ plan: 'pro', wordsTranscribed: 600 });
  });
});
