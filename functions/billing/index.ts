/**
 * What billing offers its siblings: the Stripe client and the narrow API the product calls.
 */
export { type StripeApi, StripeApiError } from './stripe-api';
export { stripeClient } from './stripe-client';
