import type { UserRecord } from '../../../shared/api-types';
import type { CreateUserBody } from '../../../shared/schemas/users';
import { secondStepPendingByHint } from '../session-hint';
import { api } from './client';

/** spec §7: POST /api/users after sign-up. */
export async function saveUserRecord(body: CreateUserBody): Promise<UserRecord> {
  const { data } = await api.post<UserRecord>('/api/users', body);
  return data;
}

export async function ensureUserExists(): Promise<UserRecord> {
  const { data } = await api.post<UserRecord>('/api/ensure-user-exists');
  return data;
}

export async function trackLogin(userId: string): Promise<void> {
  await api.post('/api/track-login', { userId });
}

/**
 * After any sign-in: make sure the record exists, then count the login. Failures are only logged.
 * A sign-in that still owes its second step is not recorded yet: the API refuses the session until
 * it is done (403), and /auth/mfa records it then.
 */
export async function recordSignIn(userId: string): Promise<void> {
  if (secondStepPendingByHint()) return;
  try {
    await ensureUserExists();
    await trackLogin(userId);
  } catch (error) {
    console.error('Could not record the sign-in', error);
  }
}
