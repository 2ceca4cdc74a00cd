/**
 * `npm run usage:backfill-ttl`: usage months stored before the table had a TTL get their
 * `expiresAt`, 12 months after the month ends; months that have one and key records are left alone,
 * a dry run changes nothing, and a second run finds nothing to do. Run as an operator runs it, against
 * a local DynamoDB through DYNAMODB_ENDPOINT.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../shared/tables';
import { startTestDynamo, type TestDynamo } from '../support/dynamo';

const run = promisify(execFile);
let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const epoch = (iso: string) => Date.parse(iso) / 1000;
const backfill = async (...args: string[]) =>
  (await run('node', ['node_modules/.bin/tsx', 'infra/scripts/usage-backfill-ttl.ts', ...args], { env: { ...process.env, DYNAMODB_ENDPOINT: dynamo.url } })).stdout;
const expiresAtOf = async (userId: string, month: string) =>
  (await dynamo.db.send(new GetCommand({ TableName: tableName('usage'), Key: { userId, month } }))).Item?.expiresAt as number | undefined;

describe('npm run usage:backfill-ttl', () => {
  it('gives every month without a TTL its own, once', async () => {
    const put = (Item: Record<string, unknown>) => dynamo.db.send(new PutCommand({ TableName: tableName('usage'), Item }));
    await put({ userId: 'old-1', month: '2024-03', wordsTranscribed: 5 });
    await put({ userId: 'old-1', month: '2026-12', wordsTranscribed: 6 });
    await put({ userId: 'old-2', month: '2026-01', wordsTranscribed: 7, expiresAt: 1 });
    await put({ userId: 'old-2', month: 'idempotency#a-key-0001', countMonth: '2026-01', expiresAt: 2 });

    expect(await backfill('--dry-run')).toContain('2 usage month(s) in the local DynamoDB');
    expect(await expiresAtOf('old-1', '2024-03')).toBeUndefined();

    const out = await backfill();
    expect(out).toContain('2 usage month(s)');
    expect(out).toContain('(1 of them past their 12 months');
    expect(out).toContain('1 already had one');
    expect(await expiresAtOf('old-1', '2024-03')).toBe(epoch('2025-04-01T00:00:00Z'));
    expect(await expiresAtOf('old-1', '2026-12')).toBe(epoch('2028-01-01T00:00:00Z'));
    expect(await expiresAtOf('old-2', '2026-01')).toBe(1);
    expect(await expiresAtOf('old-2', 'idempotency#a-key-0001')).toBe(2);

    expect(await backfill()).toContain('0 usage month(s)');
  }, 60_000);

  it('refuses an unknown flag', async () => {
    await expect(backfill('--everything')).rejects.toMatchObject({ code: 2 });
  }, 30_000);
});
