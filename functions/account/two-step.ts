/**
 * Two-step verification from /account (docs/security.md#two-step-verification): its state, new
 * recovery codes, and turning it off. Turning on happens through the TOTP recipe's own routes
 * (functions/auth/second-factors.ts), which confirm a code from the app first. Each route here is
 * served only to a session that has completed its second step (functions/lib/session.ts).
 */
import type { RecoveryCodes, TwoStepStatus } from '../../shared/api-types';
import { forgetRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes, type NoticeContext, type SecondFactorEvent } from '../auth';
import type { AccountDeps, Caller } from './deps';

export interface TwoStepDeps extends AccountDeps {
  mail: (userId: string, event: SecondFactorEvent, codesLeft?: number, context?: NoticeContext) => Promise<void>;
}

async function isOn(deps: AccountDeps, userId: string): Promise<boolean> {
  return (await deps.core.authenticatorApps(userId)).some((app) => app.verified);
}

export async function twoStepStatus(deps: AccountDeps, userId: string): Promise<TwoStepStatus> {
  const [enabled, left] = await Promise.all([isOn(deps, userId), recoveryCodesLeft(deps.db, userId)]);
  return { enabled, recoveryCodesLeft: enabled ? left : 0 };
}

export type NewCodesOutcome = ({ status: 'OK' } & RecoveryCodes) | { status: 'NOT_ON' };

/** New codes are a new credential: the route's step-up proof (functions/lib/step-up.ts) has been given. */
export async function newRecoveryCodes(deps: TwoStepDeps, caller: Caller, context?: NoticeContext): Promise<NewCodesOutcome> {
  if (!(await isOn(deps, caller.userId))) return { status: 'NOT_ON' };
  const codes = await replaceRecoveryCodes(deps.db, caller.userId, deps.now());
  await deps.mail(caller.userId, 'recovery-codes-replaced', undefined, context);
  return { status: 'OK', codes };
}

export type TurnOffOutcome = { status: 'OK' } | { status: 'NOT_ON' } | { status: 'UNKNOWN_USER' };

/**
 * Removes every authenticator app and the recovery codes (the owner has given the route's step-up proof). Each step is
 * safe to repeat, and the apps go first: should the codes' removal fail, the same request again finds
 * the codes left and removes them (until then they are still a second step the account requires).
 */
export async function turnOffTwoStep(deps: TwoStepDeps, caller: Caller, context?: NoticeContext): Promise<TurnOffOutcome> {
  const account = await deps.core.account(caller.userId);
  if (!account) return { status: 'UNKNOWN_USER' };
  const apps = await deps.core.authenticatorApps(caller.userId);
  const left = await recoveryCodesLeft(deps.db, caller.userId);
  if (apps.length === 0 && left === 0) return { status: 'NOT_ON' };
  for (const app of apps) await deps.core.removeAuthenticatorApp(caller.userId, app.name);
  await forgetRecoveryCodes(deps.db, caller.userId);
  if (apps.some((app) => app.verified)) await deps.mail(caller.userId, 'two-step-off', undefined, context);
  return { status: 'OK' };
}
