/** POST /api/auth/desktop/exchange (DECISIONS.md): the desktop app trades its one-time code for a session. */
// zod/mini, like the other shared schemas.
import * as z from 'zod/mini';

/** A code is 32 random bytes in base64url (43 characters); a little room, no more. */
export const desktopExchangeBody = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(128)),
});

export type DesktopExchangeBody = z.infer<typeof desktopExchangeBody>;
