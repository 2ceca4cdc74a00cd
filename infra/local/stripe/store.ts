/**
 * The stand-in's DynamoDB table (shared/tables.ts `stripeStandIn`): one item per Stripe object,
 * `{ id, body }` with the object as JSON, so customers and subscriptions survive a restart of
 * `npm start`. A few bookkeeping items share the table under ids no Stripe object has (`idem#…`,
 * `subs-of#…`, `checkout-done#…`, `sequence#…`).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ifConditionHolds, scanAll } from '../../../functions/lib/dynamo';
import { localTableName } from '../../../shared/tables';

export interface StripeStore {
  get<T>(id: string): Promise<T | undefined>;
  put(id: string, body: unknown): Promise<void>;
  /** Writes only if nothing holds the id yet; false when something does (a claim lost to another request). */
  putIfAbsent(id: string, body: unknown): Promise<boolean>;
  delete(id: string): Promise<void>;
  /** Appends to a list kept under one id, atomically (concurrent appends all land). */
  append(id: string, value: string): Promise<void>;
  list(id: string): Promise<string[]>;
  /** Records an event with the next number of a counter, which orders events (`created` has only second precision). */
  addEvent(event: { id: string }): Promise<void>;
  /** Every event, newest first. A Scan: the stand-in holds a developer's handful of events. */
  events<T>(): Promise<T[]>;
}

export function createStripeStore(db: DynamoDBDocumentClient, table = localTableName('stripeStandIn')): StripeStore {
  const read = async (id: string) => (await db.send(new GetCommand({ TableName: table, Key: { id }, ConsistentRead: true }))).Item;
  return {
    async get<T>(id: string) {
      const item = await read(id);
      return item ? (JSON.parse(item.body as string) as T) : undefined;
    },
    async put(id, body) {
      await db.send(new PutCommand({ TableName: table, Item: { id, body: JSON.stringify(body) } }));
    },
    async putIfAbsent(id, body) {
      const written = await ifConditionHolds(db.send(new PutCommand({ TableName: table, Item: { id, body: JSON.stringify(body) }, ConditionExpression: 'attribute_not_exists(id)' })));
      return written !== undefined;
    },
    async delete(id) {
      await db.send(new DeleteCommand({ TableName: table, Key: { id } }));
    },
    async append(id, value) {
      await db.send(
        new UpdateCommand({
          TableName: table,
          Key: { id },
          UpdateExpression: 'SET #l = list_append(if_not_exists(#l, :empty), :v)',
          ExpressionAttributeNames: { '#l': 'values' },
          ExpressionAttributeValues: { ':empty': [], ':v': [value] },
        }),
      );
    },
    async list(id) {
      return ((await read(id))?.values as string[] | undefined) ?? [];
    },
    async addEvent(event) {
      const out = await db.send(
        new UpdateCommand({ TableName: table, Key: { id: 'sequence#events' }, UpdateExpression: 'ADD #n :one', ExpressionAttributeNames: { '#n': 'n' }, ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW' }),
      );
      await db.send(new PutCommand({ TableName: table, Item: { id: event.id, seq: out.Attributes!.n as number, body: JSON.stringify(event) } }));
    },
    async events<T>() {
      const items = await scanAll<{ seq: number; body: string }>(db, { TableName: table, FilterExpression: 'begins_with(id, :p)', ExpressionAttributeValues: { ':p': 'evt_' }, ConsistentRead: true });
      return items.sort((a, b) => b.seq - a.seq).map((item) => JSON.parse(item.body) as T);
    },
  };
}
