/**
 * GET /api/account/export (GDPR articles 15 and 20): everything the product holds about the account,
 * as one JSON file: the profile and how it signs in, the plan and the subscription (with Stripe's id
 * for it, which the user may need with Stripe), every month of usage, and the contact messages sent
 * from its email, the custom vocabulary and the dictation preferences. Built field by field, never by spreading a stored item, so nothing is exported by
 * accident: no password hash or token (the core keeps those and is not asked for them), no peppered
 * IP hash, no Stripe customer id, nothing of another account.
 */
import { exportFileName } from '../../shared/account-export';
import { EXPORT_UNITS, type AccountExport, type AccountOverview, type AccountProfile, type PaidPlan } from '../../shared/api-types';
import { getAccount, provenAddressOf, type Account, planOf } from '../user-record';
import { contactMessagesFrom } from '../contact';
import { usageHistory } from '../usage';
import { readList, readPreferences } from '../vocabulary';
import type { CoreAccount } from './core';
import type { AccountDeps } from './deps';

export type ExportOutcome = { status: 'OK'; data: AccountExport; fileName: string } | { status: 'UNKNOWN_USER' };

export type ProfileOutcome = { status: 'OK'; profile: AccountOverview } | { status: 'UNKNOWN_USER' };

function profileOf(account: Account, core: CoreAccount | undefined): AccountProfile {
  return {
    name: account.name ?? null,
    email: account.email,
    createdAt: account.createdAt,
    lastLoginAt: account.lastLoginAt ?? null,
    loginCount: account.loginCount ?? 0,
    signInMethods: core?.signInMethods ?? [],
  };
}

/** The paid plan a deletion would end at once: Pro, by the plan the account is on now. */
function paidPlanOf(account: Account): PaidPlan | null {
  const subscription = account.subscription;
  if (!subscription || planOf(account) !== 'pro') return null;
  return { name: 'Pro', trial: subscription.status === 'trialing', periodEnd: subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd * 1000).toISOString() : null };
}

/** GET /api/account: the profile and the paid plan, for /account (the export reads far more). */
export async function readProfile(deps: Pick<AccountDeps, 'db' | 'core'>, userId: string): Promise<ProfileOutcome> {
  const [account, core] = await Promise.all([getAccount(deps.db, userId), deps.core.account(userId)]);
  return account ? { status: 'OK', profile: { ...profileOf(account, core), paidPlan: paidPlanOf(account) } } : { status: 'UNKNOWN_USER' };
}

export async function exportData(deps: Pick<AccountDeps, 'db' | 'core' | 'now'>, userId: string): Promise<ExportOutcome> {
  const [account, core, usage, vocabulary, preferences] = await Promise.all([
    getAccount(deps.db, userId),
    deps.core.account(userId),
    usageHistory(deps.db, userId),
    readList(deps.db, userId),
    readPreferences(deps.db, userId),
  ]);
  if (!account) return { status: 'UNKNOWN_USER' };
  const proven = provenAddressOf(account);
  const messages = proven ? await contactMessagesFrom(deps.db, proven) : [];
  const at = new Date(deps.now());
  const stored = account.subscription;
  const data: AccountExport = {
    exportedAt: at.toISOString(),
    units: EXPORT_UNITS,
    profile: profileOf(account, core),
    plan: planOf(account),
    subscription: stored
      ? {
          status: stored.status,
          ...(stored.productId ? { productId: stored.productId } : {}),
          ...(stored.currentPeriodEnd ? { currentPeriodEnd: new Date(stored.currentPeriodEnd * 1000).toISOString() } : {}),
          ...(stored.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: stored.cancelAtPeriodEnd } : {}),
          ...(stored.cancelAt ? { cancelAt: new Date(stored.cancelAt * 1000).toISOString() } : {}),
          ...(stored.interval ? { interval: stored.interval } : {}),
          stripeSubscriptionId: stored.subscriptionId,
        }
      : null,
    trialUsed: account.trialUsed === true,
    usage: usage
      .map(({ month, timeSaved, wordsTranscribed, recordingTime }) => ({ month, words: wordsTranscribed, recordingSeconds: recordingTime, timeSavedSeconds: timeSaved }))
      .sort((a, b) => a.month.localeCompare(b.month)),
    contactMessages: messages.map(({ receivedAt, name, email, message }) => ({ receivedAt, name, email, message })),
    vocabulary: vocabulary.entries.map(({ phrase, soundsLike }) => ({ phrase, soundsLike })),
    preferences: { language: preferences.language, style: preferences.style, exportFormat: preferences.exportFormat },
  };
  return { status: 'OK', data, fileName: exportFileName(at) };
}
