/**
 * A session whose sign-in still owes its second step goes to /auth/mfa (SECOND_STEP_PATH). The API
 * refuses such a session everywhere but the factors' own routes (403 `invalid claim`, claim `st-mfa`);
 * the front token says so before any call (secondStepPendingByHint, ../session-hint.ts), and a 403
 * says so after one. As ./verification-gate.ts does for an unproven address: no auth code, so the
 * signed-in pages' loaders can ask.
 */
import { isApiError } from '../api/client';

/** Whether an API call was refused because the sign-in still owes the second step. */
export function isSecondStepRefusal(error: unknown): boolean {
  if (!isApiError<{ claimValidationErrors?: { id?: unknown }[] }>(error) || error.response?.status !== 403) return false;
  return error.response.data?.claimValidationErrors?.some((e) => e.id === 'st-mfa') === true;
}

