/**
 * The account item of the `users` table, one per SuperTokens user: the product's record (spec §3),
 * its login tracking, and billing's Stripe customer, subscription, open checkout and trial. This
 * folder is the one place that reads or writes the item (test/repo/table-owners.test.ts holds it to that),
 * so its shape has one definition and every write its one condition.
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Subscription, UserRecord } from '../../shared/api-types';
import { tableName } from '../../shared/tables';

/** A subscription as last read from Stripe; Stripe's id for it never leaves the server. */
export type StoredSubscription = Subscription & { subscriptionId: string };

export interface OpenCheckout {
  sessionId: string;
  url: string;
  priceId: string;
  /** Epoch seconds, Stripe's `expires_at`. */
  expiresAt: number;
}

/** What the product keeps about one passkey (./passkey-labels.ts): its owner's name for it, and when it was added and last signed in (ISO). */
export interface PasskeyLabel {
  name: string;
  addedAt: string;
  lastUsedAt?: string;
}

export interface Account extends UserRecord {
  stripeCustomerId?: string;
  subscription?: StoredSubscription;
  /** Set once a subscription with a trial exists: docs/decisions.md#8 gives an account one trial. */
  trialUsed?: boolean;
  /** When (epoch ms) the stored subscription was read from Stripe: an earlier read never replaces a later one. */
  subscriptionSyncedAt?: number;
  /**
   * When (ISO time) the account proved `email`: its verification link used, or Google vouching for it.
   * What the address sent before then (contact messages) is not the account's.
   */
  emailVerifiedAt?: string;
  /** The Checkout Session last opened for the account, so a second click or tab cannot start a second subscription. */
  openCheckout?: OpenCheckout;
  /** Set while the account is being deleted (./deletion.ts): nothing new starts for it. */
  deletingSince?: number;
  /** Set while an email change is being finished (./email-change.ts): the address it moves to, from, and since when (epoch ms). */
  emailChangeTo?: string;
  emailChangeFrom?: string;
  emailChangeSince?: number;
  emailChangeNoticeSent?: boolean;
  /** When (ISO time) the desktop app first signed in to the account (./desktop-sign-in.ts). */
  firstDesktopSignInAt?: string;
  /** The account's passkeys' names and times, by credential id (./passkey-labels.ts). */
  passkeys?: Record<string, PasskeyLabel>;
}

export async function getAccount(db: DynamoDBDocumentClient, userId: string): Promise<Account | undefined> {
  const out = await db.send(new GetCommand({ TableName: tableName('users'), Key: { userId }, ConsistentRead: true }));
  return out.Item as Account | undefined;
}

/** The account a Stripe customer belongs to: how a webhook's event finds its account. */
export async function accountByCustomer(db: DynamoDBDocumentClient, stripeCustomerId: string): Promise<Account | undefined> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName('users'),
      IndexName: 'byStripeCustomer',
      KeyConditionExpression: 'stripeCustomerId = :c',
      ExpressionAttributeValues: { ':c': stripeCustomerId },
      Limit: 1,
    }),
  );
  return out.Items?.[0] as Account | undefined;
}

/** The account's proven address and since when, or undefined while it has none. */
export function provenAddressOf(account: Pick<Account, 'email' | 'emailVerifiedAt'>): { email: string; since: string } | undefined {
  return account.emailVerifiedAt ? { email: account.email, since: account.emailVerifiedAt } : undefined;
}
