/** POST /api/auth/reset-link/check: whether a password-reset link still works, asked before its form is shown. */
// zod/mini, like the other shared schemas.
import * as z from 'zod/mini';

export const resetLinkCheckBody = z.object({
  /** The `token` of the link's address; the core's are well under 200 characters. */
  token: z.string().check(z.minLength(1), z.maxLength(512)),
});

export type ResetLinkCheckBody = z.infer<typeof resetLinkCheckBody>;
