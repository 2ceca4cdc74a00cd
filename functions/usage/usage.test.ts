import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { addMonths, recentMonths, recordUsage } from './usage';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const now = new Date('2026-11-23T10:00:00Z');

describe('a Free report past the month’s words', () => {
  it('is refused with the month as it stands', async () => {
    expect(await recordUsage(dynamo.db, 'free-1', { words: 400, seconds: 60 }, now, 500)).toMatchObject({ status: 'OK' });
    expect(await recordUsage(dynamo.db, 'free-1', { words: 101, seconds: 10 }, now, 500)).toEqual({
      status: 'LIMIT_REACHED',
      month: { month: '2026-11', wordsTranscribed: 400, recordingTime: 60, timeSaved: 540 },
    });
    expect(await recordUsage(dynamo.db, 'free-1', { words: 501, seconds: 10 }, now, 500)).toMatchObject({ status: 'LIMIT_REACHED', month: { wordsTranscribed: 400 } });
  });

  it('costs no read when DynamoDB returns the item the condition failed on', async () => {
    const sent: string[] = [];
    const db = {
      send: async (command: object) => {
        sent.push(command.constructor.name);
        throw new ConditionalCheckFailedException({
          message: 'The conditional request failed',
          $metadata: {},
          Item: { userId: { S: 'free-2' }, month: { S: '2026-11' }, wordsTranscribed: { N: '450' }, recordingTime: { N: '90' }, timeSaved: { N: '585' }, updatedAt: { S: now.toISOString() } },
        });
      },
    } as unknown as DynamoDBDocumentClient;
    expect(await recordUsage(db, 'free-2', { words: 60, seconds: 10 }, now, 500)).toEqual({
      status: 'LIMIT_REACHED',
      month: { month: '2026-11', wordsTranscribed: 450, recordingTime: 90, timeSaved: 585 },
    });
    expect(sent).toEqual(['UpdateCommand']);
  });
});

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
