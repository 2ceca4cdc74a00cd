/**
 * The local DynamoDB killed (-9) in the middle of writes that move index entries, then started again
 * on its data, as DynamoDB behaves through a crash: every table's indexes agree with its items, every
 * write it acknowledged is there, and a write it did not acknowledge landed whole or not at all.
 * The database runs in a process of its own (test/fixtures/dynamo-process.ts), which kills itself
 * before a chosen LevelDB write: a real kill, at a point known to fall between two writes.
 */
import {
  DeleteItemCommand,
  DynamoDBClient,
  PutItemCommand,
  ScanCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type ScanCommandInput,
} from '@aws-sdk/client-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localTableName, tables, type KeyAttribute, type TableDef, type TableKey } from '../../shared/tables';

type Item = Record<string, AttributeValue>;

/** Every table with an index, each written through all of them. */
const INDEXED = (Object.entries(tables) as [TableKey, TableDef][]).filter(([, def]) => def.indexes?.length);
const ITEMS_PER_TABLE = 50;
/**
 * Where the database kills itself (-9) in each round: before its n-th LevelDB write. Every write of a
 * round is sent at once, so dynalite has many under way, each at its own step, at any of these.
 */
const KILL_AT_WRITES = [23, 150];
/** Transactions a round, each writing PER_TRANSACTION items of every indexed table: 24 writes. */
const TRANSACTIONS = 10;
const PER_TRANSACTION = 6;
/**
 * The local layer runs one transaction at a time, so write 24k + 1 is the first of the (k+1)-th:
 * each of these falls between two writes of one transaction.
 */
const KILL_IN_TRANSACTIONS_AT_WRITES = [30, 69];

