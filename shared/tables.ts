/**
 * The one definition of every DynamoDB table. The CDK stack and the local runtime both create tables
 * from this, and handlers find a table's name through `tableName()`, so the three cannot drift.
 */
export type AttributeType = 'S' | 'N';

export interface KeyAttribute {
  name: string;
  type: AttributeType;
}

export interface IndexDef {
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
}

/**
 * The folder whose code alone writes a table (and names it: others read through the owner's exported
 * functions). One owner per table item, so one place to look for how it changes; held by
 * test/repo/table-owners.test.ts.
 */
export type TableOwner =
  | 'functions/user-record'
  | 'functions/usage'
  | 'functions/billing'
  | 'functions/auth'
  | 'functions/lib'
  | 'functions/contact'
  | 'functions/releases'
  | 'functions/vocabulary'
  | 'infra/local/auth-core'
  | 'infra/local/stripe';

export interface TableDef {
  owner: TableOwner;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  /** Epoch-seconds attribute DynamoDB's TTL deletes by. Readers still treat a past value as absent. */
  ttlAttribute?: 'expiresAt';
  /** Only the local runtime has it (a stand-in's store); the deployed stack creates no such table. */
  localOnly?: boolean;
  indexes?: IndexDef[];
}

export const tables = {
  /** Installer releases; the newest per platform is one Query (sort key descending, limit 1). */
  releases: {
    owner: 'functions/releases',
    partitionKey: { name: 'platform', type: 'S' },
    sortKey: { name: 'versionKey', type: 'S' },
  },
  /**
   * One item per account, by SuperTokens user id. Billing keeps the Stripe customer id and the
   * subscription on it; `byStripeCustomer` finds the account a webhook's customer belongs to.
   * `byDeletion` is sparse: only an account being deleted carries `deletionQueue`, so the sweeper
   * finds stalled deletions with one Query (functions/user-record/deletion.ts); `byEmailChange` the
   * same for email changes left part way (functions/user-record/email-change.ts).
   */
  users: {
    owner: 'functions/user-record',
    partitionKey: { name: 'userId', type: 'S' },
    indexes: [
      { name: 'byStripeCustomer', partitionKey: { name: 'stripeCustomerId', type: 'S' } },
      { name: 'byDeletion', partitionKey: { name: 'deletionQueue', type: 'S' }, sortKey: { name: 'deletingSince', type: 'N' } },
      { name: 'byEmailChange', partitionKey: { name: 'emailChangeQueue', type: 'S' }, sortKey: { name: 'emailChangeSince', type: 'N' } },
    ],
  },
  /**
   * Dictation usage per account and calendar month ('2026-11'), counted with atomic ADD, and beside
   * the months the account's Idempotency-Key records ('idempotency#<key>', functions/usage/report.ts).
   * TTL deletes a month 12 months after it ends (the Privacy page) and a key record after 24 hours.
   */
  usage: {
    owner: 'functions/usage',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'month', type: 'S' },
    ttlAttribute: 'expiresAt',
  },
  /** Stripe webhook event ids already handled, so a replayed or retried event changes nothing twice. */
  processedEvents: {
    owner: 'functions/billing',
    partitionKey: { name: 'eventId', type: 'S' },
    ttlAttribute: 'expiresAt',
  },
  /**
   * Single-use desktop sign-in codes (docs/decisions.md#4), by the code's SHA-256; they expire in a minute.
   * Beside them, the auth Lambda's record of the password-reset links it sent ('reset#<SHA-256 of the
   * token>', for an hour) and of each account's last reset ('reset-user#<userId>'), so the reset page
   * can say whether a link still works (functions/auth/reset-links.ts). Every item carries `userId`.
   */
  handoffCodes: {
    owner: 'functions/auth',
    partitionKey: { name: 'codeHash', type: 'S' },
    ttlAttribute: 'expiresAt',
    // An account's deletion finds its codes and links by it, not by a Scan (functions/auth/handoff-codes.ts).
    indexes: [{ name: 'byUser', partitionKey: { name: 'userId', type: 'S' } }],
  },
  /** Fixed-window counters for rate limits (functions/lib/rate-limit.ts), one item per scope and subject. */
  rateLimits: {
    owner: 'functions/lib',
    partitionKey: { name: 'key', type: 'S' },
    ttlAttribute: 'expiresAt',
  },
  /**
   * Contact-form messages by month received ('2026-11'), newest last by `receivedAt#id`. `bySender`
   * finds the messages sent from one email (its `sender`, lower-cased), for an account's export and
   * deletion; messages stored before it have no `sender` and are not in it. Each lives a year
   * (`expiresAt`, functions/contact/messages.ts CONTACT_RETENTION_DAYS; the privacy page says so).
   */
  contactMessages: {
    owner: 'functions/contact',
    partitionKey: { name: 'month', type: 'S' },
    ttlAttribute: 'expiresAt',
    sortKey: { name: 'receivedKey', type: 'S' },
    indexes: [{ name: 'bySender', partitionKey: { name: 'sender', type: 'S' }, sortKey: { name: 'receivedKey', type: 'S' } }],
  },
  /**
   * Each account's custom vocabulary and dictation preferences, in its partition (functions/vocabulary/store.ts,
   * docs/architecture.md#vocabulary): `list` (the head: the version, the write whose pages hold the
   * entries, how many), `page#<write>#<n>` (the entries, at most 64 KB a page, so no item nears
   * DynamoDB's 400 KB whatever the list's size) and `preferences`.
   */
  vocabulary: {
    owner: 'functions/vocabulary',
    partitionKey: { name: 'userId', type: 'S' },
    sortKey: { name: 'item', type: 'S' },
  },
  /**
   * The local auth core's own data (infra/local/auth-core), one item per `pk`: users, email and
   * third-party claims, sessions, reset tokens, metadata, signing keys. `byOwner` lists a user's
   * sessions and the users sharing an email. Deployed, a real SuperTokens core keeps this instead.
   */
  authCore: {
    owner: 'infra/local/auth-core',
    localOnly: true,
    partitionKey: { name: 'pk', type: 'S' },
    ttlAttribute: 'expiresAt',
    indexes: [{ name: 'byOwner', partitionKey: { name: 'ownerKey', type: 'S' }, sortKey: { name: 'ownerSort', type: 'S' } }],
  },
  /** The local Stripe stand-in's objects (infra/local/stripe), one item per Stripe id. */
  stripeStandIn: {
    owner: 'infra/local/stripe',
    localOnly: true,
    partitionKey: { name: 'id', type: 'S' },
  },
} as const satisfies Record<string, TableDef>;

export type TableKey = keyof typeof tables;

/** The tables the deployed stack creates: all but the local stand-ins' own. */
export const deployedTableKeys = (Object.keys(tables) as TableKey[]).filter((key) => !('localOnly' in tables[key] && tables[key].localOnly));

/** The environment variable that carries a table's physical name, e.g. `TABLE_RELEASES`. */
export function tableEnvName(key: TableKey): string {
  return `TABLE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** The stack output that names a deployed table, e.g. `ReleasesTableName`; operator commands read it. */
export function tableOutputKey(key: TableKey): string {
  return `${key.charAt(0).toUpperCase()}${key.slice(1)}TableName`;
}

/** The name the local runtime gives a table; deployed, CloudFormation names it and sets the env var. */
export function localTableName(key: TableKey): string {
  return `voxpen-${key}`;
}

export function tableName(key: TableKey, env: NodeJS.ProcessEnv = process.env): string {
  return env[tableEnvName(key)] ?? localTableName(key);
}
