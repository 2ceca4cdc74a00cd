/**
 * Billing's Stripe access, made once per cold start from the `stripe` secret. `STRIPE_API_URL` points
 * it elsewhere than api.stripe.com (the local stand-in); deployed it is unset.
 */
import { getSecret } from '../lib/secrets';
import { stripeApi, type StripeApi } from './stripe-api';

let pending: Promise<StripeApi> | undefined;

export function stripeClient(env: NodeJS.ProcessEnv = process.env): Promise<StripeApi> {
  pending ??= getSecret('stripe', env)
    .then(({ secretKey }) => stripeApi({ secretKey, apiUrl: env.STRIPE_API_URL }))
    .catch((error) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

export async function webhookSecret(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return (await getSecret('stripe', env)).webhookSecret;
}
