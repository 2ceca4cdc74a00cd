/** Bodies of the billing and usage routes, validated the same way in the browser and the Lambdas. */
import * as z from 'zod/mini';

/** POST /api/create-checkout-session (spec §7). Which ids are accepted is the server's configuration. */
export const checkoutBody = z.object({ priceId: z.string().check(z.minLength(1), z.maxLength(100)) });
export type CheckoutBody = z.infer<typeof checkoutBody>;

/**
 * POST /api/billing/interval: monthly <-> annual. `requestId` is the page's for this one press (kept
 * across its retries): the Stripe update's idempotency key, so a retried press changes the plan once.
 */
export const intervalBody = z.object({ interval: z.enum(['month', 'year']), requestId: z.uuid() });
export type IntervalBody = z.infer<typeof intervalBody>;

/** A day of recording is far beyond any one report; the caps keep a bad client from inflating totals. */
export const MAX_REPORT_WORDS = 100_000;
export const MAX_REPORT_SECONDS = 24 * 60 * 60;

/** POST /api/usage: what the desktop app dictated since its last report. */
export const usageReportBody = z.object({
  words: z.int().check(z.minimum(0), z.maximum(MAX_REPORT_WORDS)),
  seconds: z.number().check(z.minimum(0), z.maximum(MAX_REPORT_SECONDS)),
});
export type UsageReportBody = z.infer<typeof usageReportBody>;
