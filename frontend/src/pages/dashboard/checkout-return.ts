/**
 * The router state /checkout/success hands the dashboard: Stripe's webhook may not have made the
 * account Pro yet, so the dashboard re-reads the profile for a while (dashboard-data.ts).
 */
export const FROM_CHECKOUT_STATE = { fromCheckout: true } as const;

export function cameFromCheckout(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { fromCheckout?: unknown }).fromCheckout === true;
}

/** How often, and how many times, the dashboard re-reads the profile after a checkout. */
export const ACTIVATION_POLL_MS = 1500;
export const ACTIVATION_POLL_TRIES = 10;