const running = new Set<ChildProcess>();
const dataDirs: string[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

interface Database {
  client: DynamoDBClient;
  /** With a kill point: its writes are counted from now. */
  countWrites: () => Promise<void>;
  kill: () => Promise<void>;
  exited: Promise<unknown>;
}

async function startDatabase(dataDir: string, killAtWrite?: number): Promise<Database> {
  const args = ['--import', 'tsx', 'test/fixtures/dynamo-process.ts', dataDir, ...(killAtWrite ? [`--kill-at-write=${killAtWrite}`] : [])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  running.add(child);
  const exited = once(child, 'exit');
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const ready = /^ready (\S+)$/m.exec(output);
      if (ready) resolve(ready[1]!);
    });
    void exited.then(([code]) => reject(new Error(`the database process exited (${code}) before it was ready`)));
  });
  // One attempt: a write the kill cut off is a failed write here, not one the SDK sends again later.
  const client = new DynamoDBClient({ endpoint: url, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  return {
    client,
    exited,
    countWrites: async () => {
      const counting = new Promise<void>((resolve) => child.stdout!.on('data', () => /^counting$/m.test(output) && resolve()));
      child.stdin!.write('count\n');
      await counting;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
      running.delete(child);
      client.destroy();
    },
  };
}

/** A write of one item or of several in a transaction, and the state it leaves them in (canonical; undefined: none left). */
interface Write {
  id: string;
  send: (client: DynamoDBClient) => Promise<unknown>;
  after: string | undefined;
}

/**
 * Round 0's writes made whole; then, for each kill point n, the database (started again after the
 * first) checked (what the last kill left, and what the start made of it), set to kill itself (-9)
 * before its n-th write from then, and sent the round's writes all at once; once more started and
 * checked after the last. Each check: every index agrees with its table, and everything written is
 * in a state it may be in (the last acknowledged write's, or one cut off since).
 */
async function killDuring(killAtWrites: number[], plan: (round: number) => Write[], stateNow: (client: DynamoDBClient) => Promise<Map<string, string>>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voxpen-dynamo-kill-'));
  dataDirs.push(dataDir);
  const possible = new Map<string, Set<string | undefined>>();
  let db = await startDatabase(dataDir, killAtWrites[0]);
  for (const write of plan(0)) possible.set(write.id, new Set([write.after]));
  await Promise.all(plan(0).map((write) => write.send(db.client)));
  const check = async (after: string) => {
    for (const { index, expected, actual } of await indexesAgainstItems(db.client)) expect(actual, `${index} ${after}`).toEqual(expected);
    const now = await stateNow(db.client);
    for (const [id, states] of possible) expect([...states], `${id} ${after}`).toContain(now.get(id));
  };

  for (const [n, killAt] of killAtWrites.entries()) {
    if (n > 0) {
      db = await startDatabase(dataDir, killAt);
      await check(`after the kill before write ${killAtWrites[n - 1]}`);
    }
    await db.countWrites();
    const writes = plan(n + 1);
    let acknowledged = 0;
    await Promise.all(
      writes.map(async (write) => {
        try {
          await write.send(db.client);
        } catch {
          // Cut off by the kill: it may have landed or not, but only whole.
          possible.get(write.id)!.add(write.after);
          return;
        }
        possible.set(write.id, new Set([write.after]));
        acknowledged++;
      }),
    );
    // The kill cut the round off (else it made fewer writes than the kill point, and the process lives on).
    expect(acknowledged, `writes acknowledged before the kill before write ${killAt}`).toBeLessThan(writes.length);
    await db.exited;
    await db.kill();
  }
  db = await startDatabase(dataDir);
  await check(`after the kill before write ${killAtWrites.at(-1)}`);
  await db.kill();
}

const value = (attribute: KeyAttribute, text: string, n: number): AttributeValue => (attribute.type === 'S' ? { S: text } : { N: String(n) });

function keyOf(def: TableDef, i: number): Item {
  return {
    [def.partitionKey.name]: value(def.partitionKey, `kill-${i}`, i),
    ...(def.sortKey ? { [def.sortKey.name]: value(def.sortKey, `sort-${i}`, i) } : {}),
  };
}

/** The attributes its indexes are keyed by that the table's own key is not (an update may change those). */
function indexAttributes(def: TableDef): KeyAttribute[] {
  const own = new Set([def.partitionKey.name, def.sortKey?.name]);
  const all = (def.indexes ?? []).flatMap((index) => [index.partitionKey, index.sortKey]).filter((a): a is KeyAttribute => !!a && !own.has(a.name));
  return [...new Map(all.map((a) => [a.name, a])).values()];
}

/** Round `round`'s values: a few shared index partitions, every entry's place new each round. */
function indexValues(def: TableDef, i: number, round: number): Item {
  return Object.fromEntries(indexAttributes(def).map((a) => [a.name, value(a, `round-${round}-${i % 7}`, round * 1000 + i)]));
}

/** Item i's write in `round` and the item it leaves: moved (SET), out of every index (REMOVE), replaced (Put) or deleted. */
function writeOf(key: TableKey, def: TableDef, i: number, round: number): { send: (client: DynamoDBClient) => Promise<unknown>; after: Item | undefined } {
  const TableName = localTableName(key);
  const Key = keyOf(def, i);
  const moved: Item = { ...Key, round: { N: String(round) }, ...indexValues(def, i, round) };
  const names = indexAttributes(def).map((a, n) => [`#a${n}`, a.name] as const);
  switch ((i + round) % 4) {
    case 0:
      return {
        send: (client) =>
          client.send(
            new UpdateItemCommand({
              TableName,
              Key,
              UpdateExpression: `SET #round = :round, ${names.map(([alias], n) => `${alias} = :v${n}`).join(', ')}`,
              ExpressionAttributeNames: { '#round': 'round', ...Object.fromEntries(names) },
              ExpressionAttributeValues: { ':round': { N: String(round) }, ...Object.fromEntries(names.map(([, name], n) => [`:v${n}`, moved[name]!])) },
            }),
          ),
        after: moved,
      };
    case 1:
      return {
        send: (client) =>
          client.send(
            new UpdateItemCommand({
              TableName,
              Key,
              UpdateExpression: `SET #round = :round REMOVE ${names.map(([alias]) => alias).join(', ')}`,
              ExpressionAttributeNames: { '#round': 'round', ...Object.fromEntries(names) },
              ExpressionAttributeValues: { ':round': { N: String(round) } },
            }),
          ),
        after: { ...Key, round: { N: String(round) } },
      };
    case 2:
      return { send: (client) => client.send(new PutItemCommand({ TableName, Item: moved })), after: moved };
    default:
      return { send: (client) => client.send(new DeleteItemCommand({ TableName, Key })), after: undefined };
  }
}

async function scanAll(client: DynamoDBClient, input: ScanCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ ...input, ExclusiveStartKey, ConsistentRead: input.IndexName ? undefined : true }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** An item as one string, its attributes in order, so two are equal exactly when their strings are. */
const canonical = (item: Item) => JSON.stringify(Object.keys(item).sort().map((k) => [k, item[k]]));
/** Several items as one string, whatever their order. */
const groupState = (items: Item[]) => JSON.stringify(items.map(canonical).sort());
/** An item's table key as one string. */
const itemId = (def: TableDef, item: Item) => canonical(Object.fromEntries(Object.keys(keyOf(def, 0)).map((k) => [k, item[k]!])));

/** Each index as it should be from its table's items (every index projects ALL) and as it is, each sorted. */
async function indexesAgainstItems(client: DynamoDBClient): Promise<{ index: string; expected: string[]; actual: string[] }[]> {
  const found = [];
  for (const [key, def] of INDEXED) {
    const TableName = localTableName(key);
    const items = await scanAll(client, { TableName });
    for (const index of def.indexes ?? []) {
      const keyed = items.filter((item) => item[index.partitionKey.name] && (!index.sortKey || item[index.sortKey.name]));
      const entries = await scanAll(client, { TableName, IndexName: index.name });
      found.push({ index: `${key}.${index.name}`, expected: keyed.map(canonical).sort(), actual: entries.map(canonical).sort() });
    }
  }
  return found;
}

/** Each item as it is, by table and key. */
async function itemsNow(client: DynamoDBClient): Promise<Map<string, Item>> {
  const now = new Map<string, Item>();
  for (const [key, def] of INDEXED) for (const item of await scanAll(client, { TableName: localTableName(key) })) now.set(`${key} ${itemId(def, item)}`, item);
  return now;
}

describe('the local DynamoDB killed (-9) during writes that move index entries', () => {
  it('starts again with every index agreeing with its table, every acknowledged write kept and none half made', { timeout: 60_000 }, async () => {
    const plan = (round: number): Write[] =>
      INDEXED.flatMap(([key, def]) =>
        Array.from({ length: ITEMS_PER_TABLE }, (_, i) => {
          const { send, after } = writeOf(key, def, i, round);
          return { id: `${key} ${itemId(def, keyOf(def, i))}`, send, after: after && canonical(after) };
        }),
      );
    await killDuring(KILL_AT_WRITES, plan, async (client) => new Map([...(await itemsNow(client))].map(([id, item]) => [id, canonical(item)])));
  });

  it('starts again with each transaction cut off by the kill landed whole or not at all', { timeout: 60_000 }, async () => {
    // Transaction t writes its items of every indexed table: each put anew (its index entries moved) or each deleted.
    const itemsOf = (t: number) => Array.from({ length: PER_TRANSACTION }, (_, n) => t * PER_TRANSACTION + n);
    const plan = (round: number): Write[] =>
      Array.from({ length: TRANSACTIONS }, (_, t) => {
        const items = INDEXED.flatMap(([key, def]) =>
          itemsOf(t).map((i) => ({ TableName: localTableName(key), Key: keyOf(def, i), Item: { ...keyOf(def, i), round: { N: String(round) }, ...indexValues(def, i, round) } as Item })),
        );
        const deletes = (t + round) % 2 === 1;
        return {
          id: `transaction ${t}`,
          send: (client) =>
            client.send(
              new TransactWriteItemsCommand({
                TransactItems: deletes
                  ? items.map(({ TableName, Key }) => ({ Delete: { TableName, Key } }))
                  : items.map(({ TableName, Item }) => ({ Put: { TableName, Item } })),
              }),
            ),
          after: deletes ? groupState([]) : groupState(items.map((put) => put.Item)),
        };
      });
    const stateNow = async (client: DynamoDBClient) => {
      const items = await itemsNow(client);
      return new Map(
        Array.from({ length: TRANSACTIONS }, (_, t) => [
          `transaction ${t}`,
          groupState(INDEXED.flatMap(([key, def]) => itemsOf(t).map((i) => items.get(`${key} ${itemId(def, keyOf(def, i))}`))).filter((item): item is Item => !!item)),
        ]),
      );
    };
    await killDuring(KILL_IN_TRANSACTIONS_AT_WRITES, plan, stateNow);
  });
});
