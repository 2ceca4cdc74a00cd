/**
 * The second step of a sign-in (two-step verification): the calls that complete it or set it up,
 * and where a first factor goes. What the visitor came for
 * (./sign-in-intent.ts) stays in session storage across the step: /auth/mfa goes on to it once the
 * step is done.
 */
import { SECOND_STEP_PATH } from '../../../shared/site-pages';
import { authTexts } from '../../../shared/texts/auth';
import { isApiError } from '../api/client';
import { secondStepPendingByHint } from '../session-hint';
import { authSdk } from './auth-sdk';
import { afterSignInPath } from './sign-in-intent';
import type { StepUpProof } from '../../../shared/schemas/step-up';
import { addToBody, proofFields, proofRefusalOf } from './step-up';

/** Where a first factor (password, Google) goes: the second step when it is owed (the intent kept for after), else on as the intent says. */
export function afterFirstFactorPath(): string {
  return secondStepPendingByHint() ? SECOND_STEP_PATH : afterSignInPath();
}

export type CodeResult = { status: 'OK' } | { status: 'WRONG' } | { status: 'LIMITED'; message: string };

/** The factors this sign-in can complete next, and those set up (the MFA info call, which also gives an old session its claim). */
export async function secondStepFactors(): Promise<{ next: string[]; alreadySetup: string[] }> {
  const { MultiFactorAuth } = await authSdk();
  const info = await MultiFactorAuth.resyncSessionAndFetchMFAInfo();
  return { next: info.factors.next, alreadySetup: info.factors.alreadySetup };
}

/** The SDK's general error: a limit's or an answer's own sentence for the visitor (STGeneralError.isThisError, without the SDK). */
export const isGeneralError = (error: unknown): error is Error => typeof error === 'object' && error !== null && (error as { isSuperTokensGeneralError?: unknown }).isSuperTokensGeneralError === true;

/** A code from the authenticator app. Every refusal but a limit reads the same (nothing says which part was wrong). */
export async function verifyAppCode(totp: string): Promise<CodeResult> {
  const { Totp } = await authSdk();
  try {
    const res = await Totp.verifyCode({ totp });
    if (res.status === 'OK') return { status: 'OK' };
    return { status: 'WRONG' };
  } catch (error) {
    if (isGeneralError(error)) return { status: 'LIMITED', message: error.message };
    throw error;
  }
}

/** One of the recovery codes (the product's own route beside the SDK's; the SDK renews the session's token from its answer). */
export async function verifyRecoveryCode(code: string): Promise<CodeResult> {
  await authSdk();
  const { api } = await import('../api/client');
  try {
    await api.post('/api/auth/mfa/recovery-code', { code });
    return { status: 'OK' };
  } catch (error) {
    if (isApiError<{ message?: string }>(error) && error.response?.status === 400) return { status: 'WRONG' };
    if (isApiError<{ message?: string }>(error) && error.response?.status === 429) return { status: 'LIMITED', message: error.response.data?.message || authTexts.tooManyAttempts(Math.ceil(Number(error.response.headers?.['retry-after'] ?? 60) / 60)) };
    throw error;
  }
}

/** The name the account's first authenticator app goes by; a further one is numbered. */
const APP_NAME = 'Authenticator app';

/**
 * Starts setting up the app with the step-up proof (docs/security.md#step-up): its secret and the
 * otpauth:// address the QR code carries. A setup left half-way before is dropped first. A refused
 * proof throws ProofRefused, for the form to show beside its field.
 */
export async function startAppSetup(proof: StepUpProof): Promise<{ secret: string; uri: string; name: string }> {
  const { Totp } = await authSdk();
  const { devices } = await Totp.listDevices();
  for (const device of devices.filter((d) => !d.verified)) await Totp.removeDevice({ deviceName: device.name });
  const taken = new Set(devices.filter((d) => d.verified).map((d) => d.name));
  let name = APP_NAME;
  for (let n = 2; taken.has(name); n++) name = `${APP_NAME} ${n}`;
  let created: Awaited<ReturnType<typeof Totp.createDevice>>;
  try {
    created = await Totp.createDevice({ deviceName: name, options: { preAPIHook: addToBody(proofFields(proof)) } });
  } catch (error) {
    throw (await proofRefusalOf(error)) ?? error;
  }
  if (created.status !== 'OK') throw new Error(`could not start the authenticator app's setup: ${created.status}`);
  return { secret: created.secret, uri: created.qrCodeString, name };
}

/**
 * Confirms the app `name` with a code from it. The first app turns two-step on and answers the ten
 * recovery codes to show once; a further one keeps the account's codes unless `newRecoveryCodes`
 * asks for new ones (docs/security.md#two-step-verification), and answers them only then.
 */
export async function confirmAppSetup(totp: string, name = APP_NAME, newRecoveryCodes = false): Promise<{ status: 'OK'; recoveryCodes?: string[] } | { status: 'WRONG' } | { status: 'LIMITED'; message: string }> {
  const { Totp } = await authSdk();
  try {
    const res = await Totp.verifyDevice({ deviceName: name, totp, ...(newRecoveryCodes ? { options: { preAPIHook: addToBody({ newRecoveryCodes: true }) } } : {}) });
    if (res.status === 'OK') return { status: 'OK', recoveryCodes: (res as { recoveryCodes?: string[] }).recoveryCodes };
    return { status: 'WRONG' };
  } catch (error) {
    if (isGeneralError(error)) return { status: 'LIMITED', message: error.message };
    throw error;
  }
}
