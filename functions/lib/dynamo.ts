import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DYNAMODB_LIMITS, remainingMs } from './deadline';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, paginateQuery, paginateScan, type QueryCommandInput, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';

let client: DynamoDBDocumentClient | undefined;

/**
 * The document client, made once per cold start. `DYNAMODB_ENDPOINT` points it at the local
 * DynamoDB; deployed it is unset and the SDK uses the Lambda's region and role.
 */
export function documentClient(): DynamoDBDocumentClient {
  client ??= createDocumentClient(process.env.DYNAMODB_ENDPOINT);
  return client;
}

/**
 * Runs the client's first-call work (building its middleware stack, resolving its endpoint and
 * credentials, signing: ~20 ms of a cold start here) on a request aborted before it is sent, so a
 * cold start can do it while it waits on the network (./session.ts whileCoreKeysLoad) rather than
 * at its first real call. Nothing reaches DynamoDB; the abort is the expected outcome.
 */
export function primeDocumentClient(): void {
  documentClient()
    .send(new GetCommand({ TableName: 'voxpen-prime', Key: { id: 'prime' } }), { abortSignal: AbortSignal.abort() })
    .catch(() => undefined);
}

/**
 * A client with time limits (./deadline.ts DYNAMODB_LIMITS): each attempt's connection and answer,
 * two attempts, and every call cut to what is left of the request's budget (an abort signal), so a
 * frozen table is a 503 within the request's time (./unavailable.ts), never a wait without end.
 */
export function createDocumentClient(endpoint?: string): DynamoDBDocumentClient {
  const limits = {
    maxAttempts: DYNAMODB_LIMITS.maxAttempts,
    // throwOnRequestTimeout: without it the SDK only logs a warning when an answer is late, and waits on.
    requestHandler: { connectionTimeout: DYNAMODB_LIMITS.connectionTimeoutMs, requestTimeout: DYNAMODB_LIMITS.requestTimeoutMs, throwOnRequestTimeout: true },
  };
  const base = new DynamoDBClient(
    endpoint
      ? { endpoint, region: process.env.AWS_REGION ?? 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, ...limits }
      : limits,
  );
  const client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  // The class's send, looked up at each call rather than bound once: what wraps or observes the
  // class's method (a test's fault injection) sees every call this client makes.
  const send = (command: unknown, options?: { abortSignal?: AbortSignal }) =>
    (DynamoDBDocumentClient.prototype.send as (command: unknown, options?: { abortSignal?: AbortSignal }) => Promise<unknown>).call(client, command, options);
  client.send = ((command: unknown, options?: { abortSignal?: AbortSignal }) => {
    const left = remainingMs();
    if (options?.abortSignal || left === Number.POSITIVE_INFINITY) return send(command, options);
    return send(command, { ...options, abortSignal: AbortSignal.timeout(Math.max(left, 1)) });
  }) as DynamoDBDocumentClient['send'];
  return client;
}

/** Every item a Query finds, through all its pages (the SDK's paginator follows LastEvaluatedKey). */
export async function queryAll<T>(db: DynamoDBDocumentClient, input: QueryCommandInput): Promise<T[]> {
  const items: T[] = [];
  for await (const page of paginateQuery({ client: db }, input)) items.push(...((page.Items ?? []) as T[]));
  return items;
}

/** Every item a Scan finds, through all its pages. */
export async function scanAll<T>(db: DynamoDBDocumentClient, input: ScanCommandInput): Promise<T[]> {
  const items: T[] = [];
  for await (const page of paginateScan({ client: db }, input)) items.push(...((page.Items ?? []) as T[]));
  return items;
}

/** Items past their `expiresAt` are absent: DynamoDB's TTL deletes lazily and dynalite never does. */
export function isExpired(item: { expiresAt?: number } | undefined, nowMs: number): boolean {
  return item?.expiresAt !== undefined && item.expiresAt * 1000 <= nowMs;
}

/**
 * A conditional write whose condition did not hold: the expected outcome of a lost race, not a fault.
 * The one test for it, for the product and the local stand-ins alike. By name as well: `instanceof`
 * fails for an error thrown by another copy of the SDK package.
 */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as { name?: string } | undefined)?.name === 'ConditionalCheckFailedException';
}

/** A conditional write's output, or undefined when its condition did not hold (the one expected failure). */
export async function ifConditionHolds<T>(write: Promise<T>): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Deletes items by key, 25 to a BatchWrite (DynamoDB's most), sending again what DynamoDB leaves
 * unprocessed under load, with a short backoff. Deleting a key that is gone is no error, so it is
 * safe to repeat.
 */
export async function deleteKeys(db: DynamoDBDocumentClient, table: string, keys: readonly Record<string, unknown>[], sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let requests = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length; attempt++) {
      if (attempt > 0) {
        if (attempt > 8) throw new Error(`BatchWrite on ${table} kept leaving items unprocessed`);
        await sleep(Math.min(50 * 2 ** attempt, 2_000));
      }
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
      requests = (out.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
  }
}
