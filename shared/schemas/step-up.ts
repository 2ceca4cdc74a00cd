/**
 * The proof a sensitive change carries in its own request (docs/security.md#step-up): the current
 * password, or for an account without one a passkey assertion of the account (made with the sign-in
 * options the SDK hands out, `webauthnGeneratedOptionsId`) or a code from its authenticator app.
 * Which one is owed is the server's to decide (functions/lib/step-up.ts); all are optional here so
 * the server can say which is missing.
 */
import * as z from 'zod/mini';

const secret = z.optional(z.string().check(z.maxLength(1000)));

/** A passkey assertion as the browser gives it (AuthenticationResponseJSON): the core checks the rest. */
export const passkeyAssertion = z.object({
  webauthnGeneratedOptionsId: z.string().check(z.minLength(1), z.maxLength(1000)),
  credential: z.looseObject({
    id: z.string().check(z.minLength(1), z.maxLength(1000)),
    type: z.literal('public-key'),
    response: z.looseObject({}),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

export const stepUpFields = { password: secret, code: secret, passkey: z.optional(passkeyAssertion) };
export const stepUpProof = z.object(stepUpFields);
export type StepUpProof = z.infer<typeof stepUpProof>;
