/** Bodies the API answers with; the frontend and the handlers both import these. */
import type { Platform } from './platforms';
import type { Preferences, VocabularyEntry } from './vocabulary';

/** spec §3: latest version info. */
export interface LatestVersion {
  version: string;
  /** ISO 8601 date-time the release was published. */
  pub_date: string;
  download_url: string;
  notes?: string;
}

/** One platform's published releases, newest first, each as /api/latest-version answers it. */
export interface PlatformReleases {
  platform: Platform;
  releases: LatestVersion[];
}

/**
 * GET /api/releases (the /download/releases page): every platform with at least one
 * published release, in PLATFORMS order (shared/platforms.ts). Releases still in a staged rollout or
 * halted are not listed: they are not yet (or no longer) what /download offers.
 */
export interface ReleaseList {
  platforms: PlatformReleases[];
}

/**
 * GET /api/updates/{target}/{arch}/{current_version} with 200: Tauri's dynamic update answer. `signature`
 * is the `.sig` file's content (base64 of a minisign signature), `pub_date` RFC 3339.
 */
export interface UpdateManifest {
  version: string;
  url: string;
  signature: string;
  /** Absent when the release has none. */
  notes?: string;
  pub_date: string;
}

/** Every error answer has this shape and nothing else (no stack, no SDK body). */
export interface ErrorBody {
  message: string;
  /** Per-field messages for validation errors, keyed by field name. */
  fields?: Record<string, string>;
}

/** The product's account record (spec §3), as POST /api/users and /api/ensure-user-exists answer it. */
export interface UserRecord {
  userId: string;
  email: string;
  name?: string;
  /** ISO 8601 date-time of the first save. */
  createdAt: string;
  lastLoginAt?: string;
  loginCount: number;
}

/** Stripe's subscription statuses, and 'none' for an account that never subscribed. */
export type SubscriptionStatus = 'none' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';

/** spec §3: the subscription as the profile carries it; currentPeriodEnd is epoch seconds. */
export interface Subscription {
  status: SubscriptionStatus;
  productId?: string;
  currentPeriodEnd?: number;
  /** Set when the subscriber cancelled in the portal: Pro lasts until currentPeriodEnd, then ends. */
  cancelAtPeriodEnd?: boolean;
  /** Epoch seconds when Stripe will end it (Stripe's `cancel_at`): a date chosen for it, or the period's end. */
  cancelAt?: number;
  interval?: 'month' | 'year';
}

/** spec §3: usage totals; times in seconds. */
export interface UsageMetrics {
  timeSaved: number;
  wordsTranscribed: number;
  recordingTime: number;
}

/** GET /api/user-profile (spec §3, §7). `plan` is decided on the server (spec §4: Pro only when active on the Pro product). */
export interface UserProfile {
  userId: string;
  email: string;
  name?: string;
  createdAt: string;
  plan: 'free' | 'pro';
  subscription: Subscription;
  /** All-time totals. */
  metrics: UsageMetrics;
  /** This calendar month's usage (docs/decisions.md#7: real per-month figures), month as 'YYYY-MM' in UTC. */
  thisMonth: UsageMetrics & { month: string };
  /** Words the plan allows a month; absent means unlimited. */
  wordsPerMonth?: number;
  /** The dashboard's chart: the last 12 calendar months (UTC), oldest first, ending with this one; a month without usage is zeros. */
  history: UsageHistoryMonth[];
  /** When (ISO) the desktop app first signed in to the account, if it has: the first-run checklist's second step. */
  desktopSignedInAt?: string;
}

/**
 * One month of the profile's usage chart. `words` and `seconds` are the month's `wordsTranscribed`
 * and `recordingTime` under the names a usage report (POST /api/usage) sends them by.
 */
export interface UsageHistoryMonth {
  month: string;
  words: number;
  seconds: number;
}

/** POST /api/create-checkout-session and GET /api/manage-subscription answer a Stripe-hosted page's address. */
export interface RedirectUrl {
  url: string;
}

/**
 * GET /api/checkout-session/{id}: whether that Checkout Session is the signed-in account's
 * own and complete. Anything else (unknown, another account's, still open, expired) is `false` alike,
 * so the answer tells nobody whether someone else's session exists.
 */
export interface CheckoutConfirmation {
  confirmed: boolean;
}

/** GET and POST /api/usage: the month's count and what the plan leaves (docs/decisions.md#6: Free's 500 words are enforced). */
export interface UsageSummary extends UsageMetrics {
  month: string;
  plan: 'free' | 'pro';
  /** Absent on an unlimited plan. */
  wordsPerMonth?: number;
  wordsRemaining?: number;
}

/** POST /api/auth/desktop/exchange: the desktop app's own header-mode session. */
/** POST /api/auth/desktop/consent: where the browser goes next, the desktop app's loopback listener with its one-time code. */
export interface DesktopConsent {
  redirectUrl: string;
}

export interface DesktopSession {
  userId: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds the access token expires at. */
  accessTokenExpiry: number;
}

/** What an account route answers on success (PATCH /api/account also answers the saved name). */
export interface AccountMessage {
  message: string;
  name?: string;
  /** An email change asked for: the address a link went to (it becomes the account's once opened). */
  pendingEmail?: string;
}

/** One place the account is signed in (GET /api/account/sessions): a browser or the desktop app. */
export interface SignedInSession {
  /** The core's session handle: what DELETE /api/account/sessions/{id} ends. */
  id: string;
  kind: 'browser' | 'desktop';
  /** "Chrome on Windows", "Voxpen for Mac": from the user agent at sign-in, or the desktop app's name. */
  name: string;
  /** ISO 8601 date-times: the sign-in, and the last refresh (the sign-in until the first). */
  signedInAt: string;
  lastActiveAt: string;
  /** The session asking: listed, not offered for sign-out (signing out here is the page's own Sign out). */
  current: boolean;
  /** How it signed in, when known (a desktop app's is its browser's hand-off). */
  method?: SignInMethod;
  /** Roughly where it signed in: ISO 3166 country and region codes, or 'local' (a private network: the local runtime). */
  place?: { country: string; region?: string } | 'local';
}

