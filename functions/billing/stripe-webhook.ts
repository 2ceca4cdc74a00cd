/**
 * POST /api/stripe-webhook: Stripe's events, verified by their signature against the raw body, each
 * applied once (a replayed or redelivered event is acknowledged and changes nothing).
 */
import type Stripe from 'stripe';
import { texts } from '../../shared/texts';
import { documentClient } from '../lib/dynamo';
import { httpHandler } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import { json } from '../lib/response';
import { claimEvent, releaseEvent } from './processed-events';
import { webhookSecret } from './stripe-client';
import { applyEvent } from './subscription-events';
import { SignatureError, verifySignature } from './webhook-signature';

/** Stripe's events are a few KB; this is generous and still refuses a flood. */
export const MAX_EVENT_BYTES = 256 * 1024;

function rawBody(body: string | undefined, isBase64Encoded: boolean): string {
  const raw = body === undefined ? '' : isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(raw) > MAX_EVENT_BYTES) throw new HttpError(413, texts.api.payloadTooLarge);
  return raw;
}

export const handler = httpHandler(async (event) => {
  const payload = rawBody(event.body as string | undefined, event.isBase64Encoded);
  try {
    verifySignature(payload, event.headers['stripe-signature'], await webhookSecret());
  } catch (error) {
    if (error instanceof SignatureError) throw new HttpError(400, texts.billing.badSignature);
    throw error;
  }
  // Signed by Stripe, so it is an event as Stripe's types describe it.
  const verified = JSON.parse(payload) as Stripe.Event;
  const db = documentClient();
  if (!(await claimEvent(db, verified.id, verified.type, new Date()))) {
    logger.info('stripe event already handled', { eventId: verified.id, type: verified.type });
    return json(200, { received: true, duplicate: true });
  }
  try {
    const outcome = await applyEvent({ db }, verified);
    logger.info('stripe event handled', { eventId: verified.id, type: verified.type, outcome });
    return json(200, { received: true });
  } catch (error) {
    await releaseEvent(db, verified.id);
    throw error;
  }
});
