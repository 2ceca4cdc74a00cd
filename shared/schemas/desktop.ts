/**
 * POST /api/auth/desktop/consent (the launch page's "Continue to the app") and POST
 * /api/auth/desktop/exchange (docs/decisions.md#4): the browser consents to the desktop sign-in it
 * carries; the desktop app trades its one-time code and PKCE verifier for a session.
 */
// zod/mini, like the other shared schemas.
import * as z from 'zod/mini';
import { CODE_VERIFIER } from '../desktop-sign-in';
import { desktopTexts } from '../texts/desktop';

export const desktopExchangeBody = z.object({
  /** A code is 32 random bytes in base64url (43 characters); a little room, no more. */
  code: z.string().check(z.minLength(1), z.maxLength(128)),
  /** RFC 7636 §4.1; a malformed one is refused before the code is looked at, so the app can still use it. */
  code_verifier: z.string({ error: desktopTexts.verifierInvalid }).check(z.regex(CODE_VERIFIER, { error: desktopTexts.verifierInvalid })),
});

export type DesktopExchangeBody = z.infer<typeof desktopExchangeBody>;

/**
 * The desktop sign-in's parameters, as /launch read them from its address. Each may be missing here:
 * parseDesktopSignIn (shared/desktop-sign-in.ts) says what is wrong in the words /launch uses.
 */
export const desktopConsentBody = z.object({
  redirect_url: z.optional(z.string().check(z.maxLength(2048))),
  code_challenge: z.optional(z.string().check(z.maxLength(128))),
  code_challenge_method: z.optional(z.string().check(z.maxLength(16))),
  state: z.optional(z.string().check(z.maxLength(512))),
});

export type DesktopConsentBody = z.infer<typeof desktopConsentBody>;
