/** POST /api/auth/desktop/exchange (docs/decisions.md#4): the desktop app trades its one-time code and PKCE verifier for a session. */
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
