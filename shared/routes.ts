/**
 * The route table: every `/api` route, the Lambda (function group) that serves it, and what it needs.
 * The local gateway routes from this and the CDK stack builds one Lambda per function group from it;
 * test/infra checks the two agree.
 */
import { ACCOUNT_READ, ACCOUNT_WRITE, AUTH_PATHS, LIVE_READ, PAGE_WRITE, PUBLIC_READ, SENSITIVE_WRITE, type PublicPolicy, type RoutePolicy } from './route-policy';
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
  /**
   * Who may call it (./route-policy.ts), enforced by functions/lib/policy.ts before the handler runs.
   * `AUTH_PATHS`: the route is `/api/auth/{proxy+}`, whose paths each declare their own there.
   */
  policy: RoutePolicy | 'AUTH_PATHS';
}

export const functions = {
  releases: { entry: 'functions/releases/handler.ts', tables: [], readTables: ['releases'], secrets: ['originVerify'] },
  contact: { entry: 'functions/contact/send-message.ts', tables: ['contactMessages', 'rateLimits'], secrets: ['ipHash', 'originVerify'] },
  // The desktop sign-in handoff (/api/auth/desktop/consent, /api/auth/desktop/exchange) is served here
  // too: exchanging a code creates a session, which is the auth SDK's job.
  // Stripe's secret: a proven new address becomes the Stripe customer's email (functions/account/change-email.ts).
  auth: { entry: 'functions/auth/handler.ts', tables: ['users', 'rateLimits', 'handoffCodes'], secrets: ['supertokens', 'google', 'originVerify', 'stripe'], sendsMail: true },
  users: { entry: 'functions/users/handler.ts', tables: ['users'], readTables: ['usage'], secrets: ['supertokens', 'originVerify'], billingConfig: true },
  // rateLimits: a report's hourly rate (functions/usage/report.ts's USAGE_REPORT_RATE).
  usage: { entry: 'functions/usage/handler.ts', tables: ['usage', 'rateLimits'], readTables: ['users'], secrets: ['supertokens', 'originVerify'], billingConfig: true },
  // The usage month's plan (functions/usage/usage-plan.ts): /checkout/success applies the subscription
  // it confirms as the webhook does.
  billing: { entry: 'functions/billing/handler.ts', tables: ['users'], updateTables: ['usage'], secrets: ['supertokens', 'stripe', 'originVerify'], billingConfig: true },
  // It updates the plan on the account's usage month (functions/usage/usage-plan.ts), so it
  // reads the Pro product id (test/infra/billing-config-wiring.test.ts).
  stripeWebhook: { entry: 'functions/billing/stripe-webhook.ts', tables: ['users', 'processedEvents'], updateTables: ['usage'], secrets: ['stripe', 'originVerify'], billingConfig: true },
  // Account self-service (/account). Its own Lambda, not the auth one, for least privilege: only it
  // deletes from usage, handoffCodes and contactMessages. It asks the core what only the core knows
  // (passwords, sessions, deleting the user) over the core's HTTP API, without supertokens-node
  // (docs/architecture.md#the-auth-core). Secrets: the core's address,
  // the origin secret (the visitor's address, for the sign-in limits its password checks count
  // toward) and Stripe (a deletion cancels the subscription); not Google's, which only a Google
  // sign-in reads (functions/auth/google.ts).
  account: {
    entry: 'functions/account/handler.ts',
    tables: ['users', 'usage', 'handoffCodes', 'rateLimits', 'contactMessages', 'vocabulary'],
    secrets: ['supertokens', 'originVerify', 'stripe'],
    billingConfig: true,
    // A change of address mails the new address its link and the old one a notice.
    sendsMail: true,
  },
  // The custom vocabulary and dictation preferences, for /account and the desktop app alike
  // (docs/desktop-api.md#vocabulary). It reads the plan from the users item (Pro writes the vocabulary).
  vocabulary: { entry: 'functions/vocabulary/handler.ts', tables: ['vocabulary'], readTables: ['users'], secrets: ['supertokens', 'originVerify'], billingConfig: true },
  // No route: its EventBridge schedule runs it (infra/stack.ts). It finishes deletions and email
  // changes that stopped part way, so it needs what they touch (an email change mails its notice to
  // the old address), and no origin secret (no request reaches it).
  deletionSweeper: {
    entry: 'functions/account/sweeper-handler.ts',
    tables: ['users', 'usage', 'handoffCodes', 'rateLimits', 'contactMessages', 'vocabulary'],
    secrets: ['supertokens', 'stripe'],
    sendsMail: true,
  },
} as const satisfies Record<string, FunctionDef>;

export type FunctionName = keyof typeof functions;

/** A write from another server (Stripe's webhook): anyone, from anywhere; its signature is its proof. */
const FROM_ANOTHER_SERVER: PublicPolicy = { caller: 'anyone', sameOrigin: false, notDeleting: false };

