/** Proving an address as its owner does: the link from the newest verification mail in the outbox, used. */
import { expect } from 'vitest';
import type { AuthApi } from './auth-api';
import { outboxMessages, verificationTokenFor } from './outbox';

export { verificationTokenFor };

/** How many verification mails `email` has had. */
export function verificationMailsTo(outboxDir: string, email: string): number {
  return outboxMessages(outboxDir).filter((m) => m.to === email.toLowerCase() && m.kind === 'email-verification').length;
}

/** Opens the newest link mailed to `email` in `who`'s session, as /verify-email does. */
export async function verifyThroughOutbox(who: AuthApi, outboxDir: string, email: string): Promise<void> {
  const answer = await who.verifyEmail(await verificationTokenFor(outboxDir, email));
  expect(answer.status).toBe('OK');
}
