/**
 * SuperTokens access tokens, verified without supertokens-node: the token is an RS256 JWT signed by
 * the core, so any backend can check it against the core's public keys (SuperTokens documents this
 * for services other than the auth one). The checks mirror the SDK's own local verification of a v5
 * token (lib/build/recipe/session/accessToken.js): signature by a current key, not expired, and the
 * claims the core always sets; and one more of ours: no older than ACCESS_TOKEN_LIFETIME_SECONDS, so a
 * core left at its default hour still gives a revoked session's token no more than 15 minutes of
 * reads. What fails answers as the SDK does: 401 'try refresh token', so the web SDK refreshes the
 * session and retries.
 */
import { errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../../shared/session-lifetime';
import { HttpError } from './http-error';

/** The SDK's own 401 messages: the frontend SDK refreshes on any 401, the message says why. */
export const TRY_REFRESH_TOKEN = 'try refresh token';
export const UNAUTHORISED = 'unauthorised';
/** The SDK's 403 for a session that lacks a claim a route requires (a proven email address, a completed second step). */
export const INVALID_CLAIM = 'invalid claim';

/** The app's own claim: the account's email, lower-cased, set when the auth Lambda creates a session. */
export const EMAIL_CLAIM = 'email';

export interface VerifiedSession {
  userId: string;
  recipeUserId: string;
  tenantId: string;
  sessionHandle: string;
  /** The account's email (EMAIL_CLAIM), when the token carries it. */
  email?: string;
  /**
   * The EmailVerification recipe's claim (`st-ev`: `{ v, t }`), when the token carries it: whether the
   * address was proven, and when (epoch ms) the auth Lambda last asked the core.
   */
  emailVerified?: { value: boolean; fetchedAt: number };
  /**
   * The MultiFactorAuth recipe's claim (`st-mfa`: `{ c, v }`), when the token carries it: whether the
   * sign-in has completed what the account requires (`v`), and when each factor was completed (`c`,
   * epoch seconds by factor id).
   */
  secondStep?: { done: boolean; completed: Record<string, number> };
  /**
   * The token came from a refresh the core has not seen used yet (it names its parent refresh token).
   * Its first use must go to the core, which then retires the old refresh token: that is what lets
   * the core detect a stolen one (functions/lib/session.ts).
   */
  confirmsRefresh: boolean;
}

/** The key supertokens-node's EmailVerificationClaim keeps in the access token payload. */
export const EMAIL_VERIFIED_CLAIM = 'st-ev';

function verificationClaim(claim: unknown): Pick<VerifiedSession, 'emailVerified'> {
  if (typeof claim !== 'object' || claim === null) return {};
  const { v, t } = claim as { v?: unknown; t?: unknown };
  return typeof v === 'boolean' && typeof t === 'number' ? { emailVerified: { value: v, fetchedAt: t } } : {};
}

/** The key supertokens-node's MultiFactorAuthClaim keeps in the access token payload. */
export const MFA_CLAIM = 'st-mfa';

function mfaClaim(claim: unknown): Pick<VerifiedSession, 'secondStep'> {
  if (typeof claim !== 'object' || claim === null) return {};
  const { v, c } = claim as { v?: unknown; c?: unknown };
  if (typeof v !== 'boolean') return {};
  const completed = Object.fromEntries(Object.entries(typeof c === 'object' && c !== null ? c : {}).filter((e): e is [string, number] => typeof e[1] === 'number'));
  return { secondStep: { done: v, completed } };
}

const REQUIRED_STRINGS = ['sub', 'rsub', 'tId', 'sessionHandle', 'refreshTokenHash1'] as const;

/** jose's answers for a token that is not good; anything else (the keys unreachable) is our fault, a 500. */
const TOKEN_ERRORS = [errors.JWTExpired, errors.JWTInvalid, errors.JWTClaimValidationFailed, errors.JWSInvalid, errors.JWSSignatureVerificationFailed, errors.JWKSNoMatchingKey, errors.JWKSMultipleMatchingKeys, errors.JOSEAlgNotAllowed];

export async function verifyAccessToken(token: string, keys: JWTVerifyGetKey): Promise<VerifiedSession> {
  let payload: JWTPayload & Record<string, unknown>;
  let version: unknown;
  try {
    const verified = await jwtVerify(token, keys, { algorithms: ['RS256'], requiredClaims: ['exp', 'iat'], maxTokenAge: ACCESS_TOKEN_LIFETIME_SECONDS });
    payload = verified.payload as typeof payload;
    version = verified.protectedHeader.version;
  } catch (error) {
    if (TOKEN_ERRORS.some((kind) => error instanceof kind)) throw new HttpError(401, TRY_REFRESH_TOKEN);
    throw error;
  }
  // Tokens before v5 lack `rsub`/`tId`; the SDK refuses them the same way.
  if (version !== '5' || REQUIRED_STRINGS.some((claim) => typeof payload[claim] !== 'string')) {
    throw new HttpError(401, TRY_REFRESH_TOKEN);
  }
  return {
    userId: payload.sub!,
    recipeUserId: payload.rsub as string,
    tenantId: payload.tId as string,
    sessionHandle: payload.sessionHandle as string,
    confirmsRefresh: typeof payload.parentRefreshTokenHash1 === 'string',
    ...(typeof payload[EMAIL_CLAIM] === 'string' ? { email: payload[EMAIL_CLAIM] } : {}),
    ...verificationClaim(payload[EMAIL_VERIFIED_CLAIM]),
    ...mfaClaim(payload[MFA_CLAIM]),
  };
}
