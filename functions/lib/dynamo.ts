import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let client: DynamoDBDocumentClient | undefined;

/**
 * The document client, made once per cold start. `DYNAMODB_ENDPOINT` points it at the local
 * DynamoDB; deployed it is unset and the SDK uses the Lambda's region and role.
 */
export function documentClient(): DynamoDBDocumentClient {
  client ??= createDocumentClient(process.env.DYNAMODB_ENDPOINT);
  return client;
}

export function createDocumentClient(endpoint?: string): DynamoDBDocumentClient {
  const base = new DynamoDBClient(
    endpoint
      ? { endpoint, region: process.env.AWS_REGION ?? 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {},
  );
  return DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
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
