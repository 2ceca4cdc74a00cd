/**
 * Checks a `Stripe-Signature` header the way Stripe documents it (and its SDK does): `t=<unix>,v1=<hex>`
 * where v1 is HMAC-SHA256 of `<t>.<raw body>` under the endpoint's signing secret; any one v1 may
 * match (during a secret roll there are two), compared in constant time, and the timestamp must be
 * within the tolerance so a captured request cannot be replayed later. node:crypto instead of the SDK
 * keeps the webhook Lambda within its size budget (see stripe-api.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default tolerance. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export class SignatureError extends Error {
  constructor(reason: string) {
    super(`Invalid Stripe signature: ${reason}`);
    this.name = 'SignatureError';
  }
}

export function signPayload(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

export function verifySignature(payload: string, header: string | undefined, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): void {
  if (!header) throw new SignatureError('no header');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const candidates = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!Number.isInteger(timestamp) || candidates.length === 0) throw new SignatureError('malformed header');
  const expected = Buffer.from(signPayload(payload, secret, timestamp), 'hex');
  const matches = candidates.some((c) => {
    const given = Buffer.from(c, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new SignatureError('no matching signature');
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new SignatureError('timestamp outside the tolerance');
}