const routeTable = [
  { method: 'GET', path: '/api/latest-version', fn: 'releases', cdnCacheSeconds: 60, cacheQueryStrings: ['platform'], policy: PUBLIC_READ },
  { method: 'GET', path: '/api/releases', fn: 'releases', cdnCacheSeconds: 60, policy: PUBLIC_READ },
  // Cached by path; the install id reaches the Lambda, which marks the answers that hang on it
  // (a staged rollout) private, no-store, so CloudFront never serves one installation's answer to another.
  { method: 'GET', path: '/api/updates/{target}/{arch}/{current_version}', fn: 'releases', cdnCacheSeconds: 60, forwardsHeaders: ['voxpen-install-id'], policy: PUBLIC_READ },
  { method: 'POST', path: '/api/contact', fn: 'contact', policy: PAGE_WRITE },
  { method: 'ANY', path: '/api/auth/{proxy+}', fn: 'auth', forwardsCredentials: true, policy: 'AUTH_PATHS' },
  // The SDK's own refresh, served by the same Lambda, named apart so it can have its own throttle
  // (infra/constructs/api.ts, ROUTE_THROTTLES): a flood of sign-ins must not stop every tab's refresh.
  { method: 'POST', path: '/api/auth/session/refresh', fn: 'auth', forwardsCredentials: true, policy: AUTH_PATHS['POST /api/auth/session/refresh'] },
  { method: 'POST', path: '/api/users', fn: 'users', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'POST', path: '/api/ensure-user-exists', fn: 'users', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'POST', path: '/api/track-login', fn: 'users', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'GET', path: '/api/user-profile', fn: 'users', forwardsCredentials: true, policy: ACCOUNT_READ },
  { method: 'POST', path: '/api/usage', fn: 'usage', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'GET', path: '/api/usage', fn: 'usage', forwardsCredentials: true, policy: ACCOUNT_READ },
  { method: 'POST', path: '/api/create-checkout-session', fn: 'billing', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'GET', path: '/api/manage-subscription', fn: 'billing', forwardsCredentials: true, policy: LIVE_READ },
  // /checkout/success asks whether Stripe's session_id is the account's own, completed checkout.
  { method: 'GET', path: '/api/checkout-session/{id}', fn: 'billing', forwardsCredentials: true, policy: ACCOUNT_READ },
  // /account's Billing: the card and invoices are read only for a session the core confirms; the switch changes what is charged.
  { method: 'GET', path: '/api/billing', fn: 'billing', forwardsCredentials: true, policy: LIVE_READ },
  { method: 'POST', path: '/api/billing/interval', fn: 'billing', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'POST', path: '/api/stripe-webhook', fn: 'stripeWebhook', forwardsHeaders: ['stripe-signature'], policy: FROM_ANOTHER_SERVER },
  { method: 'GET', path: '/api/account', fn: 'account', forwardsCredentials: true, policy: LIVE_READ },
  { method: 'PATCH', path: '/api/account', fn: 'account', forwardsCredentials: true, policy: { ...SENSITIVE_WRITE, proof: { whenBodyHas: 'email' } } },
  { method: 'DELETE', path: '/api/account', fn: 'account', forwardsCredentials: true, policy: SENSITIVE_WRITE },
  { method: 'POST', path: '/api/account/password', fn: 'account', forwardsCredentials: true, policy: { ...SENSITIVE_WRITE, proof: { passwordField: 'currentPassword' } } },
  { method: 'POST', path: '/api/account/sign-out-everywhere', fn: 'account', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'GET', path: '/api/account/sessions', fn: 'account', forwardsCredentials: true, policy: LIVE_READ },
  { method: 'DELETE', path: '/api/account/sessions/{id}', fn: 'account', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'GET', path: '/api/account/passkeys', fn: 'account', forwardsCredentials: true, policy: LIVE_READ },
  { method: 'DELETE', path: '/api/account/passkeys/{id}', fn: 'account', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'GET', path: '/api/account/export', fn: 'account', forwardsCredentials: true, policy: LIVE_READ },
  { method: 'GET', path: '/api/account/two-step', fn: 'account', forwardsCredentials: true, policy: LIVE_READ },
  { method: 'DELETE', path: '/api/account/two-step', fn: 'account', forwardsCredentials: true, policy: SENSITIVE_WRITE },
  { method: 'POST', path: '/api/account/two-step/recovery-codes', fn: 'account', forwardsCredentials: true, policy: SENSITIVE_WRITE },
  // The vocabulary and preferences (docs/desktop-api.md#vocabulary): /account's and the desktop app's.
  { method: 'GET', path: '/api/vocabulary', fn: 'vocabulary', forwardsCredentials: true, policy: ACCOUNT_READ },
  { method: 'PUT', path: '/api/vocabulary', fn: 'vocabulary', forwardsCredentials: true, policy: ACCOUNT_WRITE },
  { method: 'GET', path: '/api/preferences', fn: 'vocabulary', forwardsCredentials: true, policy: ACCOUNT_READ },
  { method: 'PUT', path: '/api/preferences', fn: 'vocabulary', forwardsCredentials: true, policy: ACCOUNT_WRITE },
] as const satisfies readonly RouteDef[];

export const routes: readonly RouteDef[] = routeTable;

/** Each entry's own key (mapped over the tuple as a type parameter, so each entry keeps its method and path together). */
type KeysOf<T extends readonly unknown[]> = { [I in keyof T]: T[I] extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never }[number];
/** API Gateway's route key of every declared route ('GET /api/usage'): a handler is registered under one (functions/lib/http.ts byRouteKey). */
export type RouteKey = KeysOf<typeof routeTable>;

/** The declared policy of a route key, or undefined for one not in the table. */
export function routePolicy(routeKey: string): RoutePolicy | 'AUTH_PATHS' | undefined {
  return routeTable.find((route) => `${route.method} ${route.path}` === routeKey)?.policy;
}
