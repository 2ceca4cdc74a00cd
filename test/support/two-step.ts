/**
 * Two-step verification as its owner turns it on: the authenticator app's codes computed from the
 * setup's secret (as the app does), and the API's setup through the TOTP recipe's own routes.
 */
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { AuthApi } from './auth-api';

/** The app's code for `at` (ms), from the setup's base32 secret. */
export const codeAt = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: at });

/** A code valid now that is not the one used at `usedAt`: now's, or the next period's (within the window) while now's is the same code. */
export const freshCodeAfter = (secret: string, usedAt: number) => codeAt(secret, Math.floor(Date.now() / 30_000) === Math.floor(usedAt / 30_000) ? Date.now() + 30_000 : Date.now());

/** The SDK's 403 for a session short of its second step. */
export const MFA_REFUSAL = { message: 'invalid claim', claimValidationErrors: [{ id: 'st-mfa', reason: { message: 'MFA requirement for auth is not satisfied' } }] };

export async function totp(who: AuthApi, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await who.call('POST', `/api/auth/totp${path}`, body, { rid: 'totp' });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Turns two-step verification on for `who`'s proven account, with the step-up proof the setup asks
 * for (the password; docs/security.md#step-up): the secret, the first code used, the recovery codes.
 */
export async function turnOnTwoStep(who: AuthApi, proof: { password?: string; code?: string }) {
  const created = await totp(who, '/device', { deviceName: 'Authenticator app', ...proof });
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ status: 'OK', deviceName: 'Authenticator app' });
  const secret = created.body.secret as string;
  expect(created.body.qrCodeString).toMatch(/^otpauth:\/\/totp\/Voxpen:.+\?secret=/);
  const firstAt = Date.now();
  const firstCode = codeAt(secret, firstAt);
  const verified = await totp(who, '/device/verify', { deviceName: 'Authenticator app', totp: firstCode });
  expect(verified.body).toMatchObject({ status: 'OK', wasAlreadyVerified: false });
  const recoveryCodes = verified.body.recoveryCodes as string[];
  expect(recoveryCodes).toHaveLength(10);
  return { secret, firstCode, firstAt, recoveryCodes };
}