export interface SignedInSessions {
  /** This session first, then the most recently active. */
  sessions: SignedInSession[];
}

/** GET /api/account/passkeys: one of the account's passkeys. */
export interface AccountPasskey {
  /** The credential id: what DELETE /api/account/passkeys/{id} removes. */
  id: string;
  /** The name its owner gave it when adding it. */
  name: string;
  /** ISO 8601 date-times: when it was added, and its last sign-in (null: none yet). */
  addedAt: string;
  lastUsedAt: string | null;
}

export interface AccountPasskeys {
  /** Oldest first. */
  passkeys: AccountPasskey[];
}

/** How an account signs in: with its email and a password, with Google, with a passkey (added on /account). */
export type SignInMethod = 'password' | 'google' | 'passkey';

/** GET /api/account/export (GDPR articles 15 and 20): everything the product holds about the account. */
/** A card as /account's Billing shows it: its network ('visa', 'mastercard', …) and last four digits. */
export interface BillingCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** One of the account's invoices, newest first; amounts in the currency's smallest unit (cents). */
export interface BillingInvoice {
  id: string;
  number: string | null;
  /** ISO 8601 date-time it was made. */
  createdAt: string;
  total: number;
  amountPaid: number;
  currency: string;
  status: string;
  /** Stripe's hosted page for it: the receipt once paid. */
  url: string | null;
}

/** A subscription that has not ended, as Stripe bills it. */
export interface BillingSubscription {
  status: SubscriptionStatus;
  interval: 'month' | 'year';
  /** The price per interval, in cents. */
  amount: number;
  currency: string;
  /** ISO 8601: when the trial ends, while in one. */
  trialEnd: string | null;
  /** ISO 8601: when it ends, if it will (an end scheduled, or a trial without a card). */
  endsAt: string | null;
  /** What will be charged next and when; null when nothing will (it ends first). */
  nextCharge: { amount: number; currency: string; at: string } | null;
}

/** GET /api/billing: the plan, as Stripe bills it, for /account's Billing section (docs/account-api.md). */
export interface BillingOverview {
  plan: 'free' | 'pro';
  subscription: BillingSubscription | null;
  paymentMethod: BillingCard | null;
  /** The last few (up to 5), newest first. */
  invoices: BillingInvoice[];
}

/** POST /api/billing/interval's answer: what changed, and the plan as it is now. */
export interface IntervalSwitched {
  message: string;
  billing: BillingOverview;
}

/** GET /api/account, and the export's profile: who the account is and how it signs in. */
export interface AccountProfile {
  name: string | null;
  email: string;
  /** ISO 8601 date-time the account's record was made. */
  createdAt: string;
  lastLoginAt: string | null;
  loginCount: number;
  signInMethods: SignInMethod[];
}

/** A paid plan the account is on, for what deleting it would end (/account). */
export interface PaidPlan {
  name: 'Pro';
  /** A trial: nothing has been paid, nothing is lost but the trial. */
  trial: boolean;
  /** ISO 8601 date-time the paid (or trial) period runs to. */
  periodEnd: string | null;
}

/** GET /api/account: the profile, and the paid plan a deletion would end (null on Free). */
export type AccountOverview = AccountProfile & { paidPlan: PaidPlan | null };

/** Each exported usage month, its units in its field names. */
export interface ExportedUsageMonth {
  /** The calendar month in UTC, 'YYYY-MM' (ISO 8601). */
  month: string;
  words: number;
  recordingSeconds: number;
  timeSavedSeconds: number;
}

/** What the export says of its own units, for a reader of the file without our docs. */
export const EXPORT_UNITS = {
  dates: 'ISO 8601 date-times in UTC',
  month: 'calendar month in UTC, YYYY-MM',
  words: 'words',
  recordingSeconds: 'seconds',
  timeSavedSeconds: 'seconds',
} as const;

export interface AccountExport {
  /** ISO 8601 date-time of the export. */
  exportedAt: string;
  units: typeof EXPORT_UNITS;
  profile: AccountProfile;
  plan: 'free' | 'pro';
  /** The subscription as last read from Stripe, with Stripe's id for it; null when there never was one. */
  subscription: (Omit<Subscription, 'currentPeriodEnd' | 'cancelAt'> & { currentPeriodEnd?: string; cancelAt?: string; stripeSubscriptionId: string }) | null;
  /** Whether the account has used its one Pro trial. */
  trialUsed: boolean;
  /** Every month with usage, oldest first. */
  usage: ExportedUsageMonth[];
  /** Messages sent through the contact form from the account's email, oldest first. */
  contactMessages: { receivedAt: string; name: string; email: string; message: string }[];
  /** The custom vocabulary, in the account's order (empty when there is none). */
  vocabulary: VocabularyEntry[];
  /** The dictation preferences (the defaults when never saved). */
  preferences: Omit<Preferences, 'version'>;
}

/** POST /api/auth/reset-link/check: the same answer for a link unknown, used or expired. */
export interface ResetLinkCheck {
  valid: boolean;
}

/** GET /api/account/two-step: whether signing in asks for a second step, and the recovery codes left. */
export interface TwoStepStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** POST /api/account/two-step/recovery-codes: the new codes, shown once. */
export interface RecoveryCodes {
  codes: string[];
}
