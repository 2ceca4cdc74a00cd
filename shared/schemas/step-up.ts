/**
 * The proof a sensitive change carries in its own request (docs/security.md#step-up): the current
 * password, or for an account without one a code from its authenticator app. Which one is owed is
 * the server's to decide (functions/lib/step-up.ts); both are optional here so the server can say
 * which is missing.
 */
import * as z from 'zod/mini';

const secret = z.optional(z.string().check(z.maxLength(1000)));

export const stepUpFields = { password: secret, code: secret };
export const stepUpProof = z.object(stepUpFields);
export type StepUpProof = z.infer<typeof stepUpProof>;
