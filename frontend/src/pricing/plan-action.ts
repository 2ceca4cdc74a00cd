/**
 * What a plan card's button does on /pricing, as data: the page decides it (spec §4), the billing
 * code loaded on demand carries out the ones that call the API. Its own module, so the page and that
 * code both import it and neither imports the other's types.
 */
export type AccountPlan = 'free' | 'pro';

export type PlanAction =
  | { kind: 'contact' }
  | { kind: 'sign-in' }
  | { kind: 'manage'; reason: 'current' | 'downgrade' }
  | { kind: 'dashboard' }
  | { kind: 'checkout'; priceId: string | undefined };
