/** DynamoDB on loopback: dynalite keeping its LevelDB under `.data/`, tables made from shared/tables. */
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ScanCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
  type AttributeValue,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { mkdirSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { localTableName, tables, type TableDef, type TableKey } from '../../shared/tables';
import { writeIndexesWithTheirItem } from './dynalite-atomic-writes';
import { close, listen } from './http-server';
import { LOOPBACK } from './ports';
import type { LocalService } from './service';
import { fileJournal } from './transaction-journal';
import { undoCutOffTransactions, withTransactions } from './transactions';

export function createTableInput(name: string, def: TableDef): CreateTableCommandInput {
  const keys = [def.partitionKey, def.sortKey, ...(def.indexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey])].filter(
    (k): k is NonNullable<typeof k> => k !== undefined,
  );
  const attributes = [...new Map(keys.map((k) => [k.name, k])).values()];
  const keySchema = (pk: { name: string }, sk?: { name: string }) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: attributes.map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
    KeySchema: keySchema(def.partitionKey, def.sortKey),
    GlobalSecondaryIndexes: def.indexes?.length
      ? def.indexes.map((i) => ({ IndexName: i.name, KeySchema: keySchema(i.partitionKey, i.sortKey), Projection: { ProjectionType: 'ALL' } }))
      : undefined,
  };
}

// dynalite finishes a create or delete on a later timer tick, even with 0 ms, so a busy machine can
// see the table CREATING or DELETING. The SDK's waiters poll every 20 s by default, paced for AWS.
const TABLE_WAIT = { maxWaitTime: 30, minDelay: 0.01, maxDelay: 0.2 };

/** Creates a table and returns once it is ACTIVE, so the next request may use it. */
export async function createTable(client: DynamoDBClient, input: CreateTableCommandInput): Promise<void> {
  await client.send(new CreateTableCommand(input));
  await waitUntilTableExists({ client, ...TABLE_WAIT }, { TableName: input.TableName });
}

/** Deletes a table and returns once it is gone, so its name may be created again. */
export async function deleteTable(client: DynamoDBClient, name: string): Promise<void> {
  await client.send(new DeleteTableCommand({ TableName: name }));
  await waitUntilTableNotExists({ client, ...TABLE_WAIT }, { TableName: name });
}

/**
 * Remakes a table whose definition gained an index since its data was stored: dynalite cannot add an
 * index to a table, so the items are read, the table made anew, and the items written back.
 */
async function addMissingIndexes(client: DynamoDBClient, name: string, def: TableDef): Promise<void> {
  const described = await client.send(new DescribeTableCommand({ TableName: name }));
  const have = new Set((described.Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  if ((def.indexes ?? []).every((i) => have.has(i.name))) return;
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  await deleteTable(client, name);
  await createTable(client, createTableInput(name, def));
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await client.send(new BatchWriteItemCommand({ RequestItems: { [name]: batch } }));
  }
  console.log(`[dynamodb] ${name}: added the table's new indexes, kept its ${items.length} item(s)`);
}

/** Creates every table in shared/tables that does not exist yet; existing data is kept. */
export async function ensureTables(endpoint: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const [key, def] of Object.entries(tables) as [TableKey, TableDef][]) {
    const name = localTableName(key);
    if (!existing.has(name)) await createTable(client, createTableInput(name, def));
    else await addMissingIndexes(client, name, def);
  }
  client.destroy();
}

export function dynamoService(options: { port: number; dataDir?: string }): LocalService {
  return {
    name: 'DynamoDB (dynalite)',
    port: options.port,
    async start() {
      if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
      // An item and its index entries land in one LevelDB batch, so a kill leaves them together (DynamoDB's way).
      writeIndexesWithTheirItem();
      // Tables become ACTIVE at once, as the local runtime never waits on provisioning.
      const store = dynalite({ path: options.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
      // dynalite itself listens on a port of its own, where only the transactions' own calls go; the
      // service's port is the front that adds TransactWriteItems (./transactions.ts).
      await listen(store, 0);
      const backend = new DynamoDBClient({ endpoint: `http://${LOOPBACK}:${(store.address() as AddressInfo).port}`, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
      // Beside LevelDB's own files (it leaves a directory it did not make alone).
      const journal = options.dataDir ? fileJournal(join(options.dataDir, 'transactions')) : undefined;
      const undone = journal ? await undoCutOffTransactions(journal, backend) : 0;
      if (undone) console.log(`[dynamodb] put back the items of ${undone} transaction(s) a stop cut off before they finished`);
      const front = createServer(withTransactions({ passThrough: store.listeners('request')[0] as RequestListener, backend, journal }));
      await listen(front, options.port);
      const url = `http://localhost:${options.port}`;
      await ensureTables(url);
      return {
        url,
        stop: async () => {
          await close(front);
          backend.destroy();
          await close(store);
        },
      };
    },
  };
}
