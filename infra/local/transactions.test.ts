/**
 * The local DynamoDB's TransactWriteItems against what the AWS SDK models: the SDK's own error
 * classes, its cancellation reasons in the order of the items, and DynamoDB's all-or-nothing writes,
 * through the document client the product uses.
 */
import { IdempotentParameterMismatchException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '../../shared/tables';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';

let dynamo: TestDynamo;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

const TableName = localTableName('rateLimits');
let n = 0;
const fresh = (name: string) => `tx-${name}-${Date.now()}-${++n}`;
const get = async (key: string) => (await dynamo.db.send(new GetCommand({ TableName, Key: { key }, ConsistentRead: true }))).Item;

async function cancellation(write: Promise<unknown>): Promise<TransactionCanceledException> {
  const error = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransactionCanceledException);
  return error as TransactionCanceledException;
}

describe('TransactWriteItems on the local DynamoDB', () => {
  it('writes every item when every condition holds', async () => {
    const [a, b] = [fresh('a'), fresh('b')];
    await dynamo.db.send(new PutCommand({ TableName, Item: { key: b, hits: 1 } }));
    await dynamo.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { key: a, hits: 7 }, ConditionExpression: 'attribute_not_exists(#k)', ExpressionAttributeNames: { '#k': 'key' } } },
          { Update: { TableName, Key: { key: b }, UpdateExpression: 'ADD hits :one', ConditionExpression: 'hits < :max', ExpressionAttributeValues: { ':one': 1, ':max': 5 } } },
        ],
      }),
    );
    expect(await get(a)).toEqual({ key: a, hits: 7 });
    expect(await get(b)).toEqual({ key: b, hits: 2 });
  });

  it('writes nothing when one condition fails, with a reason per item in their order and the old item when asked', async () => {
    const [a, b, c] = [fresh('a'), fresh('b'), fresh('c')];
    await dynamo.db.send(new PutCommand({ TableName, Item: { key: b, hits: 9 } }));
    const error = await cancellation(
      dynamo.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { key: a, hits: 1 } } },
            { Update: { TableName, Key: { key: b }, UpdateExpression: 'ADD hits :one', ConditionExpression: 'hits < :max', ExpressionAttributeValues: { ':one': 1, ':max': 5 }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } },
            { Delete: { TableName, Key: { key: c } } },
          ],
        }),
      ),
    );
    expect(error.name).toBe('TransactionCanceledException');
    expect(error.$metadata.httpStatusCode).toBe(400);
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(error.CancellationReasons?.[1]?.Item).toEqual({ key: { S: b }, hits: { N: '9' } });
    expect(await get(a)).toBeUndefined();
    expect(await get(b)).toEqual({ key: b, hits: 9 });
  });

  it('judges a ConditionCheck without writing it, and every condition against the items as they were before', async () => {
    const [guard, target] = [fresh('guard'), fresh('target')];
    const missing = await cancellation(
      dynamo.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName, Key: { key: guard }, ConditionExpression: 'attribute_exists(#k)', ExpressionAttributeNames: { '#k': 'key' } } },
            { Put: { TableName, Item: { key: target, hits: 1 } } },
          ],
        }),
      ),
    );
    expect(missing.CancellationReasons?.map((r) => r.Code)).toEqual(['ConditionalCheckFailed', 'None']);
    expect(await get(guard)).toBeUndefined();
    expect(await get(target)).toBeUndefined();

    await dynamo.db.send(new PutCommand({ TableName, Item: { key: guard, hits: 3 } }));
    await dynamo.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { ConditionCheck: { TableName, Key: { key: guard }, ConditionExpression: 'hits = :three', ExpressionAttributeValues: { ':three': 3 } } },
          { Put: { TableName, Item: { key: target, hits: 1 } } },
        ],
      }),
    );
    expect(await get(guard)).toEqual({ key: guard, hits: 3 });
    expect(await get(target)).toEqual({ key: target, hits: 1 });
  });

  it('puts back what it wrote when a later write cannot be made', async () => {
    const [a, b] = [fresh('a'), fresh('b')];
    await dynamo.db.send(new PutCommand({ TableName, Item: { key: a, hits: 1 } }));
    await dynamo.db.send(new PutCommand({ TableName, Item: { key: b, hits: 'not a number' } }));
    const error = await cancellation(
      dynamo.db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: { TableName, Key: { key: a }, UpdateExpression: 'ADD hits :one', ExpressionAttributeValues: { ':one': 1 } } },
            { Update: { TableName, Key: { key: b }, UpdateExpression: 'ADD hits :one', ExpressionAttributeValues: { ':one': 1 } } },
          ],
        }),
      ),
    );
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ValidationError']);
    expect(await get(a)).toEqual({ key: a, hits: 1 });
  });

  it('refuses two operations on one item, and a request past 100 items, as DynamoDB validates them', async () => {
    const a = fresh('a');
    const twice = await dynamo.db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName, Item: { key: a } } }, { Delete: { TableName, Key: { key: a } } }] })).catch((e: Error) => e);
    expect((twice as Error).name).toBe('ValidationException');
    const many = await dynamo.db.send(new TransactWriteCommand({ TransactItems: Array.from({ length: 101 }, (_, i) => ({ Put: { TableName, Item: { key: `${a}-${i}` } } })) })).catch((e: Error) => e);
    expect((many as Error).name).toBe('ValidationException');
    expect(await get(a)).toBeUndefined();
  });

  it('applies a request once per ClientRequestToken, and refuses the token with another request', async () => {
    const a = fresh('a');
    const token = fresh('token');
    const add = () => new TransactWriteCommand({ ClientRequestToken: token, TransactItems: [{ Update: { TableName, Key: { key: a }, UpdateExpression: 'ADD hits :one', ExpressionAttributeValues: { ':one': 1 } } }] });
    await dynamo.db.send(add());
    await dynamo.db.send(add());
    expect(await get(a)).toEqual({ key: a, hits: 1 });
    const other = await dynamo.db
      .send(new TransactWriteCommand({ ClientRequestToken: token, TransactItems: [{ Put: { TableName, Item: { key: a, hits: 5 } } }] }))
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(IdempotentParameterMismatchException);
    expect(await get(a)).toEqual({ key: a, hits: 1 });
  });

  it('isolates concurrent transactions: 30 racing for 10 places fill exactly 10, each with its own record', async () => {
    const counter = fresh('counter');
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        dynamo.db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName, Item: { key: `${counter}-${i}`, hits: 1 }, ConditionExpression: 'attribute_not_exists(#k)', ExpressionAttributeNames: { '#k': 'key' } } },
              { Update: { TableName, Key: { key: counter }, UpdateExpression: 'ADD hits :one', ConditionExpression: 'attribute_not_exists(hits) OR hits < :max', ExpressionAttributeValues: { ':one': 1, ':max': 10 } } },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(TransactionCanceledException);
    expect(await get(counter)).toEqual({ key: counter, hits: 10 });
    const records = await Promise.all(Array.from({ length: 30 }, (_, i) => get(`${counter}-${i}`)));
    expect(records.filter(Boolean)).toHaveLength(10);
  });
});
