/**
 * The SuperTokens SDK refreshes an expired access token (about an hour) on the pages that load it;
 * /pricing does not load it (routes.tsx), so its billing calls do the SDK's refresh themselves:
 * on a 401, one call to the SDK's refresh endpoint (the refresh cookie is path-scoped to it, and
 * the client sends cookies), then the call once more. Used only by the billing chunk.
 */
import { isAxiosError } from 'axios';
import { api } from './client';

/** The SDK's own refresh request, in cookie mode. Resolves whether a fresh session was issued. */
export async function refreshSession(): Promise<boolean> {
  try {
    await api.post('/api/auth/session/refresh', undefined, { headers: { rid: 'session', 'st-auth-mode': 'cookie' } });
    return true;
  } catch {
    return false;
  }
}

let pending: Promise<boolean> | undefined;

/** Calls made together share one refresh: the refresh token rotates, so a second refresh would race the first. */
function refreshOnce(refresh: () => Promise<boolean>): Promise<boolean> {
  pending ??= refresh().finally(() => (pending = undefined));
  return pending;
}

/**
 * Runs `call`; on a 401, refreshes the session and, if that worked, runs it once more. When the
 * refresh fails the first 401 is thrown, so callers behave as they would without a refresh.
 */
export async function withSessionRefresh<T>(call: () => Promise<T>, refresh: () => Promise<boolean> = refreshSession): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAxiosError(error) || error.response?.status !== 401) throw error;
    if (!(await refreshOnce(refresh))) throw error;
    return call();
  }
}
