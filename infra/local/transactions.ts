/**
 * DynamoDB's TransactWriteItems for the local runtime. dynalite has no transactions, and the product
 * writes some things (a usage report's key record and its month) all or nothing, so the local
 * DynamoDB answers them as DynamoDB does rather than the product working around the gap.
 *
 * A front server takes every request: a TransactWriteItems is run here, anything else goes to
 * dynalite's own handler. A transaction holds an exclusive lock while other requests hold a shared
 * one, so no other write lands between its checks and its writes (DynamoDB's isolation). It runs in
 * against dynalite, through a client of its own: every item's write is made under its condition at
 * once (no two operations may name one item, so each condition is judged against the item as it was
 * before the transaction, by dynalite's own expression engine), each answering the item as it was; a
 * ConditionCheck writes its item back unchanged under its condition (or deletes it under it when
 * absent). If any part is refused (a condition, an invalid update, an item too large), the parts
 * made are put back and the transaction is cancelled with a reason per item, in the order of the
 * items, as DynamoDB does.
 * A ClientRequestToken seen in the last 10 minutes with the same request answers success without
 * writing again; with another request, IdempotentParameterMismatchException (DynamoDB's behaviour).
 * Asked for (ReturnConsumedCapacity), it answers the write units per table as DynamoDB counts a
 * transaction's: twice an ordinary write's, each item's by the larger of its size before and after
 * (dynalite's own figure for one write), so a test can measure what a request costs.
 * With its data on disk, a transaction notes its items as they were before its first write
 * (./transaction-journal.ts); one cut off by a kill is put back on the next start, before anything
 * is answered, so it lands whole or not at all through a crash too.
 */
import {
  DeleteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';
import { addConsumedCapacity } from 'dynalite/db/index.js';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { NotedItem, TransactionJournal } from './transaction-journal';

const TARGET = 'DynamoDB_20120810.TransactWriteItems';
const MAX_ITEMS = 100;
const TOKEN_WINDOW_MS = 10 * 60_000;
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';

type Item = Record<string, AttributeValue>;

interface Reason {
  Code: string;
  Message?: string;
  Item?: Item;
}

/** A transaction refused as a whole: the answer DynamoDB gives, status and `__type` as its JSON protocol has them. */
class TransactionError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Readers (every other request) share; a transaction waits for them and holds it alone. */
class SharedLock {
  private readers = 0;
  private writer = false;
  private queue: { exclusive: boolean; go: () => void }[] = [];

  async run<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    await this.acquire(exclusive);
    try {
      return await work();
    } finally {
      this.release(exclusive);
    }
  }

  acquire(exclusive: boolean): Promise<void> {
    if (!this.writer && this.queue.length === 0 && (exclusive ? this.readers === 0 : true)) {
      this.take(exclusive);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push({ exclusive, go: resolve }));
  }

  release(exclusive: boolean): void {
    if (exclusive) this.writer = false;
    else this.readers--;
    this.drain();
  }

  private take(exclusive: boolean): void {
    if (exclusive) this.writer = true;
    else this.readers++;
  }

  private drain(): void {
    while (this.queue.length && !this.writer) {
      const next = this.queue[0]!;
      if (next.exclusive && this.readers > 0) return;
      this.queue.shift();
      this.take(next.exclusive);
      next.go();
      if (next.exclusive) return;
    }
  }
}

/** An item's part done: whether it wrote, and the item as it was (to put back if another part fails). */
interface Applied {
  wrote: boolean;
  before: Item | undefined;
}

interface Operation {
  kind: 'ConditionCheck' | 'Put' | 'Update' | 'Delete';
  table: string;
  key: Item;
  body: Record<string, unknown>;
}

function operationOf(entry: TransactWriteItem, keyNames: (table: string) => Promise<string[]>): Promise<Operation> {
  const [kind, body] = (Object.entries(entry).filter(([, v]) => v !== undefined) as [Operation['kind'], Record<string, unknown>][])[0] ?? [];
  if (!kind || !body || Object.keys(entry).length !== 1) {
    throw new TransactionError('ValidationException', 'Each TransactWriteItem must name exactly one of ConditionCheck, Put, Update or Delete');
  }
  const table = body.TableName as string;
  return keyNames(table).then((names) => {
    const source = (kind === 'Put' ? body.Item : body.Key) as Item | undefined;
    if (!source) throw new TransactionError('ValidationException', `The ${kind} is missing its ${kind === 'Put' ? 'Item' : 'Key'}`);
    const key: Item = Object.fromEntries(names.map((name) => [name, source[name]!]));
    if (names.some((name) => !source[name])) throw new TransactionError('ValidationException', 'The provided key element does not match the schema');
    return { kind, table, key, body };
  });
}

const itemId = (op: Operation) => `${op.table}\u0000${JSON.stringify(Object.keys(op.key).sort().map((k) => [k, op.key[k]]))}`;

