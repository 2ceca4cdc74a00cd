/**
 * POST /api/account/sign-out-everywhere: for a lost laptop or phone. Every session of the account
 * ends, this one included, browser and desktop app alike: their refresh tokens are refused from now
 * on, and every route that asks the core refuses their access tokens at once.
 */
import type { AccountDeps } from './deps';

export async function signOutEverywhere(deps: Pick<AccountDeps, 'core'>, userId: string): Promise<{ status: 'OK'; sessions: number }> {
  return { status: 'OK', sessions: await deps.core.endAllSessions(userId) };
}
