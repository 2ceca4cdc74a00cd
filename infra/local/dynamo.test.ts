import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/lib/dynamo';
import { localTableName } from '../../shared/tables';
import { dynamoService } from './dynamo';
import { freePort } from './ports';

const dataDir = mkdtempSync(join(tmpdir(), 'voxpen-dynamo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('local DynamoDB', () => {
  it('keeps data on disk across a restart, with every shared table created', async () => {
    const item = { platform: 'windows-x64', versionKey: 'k', version: '9.9.9' };
    const first = await dynamoService({ port: await freePort(), dataDir }).start();
    const db1 = createDocumentClient(first.url);
    await db1.send(new PutCommand({ TableName: localTableName('releases'), Item: item }));
    db1.destroy();
    await first.stop();

    const second = await dynamoService({ port: await freePort(), dataDir }).start();
    const db2 = createDocumentClient(second.url);
    const out = await db2.send(new GetCommand({ TableName: localTableName('releases'), Key: { platform: 'windows-x64', versionKey: 'k' } }));
    db2.destroy();
    await second.stop();
    expect(out.Item).toEqual(item);
  });
});
