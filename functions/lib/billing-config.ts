/**
 * Billing's non-secret configuration, from the environment the stack (or the local runtime) sets:
 * the Stripe Pro product id that makes a subscription "Pro" (spec §4), and the Stripe price id behind
 * each of our price ids (shared/plans.ts PRICE_IDS). Read once; a missing value is a deploy error.
 */
import { PRICE_IDS, type PriceId } from '../../shared/plans';

export interface BillingConfig {
  proProductId: string;
  stripePriceIds: Record<PriceId, string>;
}

let cached: BillingConfig | undefined;

export function billingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  if (cached && env === process.env) return cached;
  const proProductId = env.STRIPE_PRO_PRODUCT_ID;
  if (!proProductId) throw new Error('STRIPE_PRO_PRODUCT_ID is not set');
  const prices = JSON.parse(env.STRIPE_PRICE_IDS ?? '{}') as Record<string, unknown>;
  const missing = Object.values(PRICE_IDS).filter((id) => typeof prices[id] !== 'string' || !prices[id]);
  if (missing.length) throw new Error(`STRIPE_PRICE_IDS lacks: ${missing.join(', ')}`);
  const config = { proProductId, stripePriceIds: prices as Record<PriceId, string> };
  if (env === process.env) cached = config;
  return config;
}