const expressionOf = (body: Record<string, unknown>) => ({
  ExpressionAttributeNames: body.ExpressionAttributeNames as Record<string, string> | undefined,
  ExpressionAttributeValues: body.ExpressionAttributeValues as Item | undefined,
});

const nameOf = (error: unknown) => (error as { name?: string }).name ?? 'InternalServerError';
const messageOf = (error: unknown) => (error as { message?: string }).message ?? String(error);

export interface TransactionsOptions {
  /** dynalite's own request handler, for every other request. */
  passThrough: RequestListener;
  /** A client of dynalite that bypasses the front server (the transaction holds its lock). */
  backend: DynamoDBClient;
  /** Where transactions note their items before writing; none for a database in memory, which a kill empties anyway. */
  journal?: TransactionJournal;
}

/** An item put back as it was: written whole, or deleted when there was none. */
async function putBack(backend: DynamoDBClient, { table, key, before }: NotedItem): Promise<void> {
  if (before) await backend.send(new PutItemCommand({ TableName: table, Item: before }));
  else await backend.send(new DeleteItemCommand({ TableName: table, Key: key }));
}

/**
 * Puts back the items of every transaction a kill cut off (its note still in the journal), before the
 * database answers anything: none was acknowledged, so each lands not at all. Safe to repeat if this is
 * cut off in turn. Answers how many there were.
 */
export async function undoCutOffTransactions(journal: TransactionJournal, backend: DynamoDBClient): Promise<number> {
  const notes = journal.cutOff();
  for (const { id, items } of notes) {
    await Promise.all(items.map((item) => putBack(backend, item)));
    journal.end(id);
  }
  return notes.length;
}

