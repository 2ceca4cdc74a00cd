/**
 * Webhook delivery as Stripe does it: the event as JSON, signed in the `Stripe-Signature` header
 * (`t=<unix>,v1=<HMAC-SHA256 of "<t>.<payload>">`), retried on failure. The first attempt is awaited
 * so the product has seen the event before the browser reaches its success page; retries run in the
 * background with a short backoff (Stripe's own spans days, too long for development).
 */
import { createHmac } from 'node:crypto';
import type { StripeEvent } from './objects';

export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSender {
  /** Sends once and, if that fails, keeps retrying in the background; resolves after the first attempt. */
  send(event: StripeEvent): Promise<void>;
  /** Cancels pending retries (the stand-in is stopping). */
  stop(): void;
}

export interface WebhookSenderOptions {
  url: string;
  secret: string;
  /** Delays before each retry, in ms. */
  retryDelays?: number[];
  clock?: () => number;
  log?: (message: string) => void;
}

const DEFAULT_RETRY_DELAYS = [500, 1000, 2000];

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { url, secret, retryDelays = DEFAULT_RETRY_DELAYS, clock = Date.now, log = (m) => console.error(m) } = options;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  /** Why the attempt failed, or undefined when the endpoint answered 2xx. */
  async function attempt(event: StripeEvent): Promise<string | undefined> {
    const payload = JSON.stringify(event, null, 2);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureHeader(payload, secret, Math.floor(clock() / 1000)), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.ok ? undefined : `HTTP ${res.status}`;
    } catch (error) {
      return (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    }
  }

  function retry(event: StripeEvent, index: number) {
    if (stopped) return;
    const delay = retryDelays[index];
    if (delay === undefined) {
      log(`Stripe stand-in: gave up delivering ${event.type} ${event.id} to ${url} after ${retryDelays.length + 1} attempts`);
      return;
    }
    const timer = setTimeout(async () => {
      timers.delete(timer);
      if (stopped) return;
      const failure = await attempt(event);
      if (failure) {
        log(`Stripe stand-in: webhook ${event.type} ${event.id} to ${url} failed (${failure}), retry ${index + 1} of ${retryDelays.length}`);
        retry(event, index + 1);
      }
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    async send(event) {
      const failure = await attempt(event);
      if (!failure) return;
      log(`Stripe stand-in: webhook ${event.type} ${event.id} to ${url} failed (${failure}); retrying`);
      retry(event, 0);
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
