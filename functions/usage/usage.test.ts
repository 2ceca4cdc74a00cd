import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../shared/tables';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { keyRecordKey, reportUsage } from './report';
import { addMonths, monthExpiresAt } from '../../shared/usage';
import { deleteUsageHistory, recentMonths, usageHistory } from './usage';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

describe('the profile’s chart months', () => {
  it('are the last 12 ending with this one, oldest first, across a new year, gaps as zeros', () => {
    const history = [
      { month: '2025-01', wordsTranscribed: 9, recordingTime: 9, timeSaved: 0 },
      { month: '2026-02', wordsTranscribed: 70, recordingTime: 30, timeSaved: 75 },
      { month: '2026-11', wordsTranscribed: 5, recordingTime: 2, timeSaved: 5 },
    ];
    const months = recentMonths(history, '2026-11');
    expect(months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => addMonths('2025-12', i)));
    expect(months[0]).toEqual({ month: '2025-12', words: 0, seconds: 0 });
    expect(months[2]).toEqual({ month: '2026-02', words: 70, seconds: 30 });
    expect(months[11]).toEqual({ month: '2026-11', words: 5, seconds: 2 });
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
  });
});

describe('retention', () => {
  it('deletes a month 12 months after it ends', () => {
    expect(new Date(monthExpiresAt('2026-11') * 1000).toISOString()).toBe('2027-12-01T00:00:00.000Z');
    expect(new Date(monthExpiresAt('2026-12') * 1000).toISOString()).toBe('2028-01-01T00:00:00.000Z');
  });

  it('sets the TTL on the month item a report writes', async () => {
    // Every report also gets a key record (report.ts), which must expire too.
    const now = new Date('2026-11-30T10:00:00Z');
    await reportUsage(dynamo.db, 'ttl-1', 'ttl-key-0001', { words: 5, seconds: 5 }, now, 'pro');
    const items = (await dynamo.db.send(new QueryCommand({ TableName: tableName('usage'), KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': 'ttl-1' } }))).Items!;
    expect(items.find((i) => i.month === '2026-11')).toMatchObject({ expiresAt: Date.parse('2027-12-01T00:00:00Z') / 1000 });
    // The key's record goes after a day.
    expect(items.find((i) => i.month === keyRecordKey('ttl-1', 'ttl-key-0001').month)).toMatchObject({ expiresAt: now.getTime() / 1000 + 24 * 3600 });
  });
});

describe('an account’s usage history', () => {
  it('is its months alone, without its key records or a month past its retention', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    await reportUsage(dynamo.db, 'hist-1', 'hist-key-0001', { words: 40, seconds: 20 }, now, 'pro');
    // A month TTL has not deleted yet although its time has passed (TTL is lazy, dynalite never deletes).
    await dynamo.db.send(new PutCommand({ TableName: tableName('usage'), Item: { userId: 'hist-1', month: '2025-09', wordsTranscribed: 7, recordingTime: 7, timeSaved: 0, expiresAt: monthExpiresAt('2025-09') } }));
    expect(await usageHistory(dynamo.db, 'hist-1', now)).toEqual([{ month: '2026-11', wordsTranscribed: 40, recordingTime: 20, timeSaved: 40 }]);
  });

  it('is deleted whole with the account, key records included', async () => {
    const now = new Date('2026-11-23T10:00:00Z');
    await reportUsage(dynamo.db, 'gone-1', 'gone-key-0001', { words: 1, seconds: 1 }, now, 'pro');
    await reportUsage(dynamo.db, 'gone-1', 'gone-key-0002', { words: 1, seconds: 1 }, new Date('2026-10-02T10:00:00Z'), 'pro');
    expect(await deleteUsageHistory(dynamo.db, 'gone-1')).toBe(2);
    const left = await dynamo.db.send(new QueryCommand({ TableName: tableName('usage'), KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': 'gone-1' } }));
    expect(left.Items).toEqual([]);
  });
});
