import type { ResetLinkCheck } from '../../../shared/api-types';
import { api } from './client';

/**
 * POST /api/auth/reset-link/check: whether the reset link with `token` still works, or `undefined`
 * when that cannot be learnt now (offline, too many checks): the form is then shown, and the reset
 * itself finds out.
 */
export async function checkResetLink(token: string): Promise<boolean | undefined> {
  try {
    const { data } = await api.post<ResetLinkCheck>('/api/auth/reset-link/check', { token });
    return typeof data?.valid === 'boolean' ? data.valid : undefined;
  } catch (error) {
    console.warn('Checking the reset link failed; the form will find out', error);
    return undefined;
  }
}
