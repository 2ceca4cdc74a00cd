/**
 * POST /api/stripe-webhook: Stripe's events, verified by their signature against the raw body, each
 * handled once (a replayed or redelivered event is acknowledged and changes nothing). A failure
 * answers 500, so Stripe delivers the event again.
 */
import type Stripe from 'stripe';
import { apiTexts } from '../../shared/texts/api';
import { billingTexts } from '../../shared/texts/billing';
import { billingConfig } from '../lib/billing-config';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import { json } from '../lib/response';
import { recordProcessed, wasProcessed } from './processed-events';
import { stripeClient, webhookSecret } from './stripe-client';
import { applyEvent, type EventDeps } from './subscription-events';
import { SignatureError, verifySignature } from './webhook-signature';

/** Stripe's events are a few KB; this is generous and still refuses a flood. */
export const MAX_EVENT_BYTES = 256 * 1024;

function rawBody(body: string | undefined, isBase64Encoded: boolean): string {
  const raw = body === undefined ? '' : isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(raw) > MAX_EVENT_BYTES) throw new HttpError(413, apiTexts.payloadTooLarge);
  return raw;
}

export const handler = httpHandler(async (event) => {
  const payload = rawBody(event.body as string | undefined, event.isBase64Encoded);
  try {
    verifySignature(payload, event.headers['stripe-signature'], await webhookSecret());
  } catch (error) {
    if (error instanceof SignatureError) throw new HttpError(400, billingTexts.badSignature);
    throw error;
  }
  // Signed by Stripe, so it is an event as Stripe's types describe it.
  const verified = JSON.parse(payload) as Stripe.Event;
  const outcome = await handleVerifiedEvent({ db: documentClient(), stripe: await stripeClient(), proProductId: billingConfig().proProductId }, verified, new Date());
  return json(200, outcome === 'duplicate' ? { received: true, duplicate: true } : { received: true });
}, { route: 'POST /api/stripe-webhook' });

/**
 * A verified event, handled once: recorded only after it is applied, so a handler that dies midway
 * leaves it for Stripe's retry (applying is safe to repeat: processed-events.ts).
 */
export async function handleVerifiedEvent(deps: EventDeps, event: Stripe.Event, now: Date): Promise<'applied' | 'ignored' | 'duplicate'> {
  if (await wasProcessed(deps.db, event.id, now)) {
    logger.info('stripe event already handled', { eventId: event.id, type: event.type });
    return 'duplicate';
  }
  const outcome = await applyEvent(deps, event);
  await recordProcessed(deps.db, event.id, event.type, now);
  logger.info('stripe event handled', { eventId: event.id, type: event.type, outcome });
  return outcome;
}
