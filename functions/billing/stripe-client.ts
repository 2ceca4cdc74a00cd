/**
 * The Stripe client, made once per cold start from the `stripe` secret. `STRIPE_API_URL` points it
 * elsewhere than api.stripe.com (the local stand-in); deployed it is unset.
 */
import Stripe from 'stripe';
import { getSecret } from '../lib/secrets';

let pending: Promise<Stripe> | undefined;

export function stripeOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 10_000, telemetry: false };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return { ...options, host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'https:' ? 'https' : 'http' };
}

export function stripeClient(env: NodeJS.ProcessEnv = process.env): Promise<Stripe> {
  pending ??= getSecret('stripe', env)
    .then(({ secretKey }) => new Stripe(secretKey, stripeOptions(env.STRIPE_API_URL)))
    .catch((error) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

export async function webhookSecret(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return (await getSecret('stripe', env)).webhookSecret;
}
