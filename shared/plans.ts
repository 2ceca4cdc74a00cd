/**
 * Plans and prices (spec §1, §3, §9): what the pricing page shows and what billing enforces. Stripe
 * price ids are configuration (they differ per account and environment), so they are not here.
 */
export type PlanId = 'free' | 'pro' | 'enterprise';
export type BillingInterval = 'monthly' | 'annually';

/** spec §9: Pro costs 11 dollars a month. */
export const PRO_MONTHLY_USD = 11;
/** spec §9: the annual price is shown against twelve months at the monthly price (11 × 12)... */
export const PRO_ANNUAL_LIST_USD = PRO_MONTHLY_USD * 12;
/** ...and charged as eleven (11 × 11): one month free. */
export const PRO_ANNUAL_USD = PRO_MONTHLY_USD * 11;

/** spec §9: the Free plan's words per month; the count resets each calendar month. */
export const FREE_WORDS_PER_MONTH = 500;
/** spec §9 FAQ, docs/decisions.md#8: the first Pro checkout of an account starts a trial without a card; once per account. */
export const PRO_TRIAL_DAYS = 14;

/**
 * What the pricing page sends as `priceId` (spec §7). These are our names for the two Pro prices;
 * billing maps them to the Stripe price ids in its configuration, so no Stripe id reaches the browser.
 * Enterprise has no price: its id is 'custom' and checkout refuses it (spec §5).
 */
export const PRICE_IDS = { monthly: 'pro-monthly', annually: 'pro-annual' } as const satisfies Record<BillingInterval, string>;
export type PriceId = (typeof PRICE_IDS)[BillingInterval];
export const CUSTOM_PRICE_ID = 'custom';

export function isPriceId(value: unknown): value is PriceId {
  return Object.values(PRICE_IDS).includes(value as PriceId);
}

/** spec §4: Pro only while the subscription is active (or in its trial) on the Pro product; anything else is Free. */
export function currentPlan(subscription: { status: string; productId?: string }, proProductId: string): 'free' | 'pro' {
  return (subscription.status === 'active' || subscription.status === 'trialing') && subscription.productId === proProductId ? 'pro' : 'free';
}

export interface Plan {
  id: PlanId;
  name: string;
  tagline: string;
  /** Whole dollars a month; undefined for Enterprise (custom, contact sales). */
  monthlyUsd?: number;
  /** Words per month; undefined means unlimited (Pro) or by contract (Enterprise). */
  wordsPerMonth?: number;
  /** Users included; undefined for Enterprise (by contract). */
  users?: number;
  features: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    tagline: 'Try dictation on your own writing.',
    monthlyUsd: 0,
    wordsPerMonth: FREE_WORDS_PER_MONTH,
    users: 1,
    features: [`${FREE_WORDS_PER_MONTH} words per month`, '1 user', 'Voice to text', 'Smart formatting', 'Export to text and Markdown'],
  },
  {
    id: 'pro',
    name: 'Pro',
    tagline: 'For writers who dictate every day.',
    monthlyUsd: PRO_MONTHLY_USD,
    users: 1,
    // The trial's line is the pricing page's to add: it is offered once per account (frontend/src/pricing/trial-texts.ts).
    features: ['Unlimited words', '1 user', 'AI enhancement', 'Smart formatting', 'Export to every format', 'Priority email support'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    tagline: 'For teams, with terms that fit.',
    features: ['Unlimited words', 'As many users as you need', 'Everything in Pro', 'Invoice billing', 'Dedicated account manager', 'Custom onboarding'],
  },
];

export function planById(id: PlanId): Plan {
  return PLANS.find((p) => p.id === id)!;
}

/**
 * Every price the site shows, in one style ('$11.00/month' beside '$121/year' read as two):
 * spec §9 shows Pro as '$11.00', so always dollars and cents: '$11.00', '$121.00', '$0.00'.
 */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** The query Stripe's cancel_url carries back to /pricing, where the page says nothing was bought. */
export const CHECKOUT_CANCELLED_PARAM = { name: 'checkout', value: 'cancelled' } as const;

/**
 * Dictation output styles. 'polished' is the Pricing table's "AI enhancement", a Pro feature; the
 * other two are every plan's (functions/vocabulary/preferences.ts refuses the rest with a sentence).
 */
export const OUTPUT_STYLES = ['verbatim', 'clean', 'polished'] as const;
export type OutputStyle = (typeof OUTPUT_STYLES)[number];

/**
 * Export formats. The Pricing table's Free column says "Text, Markdown" and Pro's "All": all is every
 * format /features names (Word, Google Docs, Markdown, PDF, plain text; frontend/src/content/features.ts).
 */
export const EXPORT_FORMATS = ['text', 'markdown', 'docx', 'google-docs', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What each plan of an account includes of the dictation settings ("Custom vocabulary" is Pro's on the Pricing table). */
export const PLAN_INCLUDES = {
  free: { vocabulary: false, styles: ['verbatim', 'clean'], exportFormats: ['text', 'markdown'] },
  pro: { vocabulary: true, styles: OUTPUT_STYLES, exportFormats: EXPORT_FORMATS },
} as const satisfies Record<'free' | 'pro', { vocabulary: boolean; styles: readonly OutputStyle[]; exportFormats: readonly ExportFormat[] }>;

export function planIncludesStyle(plan: 'free' | 'pro', style: OutputStyle): boolean {
  return (PLAN_INCLUDES[plan].styles as readonly OutputStyle[]).includes(style);
}

export function planIncludesExportFormat(plan: 'free' | 'pro', format: ExportFormat): boolean {
  return (PLAN_INCLUDES[plan].exportFormats as readonly ExportFormat[]).includes(format);
}
