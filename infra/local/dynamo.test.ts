import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/lib/dynamo';
import { localTableName, tables } from '../../shared/tables';
import { createTable, createTableInput, deleteTable, dynamoService, ensureTables } from './dynamo';
import { holdPort } from './ports';

const dataDir = mkdtempSync(join(tmpdir(), 'voxpen-dynamo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('local DynamoDB', () => {
  it('keeps data on disk across a restart, with every shared table created', async () => {
    const item = { platform: 'windows-x64', versionKey: 'k', version: '9.9.9' };
    const first = await dynamoService({ port: await holdPort(), dataDir }).start();
    const db1 = createDocumentClient(first.url);
    await db1.send(new PutCommand({ TableName: localTableName('releases'), Item: item }));
    db1.destroy();
    await first.stop();

    const second = await dynamoService({ port: await holdPort(), dataDir }).start();
    const db2 = createDocumentClient(second.url);
    const out = await db2.send(new GetCommand({ TableName: localTableName('releases'), Key: { platform: 'windows-x64', versionKey: 'k' } }));
    db2.destroy();
    await second.stop();
    expect(out.Item).toEqual(item);
  });

  it('gives a table stored before an index was defined that index, keeping its items', async () => {
    const server = await dynamoService({ port: await holdPort() }).start();
    const client = new DynamoDBClient({ endpoint: server.url, region: 'local', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const TableName = localTableName('users');
    // The users table as data from before billing has it: no index.
    await deleteTable(client, TableName);
    await createTable(client, createTableInput(TableName, { owner: tables.users.owner, partitionKey: tables.users.partitionKey }));
    const db = createDocumentClient(server.url);
    const item = { userId: 'u1', stripeCustomerId: 'cus_1', email: 'a@example.com' };
    await db.send(new PutCommand({ TableName, Item: item }));

    await ensureTables(server.url);
    const found = await db.send(
      new QueryCommand({ TableName, IndexName: 'byStripeCustomer', KeyConditionExpression: 'stripeCustomerId = :c', ExpressionAttributeValues: { ':c': 'cus_1' } }),
    );
    db.destroy();
    client.destroy();
    await server.stop();
    expect(found.Items).toEqual([item]);
  });
});
