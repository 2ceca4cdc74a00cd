/**
 * How long an access token lives: 15 minutes. A revoked session's access token is refused by the
 * routes that ask the core at once, and by the reads that do not only once it expires, so this is how
 * long a signed-out, reset or deleted account's token can still read (docs/security.md). It is the
 * core's `access_token_validity` (the local core's config reads it; the deployed core is set to it,
 * docs/deploy.md), and every Lambda refuses a token older than this whatever its `exp` says.
 */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

/**
 * How long a password-reset link works: an hour, the core's `password_reset_token_lifetime` default
 * (the local core's config reads it). Our record of each link (functions/auth/reset-links.ts) expires
 * with it, so the reset page's check and the core agree on when a link is too old.
 */
export const PASSWORD_RESET_TOKEN_LIFETIME_SECONDS = 60 * 60;
