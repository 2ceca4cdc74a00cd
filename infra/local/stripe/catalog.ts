/**
 * The local Stripe stand-in's fixed account: its API key, webhook signing secret, the Pro product and
 * its two prices. Development values only; deployed, the real ones come from Secrets Manager and context.
 */
import type { PriceId } from '../../../shared/plans';

export const LOCAL_STRIPE_SECRET = { secretKey: 'sk_test_voxpen_local_stand_in', webhookSecret: 'whsec_voxpen_local_stand_in' } as const;

export const LOCAL_PRO_PRODUCT = { id: 'prod_voxpen_pro', name: 'Voxpen Pro' } as const;

export interface LocalPrice {
  id: string;
  unitAmount: number;
  interval: 'month' | 'year';
}

export const LOCAL_PRICES: Record<PriceId, LocalPrice> = {
  'pro-monthly': { id: 'price_voxpen_pro_monthly', unitAmount: 1100, interval: 'month' },
  'pro-annual': { id: 'price_voxpen_pro_annual', unitAmount: 12100, interval: 'year' },
};