/** The front server's request handler: TransactWriteItems here, everything else to dynalite. */
export function withTransactions({ passThrough, backend, journal }: TransactionsOptions): RequestListener {
  const lock = new SharedLock();
  const tokens = new Map<string, { digest: string; at: number }>();
  const keySchemas = new Map<string, string[]>();

  async function keyNames(table: string): Promise<string[]> {
    const known = keySchemas.get(table);
    if (known) return known;
    try {
      const described = await backend.send(new DescribeTableCommand({ TableName: table }));
      const names = (described.Table?.KeySchema ?? []).map((k) => k.AttributeName!);
      keySchemas.set(table, names);
      return names;
    } catch (error) {
      if (nameOf(error) === 'ResourceNotFoundException') throw new TransactionError('ResourceNotFoundException', 'Requested resource not found');
      throw error;
    }
  }

  async function read(op: Operation): Promise<Item | undefined> {
    return (await backend.send(new GetItemCommand({ TableName: op.table, Key: op.key, ConsistentRead: true }))).Item;
  }

  /** Judges a ConditionCheck's condition against the item as it is, by dynalite, changing nothing. */
  async function check(op: Operation): Promise<Applied> {
    const ConditionExpression = op.body.ConditionExpression as string;
    const before = await read(op);
    const input = { TableName: op.table, ConditionExpression, ...expressionOf(op.body) };
    // The item written back unchanged under the condition, or deleted under it when absent.
    if (before) await backend.send(new PutItemCommand({ ...input, Item: before }));
    else await backend.send(new DeleteItemCommand({ ...input, Key: op.key }));
    return { wrote: false, before };
  }

  /**
   * One item's write under its condition, answering the item as it was. Under the exclusive lock and
   * with no two operations on one item, each condition is judged against the item as it was before
   * the transaction, as DynamoDB judges them.
   */
  async function apply(op: Operation): Promise<Applied> {
    if (op.kind === 'ConditionCheck') return check(op);
    const input = { TableName: op.table, ConditionExpression: op.body.ConditionExpression as string | undefined, ...expressionOf(op.body), ReturnValues: 'ALL_OLD' as const };
    const out =
      op.kind === 'Put'
        ? await backend.send(new PutItemCommand({ ...input, Item: op.body.Item as Item }))
        : op.kind === 'Delete'
          ? await backend.send(new DeleteItemCommand({ ...input, Key: op.key }))
          : await backend.send(new UpdateItemCommand({ ...input, Key: op.key, UpdateExpression: op.body.UpdateExpression as string }));
    return { wrote: true, before: out.Attributes };
  }

  const restore = (op: Operation, before: Item | undefined) => putBack(backend, { table: op.table, key: op.key, before });

  /** Why an item's write was refused, as a cancellation reason; its old item read only when asked for. */
  async function reasonOf(op: Operation, error: unknown): Promise<Reason> {
    if (nameOf(error) !== 'ConditionalCheckFailedException') return { Code: nameOf(error) === 'ValidationException' ? 'ValidationError' : nameOf(error), Message: messageOf(error) };
    const old = op.body.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' ? await read(op) : undefined;
    return { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', ...(old ? { Item: old } : {}) };
  }

  function cancelled(reasons: Reason[]): TransactionError {
    return new TransactionError('TransactionCanceledException', `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`, {
      CancellationReasons: reasons,
    });
  }

  async function transact(input: { TransactItems?: TransactWriteItem[]; ClientRequestToken?: string }): Promise<Record<string, unknown>> {
    const entries = input.TransactItems ?? [];
    if (entries.length === 0 || entries.length > MAX_ITEMS) {
      throw new TransactionError('ValidationException', `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to ${MAX_ITEMS} and greater than or equal to 1`);
    }
    const ops = await Promise.all(entries.map((entry) => operationOf(entry, keyNames)));
    if (new Set(ops.map(itemId)).size !== ops.length) throw new TransactionError('ValidationException', 'Transaction request cannot include multiple operations on one item');

    const token = input.ClientRequestToken;
    const digest = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
    const now = Date.now();
    for (const [t, seen] of tokens) if (now - seen.at > TOKEN_WINDOW_MS) tokens.delete(t);
    if (token && tokens.has(token)) {
      if (tokens.get(token)!.digest !== digest) throw new TransactionError('IdempotentParameterMismatchException', 'Request parameters do not match the ones of the request that used this ClientRequestToken');
      return {};
    }

    // The items as they were, noted before the first write (a ConditionCheck writes its item unchanged).
    const writing = ops.filter((op) => op.kind !== 'ConditionCheck');
    const noted = journal && writing.length ? journal.begin(await Promise.all(writing.map(async (op) => ({ table: op.table, key: op.key, before: await read(op) })))) : undefined;
    try {
      return await writeAll(ops, input, token ? { token, digest, at: now } : undefined);
    } finally {
      // Written or put back: nothing for a restart to undo. (An error of dynalite's own ends it too: a
      // restart putting these items back would undo the writes acknowledged after it.)
      if (noted) journal!.end(noted);
    }
  }

  async function writeAll(ops: Operation[], input: Parameters<typeof transact>[0], token: { token: string; digest: string; at: number } | undefined): Promise<Record<string, unknown>> {
    const outcomes = await Promise.allSettled(ops.map(apply));
    const wanted = (input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity;
    if (outcomes.some((o) => o.status === 'rejected')) {
      await Promise.all(outcomes.map((o, i) => (o.status === 'fulfilled' && o.value.wrote ? restore(ops[i]!, o.value.before) : undefined)));
      const reasons = await Promise.all(outcomes.map((o, i) => (o.status === 'fulfilled' ? { Code: 'None' } : reasonOf(ops[i]!, o.reason))));
      // An invalid expression refuses the whole request, as DynamoDB's validation does before it writes.
      const invalid = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected' && nameOf(o.reason) === 'ValidationException' && /^Invalid [A-Za-z]*Expression|ExpressionAttribute/.test(messageOf(o.reason)));
      if (invalid) throw new TransactionError('ValidationException', messageOf(invalid.reason));
      throw cancelled(reasons);
    }
    if (token) tokens.set(token.token, { digest: token.digest, at: token.at });
    if (wanted !== 'TOTAL' && wanted !== 'INDEXES') return {};
    const units = new Map<string, number>();
    for (const [i, op] of ops.entries()) {
      const outcome = outcomes[i] as PromiseFulfilledResult<Applied>;
      const after = op.kind === 'Put' ? (op.body.Item as Item) : op.kind === 'Delete' ? undefined : await read(op);
      const one = addConsumedCapacity({ ReturnConsumedCapacity: 'TOTAL', TableName: op.table }, false, after, outcome.value.before)?.CapacityUnits ?? 1;
      units.set(op.table, (units.get(op.table) ?? 0) + 2 * one);
    }
    return { ConsumedCapacity: [...units].map(([TableName, CapacityUnits]) => ({ TableName, CapacityUnits, WriteCapacityUnits: CapacityUnits })) };
  }

  function send(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0', 'Content-Length': Buffer.byteLength(text), 'x-amzn-RequestId': createHash('sha1').update(`${Date.now()}${Math.random()}`).digest('hex') });
    res.end(text);
  }

  async function handleTransaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let input: Parameters<typeof transact>[0];
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(res, 400, { __type: `${ERROR_PREFIX}SerializationException`, Message: 'Start of structure or map found where not expected' });
    }
    try {
      send(res, 200, await lock.run(true, () => transact(input)));
    } catch (error) {
      if (error instanceof TransactionError) send(res, error.status, { __type: `${ERROR_PREFIX}${error.type}`, Message: error.message, message: error.message, ...error.extra });
      else send(res, 500, { __type: `${ERROR_PREFIX}InternalServerError`, Message: messageOf(error) });
    }
  }

  return (req, res) => {
    if (req.headers['x-amz-target'] === TARGET) {
      void handleTransaction(req, res);
      return;
    }
    void lock.acquire(false).then(() => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        lock.release(false);
      };
      res.once('finish', release);
      res.once('close', release);
      passThrough(req, res);
    });
  };
}
