/**
 * Stripe's `Idempotency-Key` on POSTs: the SDK retries a POST whose answer it did not get under the
 * same key, and that retry must not create a second customer or checkout.
 */
import type { StripeStore } from './store';

/** An API answer, as sent and as kept for a replay. */
export interface Answer {
  status: number;
  body: unknown;
}

interface IdempotencyRecord {
  state: 'pending' | 'done';
  request: string;
  answer?: Answer;
}

/**
 * Stripe's idempotency: the first request with a key runs and its answer is kept; a repeat with the
 * same parameters gets that answer again, with different ones an idempotency_error. A request that
 * failed validation keeps nothing, so it can be corrected and retried under the same key.
 */
export async function idempotently(store: StripeStore, key: string, request: string, run: () => Promise<Answer>): Promise<{ answer: Answer; replayed: boolean }> {
  const id = `idem#${key}`;
  const claimed = await store.putIfAbsent(id, { state: 'pending', request } satisfies IdempotencyRecord);
  if (!claimed) {
    const record = await store.get<IdempotencyRecord>(id);
    if (record?.request !== request) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      return { answer: { status: 400, body: { error: { type: 'idempotency_error', message } } }, replayed: false };
    }
    if (record.state === 'pending' || !record.answer) {
      const message = 'There is currently another in-progress request using this Idempotency-Key. Please try again later.';
      return { answer: { status: 409, body: { error: { type: 'idempotency_error', message } } }, replayed: false };
    }
    return { answer: record.answer, replayed: true };
  }
  let answer: Answer | undefined;
  try {
    answer = await run();
  } finally {
    if (answer?.status === 200) await store.put(id, { state: 'done', request, answer } satisfies IdempotencyRecord);
    else await store.delete(id);
  }
  return { answer, replayed: false };
}
