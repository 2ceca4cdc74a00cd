/**
 * Where a session whose address is not proven goes: "Check your inbox" (/check-inbox). The API
 * refuses such a session everywhere but the verification calls (403 `invalid claim`, claim `st-ev`);
 * the front token says so before any call, and a 403 says so after one (a claim that changed since).
 */
import { isApiError } from '../api/client';
import { readSessionHint } from '../session-hint';

export const CHECK_INBOX_PATH = '/check-inbox';
/** The address typed at sign-up, shown on /check-inbox (session storage: this tab only). */
export const SIGNED_UP_EMAIL_KEY = 'voxpen.signedUpEmail';

/** Whether the session's token says its address is not proven yet. */
export function unverifiedByHint(cookie?: string): boolean {
  return readSessionHint(cookie)?.emailVerified === false;
}

/** Whether an API call was refused because the address is not proven. */
export function isUnverifiedRefusal(error: unknown): boolean {
  if (!isApiError<{ claimValidationErrors?: { id?: unknown }[] }>(error) || error.response?.status !== 403) return false;
  return error.response.data?.claimValidationErrors?.some((e) => e.id === 'st-ev') === true;
}
