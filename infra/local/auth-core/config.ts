/**
 * What a deployment would set in a SuperTokens core's config.yaml, for the local core: the product's
 * 15-minute access tokens (`access_token_validity`, shared/session-lifetime.ts; the real core's default
 * is an hour), `totp_max_attempts: 100` (the real core's 5 wrong codes in a row would pause the
 * account's codes for everyone, so a password holder could lock its owner out; the product's own
 * limits, per account and address, govern instead: docs/security.md#second-step-limits), and the
 * real core's defaults otherwise (100-day refresh tokens, weekly dynamic key rotation, 1 h password
 * reset tokens, 24 h email verification tokens, 15 minutes' TOTP pause), plus the scrypt cost of
 * password hashes.
 */
import type { ScryptCost } from './password-hash';
import { DEFAULT_SCRYPT_COST } from './password-hash';
import { ACCESS_TOKEN_LIFETIME_SECONDS, PASSWORD_RESET_TOKEN_LIFETIME_SECONDS } from '../../../shared/session-lifetime';

/** The core's `totp_max_attempts` the product sets (deployed too: docs/deploy.md#prerequisites): a backstop far above the product's own limits. */
export const TOTP_MAX_ATTEMPTS = 100;

export interface CoreConfig {
  /** Keys a caller may present in the `api-key` header; none means the core is open (as the real one is without `api_keys`). */
  apiKeys: string[];
  accessTokenValiditySeconds: number;
  refreshTokenValidityMinutes: number;
  /** How long one dynamic signing key signs new access tokens before the next one takes over. */
  dynamicSigningKeyIntervalHours: number;
  passwordResetTokenLifetimeMs: number;
  /** The real core's `email_verification_token_lifetime`. */
  emailVerificationTokenLifetimeMs: number;
  scrypt: ScryptCost;
  /** The real core's `totp_max_attempts`: wrong TOTP codes in a row before the user's checks pause. */
  totpMaxAttempts: number;
  /** The real core's `totp_rate_limit_cooldown_sec`, in ms. */
  totpCooldownMs: number;
}

export const DEFAULT_CORE_CONFIG: CoreConfig = {
  apiKeys: [],
  accessTokenValiditySeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
  refreshTokenValidityMinutes: 60 * 24 * 100,
  dynamicSigningKeyIntervalHours: 24 * 7,
  passwordResetTokenLifetimeMs: PASSWORD_RESET_TOKEN_LIFETIME_SECONDS * 1000,
  emailVerificationTokenLifetimeMs: 24 * 60 * 60 * 1000,
  scrypt: DEFAULT_SCRYPT_COST,
  totpMaxAttempts: TOTP_MAX_ATTEMPTS,
  totpCooldownMs: 15 * 60 * 1000,
};

/** The CDI versions this core answers; the pinned supertokens-node 24.0.3 accepts exactly "5.4". */
export const CDI_VERSIONS = ['5.4'] as const;

export const PUBLIC_TENANT = 'public';

export type Clock = () => number;
