/**
 * Fixed-window rate limits kept in DynamoDB (the `rateLimits` table): one item per rule and subject
 * holding the attempts counted so far and when the window ends. Counting is one atomic `ADD`, so
 * concurrent attempts are all counted; a new window starts with a conditional put. Subjects (emails,
 * IP addresses) are hashed before they become keys, so the table holds no personal data.
 */
import { isConditionFailure } from './dynamo';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { tableName } from '../../shared/tables';

export interface RateLimitRule {
  /** Names the limit, e.g. `signin`; two rules never share a counter. */
  scope: string;
  /** Attempts allowed per window; the one after is refused. */
  limit: number;
  windowSeconds: number;
}

export type RateDecision =
  | { allowed: true; count: number }
  | { allowed: false; count: number; retryAfterSeconds: number };

interface CounterItem {
  key: string;
  hits: number;
  expiresAt: number;
}

export function rateLimitKey(rule: RateLimitRule, subject: string): string {
  return `${rule.scope}#${createHash('sha256').update(subject).digest('base64url')}`;
}

function decide(rule: RateLimitRule, hits: number, expiresAt: number, nowMs: number): RateDecision {
  if (hits <= rule.limit) return { allowed: true, count: hits };
  return { allowed: false, count: hits, retryAfterSeconds: Math.max(1, Math.ceil(expiresAt - nowMs / 1000)) };
}


/**
 * Counts one attempt by `subject` and says whether it is within the rule. One write when the subject
 * has no counter or a live one (the update makes the counter and its window if absent); a counter
 * whose window ended, still there until TTL removes it, is replaced by a conditional put (before,
 * a first attempt was a failing update and a put).
 */
export async function hit(db: DynamoDBDocumentClient, rule: RateLimitRule, subject: string, nowMs = Date.now()): Promise<RateDecision> {
  const TableName = tableName('rateLimits');
  const key = rateLimitKey(rule, subject);
  const nowSeconds = Math.floor(nowMs / 1000);
  const expiresAt = nowSeconds + rule.windowSeconds;
  // Retried: a concurrent request may open the new window between our update and our put.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const out = await db.send(
        new UpdateCommand({
          TableName,
          Key: { key },
          UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :end)',
          ConditionExpression: 'attribute_not_exists(#key) OR expiresAt > :now',
          ExpressionAttributeNames: { '#key': 'key' },
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':end': expiresAt },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = out.Attributes as CounterItem;
      return decide(rule, item.hits, item.expiresAt, nowMs);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      await db.send(
        new PutCommand({
          TableName,
          Item: { key, hits: 1, expiresAt } satisfies CounterItem,
          ConditionExpression: 'attribute_not_exists(#key) OR expiresAt <= :now',
          ExpressionAttributeNames: { '#key': 'key' },
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      );
      return decide(rule, 1, expiresAt, nowMs);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error(`rate limit ${rule.scope}: the counter kept changing under us`);
}

/** Whether the next attempt would be refused, without counting one. */
export async function peek(db: DynamoDBDocumentClient, rule: RateLimitRule, subject: string, nowMs = Date.now()): Promise<RateDecision> {
  const out = await db.send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key: rateLimitKey(rule, subject) }, ConsistentRead: true }));
  const item = out.Item as CounterItem | undefined;
  // Expired windows are absent: TTL deletion is lazy (and never happens in dynalite).
  if (!item || item.expiresAt * 1000 <= nowMs) return { allowed: true, count: 0 };
  return item.hits >= rule.limit ? decide(rule, item.hits + 1, item.expiresAt, nowMs) : { allowed: true, count: item.hits };
}

/** Forgets the subject's attempts (e.g. an account's, when it is deleted). */
export async function reset(db: DynamoDBDocumentClient, rule: RateLimitRule, subject: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName('rateLimits'), Key: { key: rateLimitKey(rule, subject) } }));
}
