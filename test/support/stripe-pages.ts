/** The local Stripe stand-in from a test: the real SDK pointed at it, and its hosted pages' buttons pressed as a browser would. */
import Stripe from 'stripe';
import { LOCAL_STRIPE_SECRET } from '../../infra/local/stripe/catalog';

/** The real stripe SDK talking to the stand-in at `url` (e.g. to read the events it sent). */
export function standInSdk(url: string): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(LOCAL_STRIPE_SECRET.secretKey, { host: hostname, port: Number(port), protocol: 'http', telemetry: false });
}

async function submit(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields), redirect: 'manual' });
}

/** Opens a checkout page and pays (or starts the trial); answers the page's text and where it sends the browser. */
export async function payCheckout(checkoutUrl: string, email = 'buyer@example.com'): Promise<{ page: string; location: string }> {
  const page = await (await fetch(checkoutUrl)).text();
  const res = await submit(checkoutUrl, { email, card: '4242 4242 4242 4242' });
  if (res.status !== 303) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  return { page, location: res.headers.get('location')! };
}

/** In the billing portal, presses a subscription's button: 'cancel', 'resume', 'cancel_now', or 'add_card' (with `card`'s number). */
export async function portalAction(portalUrl: string, action: 'cancel' | 'resume' | 'cancel_now' | 'add_card', card = '4242 4242 4242 4242'): Promise<string> {
  const page = await (await fetch(portalUrl)).text();
  const subscription = /name="subscription" value="([^"]+)"/.exec(page)?.[1];
  if (!subscription) throw new Error(`no subscription on the portal page: ${page}`);
  const res = await submit(portalUrl, { subscription, action, ...(action === 'add_card' ? { card } : {}) });
  if (res.status !== 303) throw new Error(`portal answered ${res.status}: ${await res.text()}`);
  return subscription;
}
