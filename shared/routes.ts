/**
 * The route table: every `/api` route, the Lambda (function group) that serves it, and what it needs.
 * The local gateway routes from this and the CDK stack builds one Lambda per function group from it;
 * test/infra checks the two agree.
 */
import type { TableKey } from './tables';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'ANY';

/** Every function's timeout: no request runs longer (the sign-in guard counts on it, functions/lib/password-checks.ts). */
export const FUNCTION_TIMEOUT_SECONDS = 10;

export interface FunctionDef {
  /** The handler module, relative to the repository root; it exports `handler`. */
  entry: string;
  /** Tables the function may read or write; IAM grants exactly these. */
  tables: readonly TableKey[];
  /** Tables it only reads. */
  readTables?: readonly TableKey[];
  /** Tables whose existing items it only updates (UpdateItem alone: no put, delete or read). */
  updateTables?: readonly TableKey[];
  /**
   * Names of secrets (see shared/secrets.ts) it reads at cold start. Every function lists `originVerify`:
   * deployed, each refuses a request that did not come through CloudFront (functions/lib/origin-check.ts).
   */
  secrets?: readonly string[];
  memoryMb?: number;
  /** Reads billing configuration (functions/lib/billing-config.ts): the Stripe Pro product and price ids. */
  billingConfig?: boolean;
  /** Sends mail through functions/lib/mail.ts (deployed: SES, granted on the sender's domain only). */
  sendsMail?: boolean;
}

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/users/{id}`, `/api/auth/{proxy+}`. */
  path: string;
  fn: FunctionName;
  /** Seconds CloudFront may cache a GET answer for, by its Cache-Control; unset means never cached. */
  cdnCacheSeconds?: number;
  /** Forward cookies and Authorization (session routes); public routes get neither. */
  forwardsCredentials?: boolean;
  /** Further request headers the route reads, which CloudFront must pass on (e.g. a webhook's signature). */
  forwardsHeaders?: readonly string[];
  /** Query parameters a cached answer varies by: part of CloudFront's cache key (others are not, on cached routes). */
  cacheQueryStrings?: readonly string[];
}

export const functions = {
  releases: { entry: 'functions/releases/handler.ts', tables: [], readTables: ['releases'], secrets: ['originVerify'] },
  contact: { entry: 'functions/contact/send-message.ts', tables: ['contactMessages', 'rateLimits'], secrets: ['ipHash', 'originVerify'] },
  // The desktop sign-in handoff (/api/auth/desktop-callback, /api/auth/desktop/exchange) is served here
  // too: exchanging a code creates a session, which is the auth SDK's job.
  // Stripe's secret: a proven new address becomes the Stripe customer's email (functions/account/change-email.ts).
  auth: { entry: 'functions/auth/handler.ts', tables: ['users', 'rateLimits', 'handoffCodes'], secrets: ['supertokens', 'google', 'originVerify', 'stripe'], sendsMail: true },
  users: { entry: 'functions/users/handler.ts', tables: ['users'], readTables: ['usage'], secrets: ['supertokens', 'originVerify'], billingConfig: true },
  usage: { entry: 'functions/usage/handler.ts', tables: ['usage'], readTables: ['users'], secrets: ['supertokens', 'originVerify'], billingConfig: true },
  billing: { entry: 'functions/billing/handler.ts', tables: ['users'], secrets: ['supertokens', 'stripe', 'originVerify'], billingConfig: true },
  // It updates the plan on the account's usage month (functions/usage/usage-plan.ts), so it
  // reads the Pro product id (test/infra/billing-config-wiring.test.ts).
  stripeWebhook: { entry: 'functions/billing/stripe-webhook.ts', tables: ['users', 'processedEvents'], updateTables: ['usage'], secrets: ['stripe', 'originVerify'], billingConfig: true },
  // Account self-service (/account). Its own Lambda, not the auth one, for least privilege: only it
  // deletes from usage, handoffCodes and contactMessages. It uses supertokens-node for what only the
  // core knows (passwords, sessions, deleting the user), so it inits the one SuperTokens configuration
  // (functions/auth/supertokens.ts) and its bundle is the size of auth's. Secrets: the core's address,
  // the origin secret (the visitor's address, for the sign-in limits its password checks count
  // toward) and Stripe (a deletion cancels the subscription); not Google's, which only a Google
  // sign-in reads (functions/auth/google.ts).
  account: {
    entry: 'functions/account/handler.ts',
    tables: ['users', 'usage', 'handoffCodes', 'rateLimits', 'contactMessages'],
    secrets: ['supertokens', 'originVerify', 'stripe'],
    billingConfig: true,
    // A change of address mails the new address its link and the old one a notice.
    sendsMail: true,
  },
  // No route: its EventBridge schedule runs it (infra/stack.ts). It finishes deletions that stopped
  // part way, so it needs what a deletion touches, and no origin secret (no request reaches it).
  deletionSweeper: {
    entry: 'functions/account/sweeper-handler.ts',
    tables: ['users', 'usage', 'handoffCodes', 'rateLimits', 'contactMessages'],
    secrets: ['supertokens', 'stripe'],
  },
} as const satisfies Record<string, FunctionDef>;

export type FunctionName = keyof typeof functions;

export const routes: readonly RouteDef[] = [
  { method: 'GET', path: '/api/latest-version', fn: 'releases', cdnCacheSeconds: 60, cacheQueryStrings: ['platform'] },
  { method: 'GET', path: '/api/releases', fn: 'releases', cdnCacheSeconds: 60 },
  // Cached by path; the install id reaches the Lambda, which marks the answers that hang on it
  // (a staged rollout) private, no-store, so CloudFront never serves one installation's answer to another.
  { method: 'GET', path: '/api/updates/{target}/{arch}/{current_version}', fn: 'releases', cdnCacheSeconds: 60, forwardsHeaders: ['voxpen-install-id'] },
  { method: 'POST', path: '/api/contact', fn: 'contact' },
  { method: 'ANY', path: '/api/auth/{proxy+}', fn: 'auth', forwardsCredentials: true },
  // The SDK's own refresh, served by the same Lambda, named apart so it can have its own throttle
  // (infra/constructs/api.ts, ROUTE_THROTTLES): a flood of sign-ins must not stop every tab's refresh.
  { method: 'POST', path: '/api/auth/session/refresh', fn: 'auth', forwardsCredentials: true },
  { method: 'POST', path: '/api/users', fn: 'users', forwardsCredentials: true },
  { method: 'POST', path: '/api/ensure-user-exists', fn: 'users', forwardsCredentials: true },
  { method: 'POST', path: '/api/track-login', fn: 'users', forwardsCredentials: true },
  { method: 'GET', path: '/api/user-profile', fn: 'users', forwardsCredentials: true },
  { method: 'POST', path: '/api/usage', fn: 'usage', forwardsCredentials: true },
  { method: 'GET', path: '/api/usage', fn: 'usage', forwardsCredentials: true },
  { method: 'POST', path: '/api/create-checkout-session', fn: 'billing', forwardsCredentials: true },
  { method: 'GET', path: '/api/manage-subscription', fn: 'billing', forwardsCredentials: true },
  // /checkout/success asks whether Stripe's session_id is the account's own, completed checkout.
  { method: 'GET', path: '/api/checkout-session/{id}', fn: 'billing', forwardsCredentials: true },
  { method: 'POST', path: '/api/stripe-webhook', fn: 'stripeWebhook', forwardsHeaders: ['stripe-signature'] },
  { method: 'GET', path: '/api/account', fn: 'account', forwardsCredentials: true },
  { method: 'PATCH', path: '/api/account', fn: 'account', forwardsCredentials: true },
  { method: 'DELETE', path: '/api/account', fn: 'account', forwardsCredentials: true },
  { method: 'POST', path: '/api/account/password', fn: 'account', forwardsCredentials: true },
  { method: 'POST', path: '/api/account/sign-out-everywhere', fn: 'account', forwardsCredentials: true },
  { method: 'GET', path: '/api/account/sessions', fn: 'account', forwardsCredentials: true },
  { method: 'DELETE', path: '/api/account/sessions/{id}', fn: 'account', forwardsCredentials: true },
  { method: 'GET', path: '/api/account/passkeys', fn: 'account', forwardsCredentials: true },
  { method: 'DELETE', path: '/api/account/passkeys/{id}', fn: 'account', forwardsCredentials: true },
  { method: 'GET', path: '/api/account/export', fn: 'account', forwardsCredentials: true },
  { method: 'GET', path: '/api/account/two-step', fn: 'account', forwardsCredentials: true },
  { method: 'DELETE', path: '/api/account/two-step', fn: 'account', forwardsCredentials: true },
  { method: 'POST', path: '/api/account/two-step/recovery-codes', fn: 'account', forwardsCredentials: true },
];
