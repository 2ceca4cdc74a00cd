/** What the account routes' rules work with, given to them, so a test can give its own. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StripeApi } from '../billing';
import type { AccountCore } from './core';

export interface AccountDeps {
  db: DynamoDBDocumentClient;
  core: AccountCore;
  /** Read only by a deletion: the other routes never read the Stripe secret. */
  stripe: () => Promise<StripeApi>;
  /** Epoch ms. */
  now: () => number;
}

/** Who is asking: the session's user and handle, and the key of the client the request came from (functions/lib/client-ip.ts: the sign-in limits count by it). */
export interface Caller {
  userId: string;
  sessionHandle: string;
  address: string;
}
