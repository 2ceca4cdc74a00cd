/**
 * The account function group (/account): the profile with its sign-in methods, rename, change the email address, change the password, where it is signed in (and signing one of those out), sign out everywhere, two-step verification (its state, new recovery codes, turning it off),
 * export the data, delete the account. Every route changes the account or reads all of it, so each
 * asks the core that the session is live; each maps its rule's outcome (the modules beside this one)
 * to an answer here.
 */
import type { AccountMessage, AccountPasskeys, RecoveryCodes, SignedInSessions, TwoStepStatus } from '../../shared/api-types';
import { passkeyTexts } from '../../shared/texts/passkeys';
import { changePasswordBody, deleteAccountBody, turnOffTwoStepBody, updateAccountBody } from '../../shared/schemas/account';
import { stepUpProof } from '../../shared/schemas/step-up';
import { accountTexts } from '../../shared/texts/account';
import { billingTexts } from '../../shared/texts/billing';
import { twoStepTexts } from '../../shared/texts/two-step';
import { usersTexts } from '../../shared/texts/users';
import { verifyTexts } from '../../shared/texts/verify';
import { deletionStateOf, renameAccount } from '../user-record';
import { appInfo, coreProofDeps, emailChangeCore, mailSecondFactorEvent, mailSecurityNotice } from '../auth';
import { StripeApiError, stripeClient } from '../billing';
import { clientKey } from '../lib/client-ip';
import { documentClient } from '../lib/dynamo';
import { byRouteKey, httpHandler, type HttpEvent } from '../lib/http';
import { HttpError } from '../lib/http-error';
import { logger } from '../lib/logger';
import { readDeletionMarksWith } from '../lib/policy';
import { json, type HttpResult } from '../lib/response';
import { getSecret } from '../lib/secrets';
import { sessionOf } from '../lib/session';
import { provideProofChecks } from '../lib/step-up';
import { cookiesAreSecure, withSessionCleared } from '../lib/session-tokens';
import { sendMail } from '../lib/mail';
import { requestEmailChange, type EmailChangeOutcome } from './change-email';
import { changePassword, type ChangePasswordOutcome } from './change-password';
import { accountCore } from './core';
import { deleteAccount, type DeleteOutcome } from './delete-account';
import type { AccountDeps, Caller } from './deps';
import { exportData, readProfile } from './export-data';
import { listPasskeys, removePasskey } from './passkeys';
import { endSession, listSessions } from './sessions';
import { signOutEverywhere } from './sign-out-everywhere';
import { newRecoveryCodes, turnOffTwoStep, twoStepStatus, type TurnOffOutcome, type TwoStepDeps } from './two-step';

// The routes' step-up proofs (functions/lib/step-up.ts) are checked with the core, over its HTTP API as every call here.
provideProofChecks(() => coreProofDeps(documentClient()));

async function deps(): Promise<AccountDeps> {
  return { db: documentClient(), core: await accountCore(), stripe: () => stripeClient(), now: Date.now };
}

/** Where and when, for the security notices (docs/security.md#notices). */
const noticeContext = (event: HttpEvent<unknown>) => ({ userAgent: event.headers?.['user-agent'], at: Date.now() });

async function callerOf(event: HttpEvent<unknown>): Promise<Caller> {
  const { userId, sessionHandle } = sessionOf(event);
  const origin = await getSecret('originVerify');
  return { userId, sessionHandle, address: clientKey(event, origin) };
}

const message = (status: number, text: string, extra: Omit<AccountMessage, 'message'> = {}) => json(status, { message: text, ...extra } satisfies AccountMessage);
const signedOut = (response: HttpResult) => withSessionCleared(response, cookiesAreSecure(process.env.API_ORIGIN));

async function twoStepDeps(): Promise<TwoStepDeps> {
  return { ...(await deps()), mail: mailSecondFactorEvent };
}

/** What a route's rule refuses once the step-up proof has passed: the account gone, or a change it cannot make. */
function refusal(outcome: Exclude<ChangePasswordOutcome | DeleteOutcome | TurnOffOutcome, { status: 'OK' | 'ACCEPTED' | 'NOT_ON' }>): HttpResult {
  switch (outcome.status) {
    case 'UNKNOWN_USER':
      return message(404, usersTexts.notFound);
    case 'NO_PASSWORD':
      return message(400, accountTexts.noPassword);
    case 'PASSWORD_POLICY_VIOLATED':
      return json(400, { message: outcome.reason, fields: { newPassword: outcome.reason } });
  }
}

const profile = httpHandler(
  async (event) => {
    const read = await readProfile(await deps(), sessionOf(event).userId);
    if (read.status !== 'OK') return message(404, usersTexts.notFound);
    return json(200, read.profile, { 'cache-control': 'no-store' });
  },
  { route: 'GET /api/account' },
);

/** The answer to an email change asked for: the same whether or not another account has the address. */
function emailChangeAnswer(outcome: EmailChangeOutcome): HttpResult {
  switch (outcome.status) {
    case 'OK':
      return outcome.finished ? message(200, accountTexts.emailChanged(outcome.email)) : message(200, accountTexts.emailChangeSent(outcome.email), { pendingEmail: outcome.email });
    case 'UNCHANGED':
      return json(400, { message: accountTexts.emailUnchanged, fields: { email: accountTexts.emailUnchanged } });
    case 'GOOGLE_ONLY':
      return json(400, { message: accountTexts.emailChangeGoogle, fields: { email: accountTexts.emailChangeGoogle } });
    case 'LINKS_LIMITED':
      return json(429, { message: verifyTexts.api.resendLimited(Math.ceil(outcome.retryAfterSeconds / 60)) }, { 'retry-after': String(outcome.retryAfterSeconds) });
    default:
      return refusal(outcome);
  }
}

const update = httpHandler(
  async (event) => {
    const { name, email, password } = event.body;
    // The email first: a wrong password changes nothing, the name included.
    const changing = email === undefined ? undefined : await requestEmailChange({ ...(await deps()), send: sendMail, webOrigin: appInfo().websiteDomain!, jobCore: emailChangeCore }, await callerOf(event), { email, password });
    if (changing && changing.status !== 'OK') return emailChangeAnswer(changing);
    if (name !== undefined) {
      const renamed = await renameAccount(documentClient(), sessionOf(event).userId, name);
      if (renamed.status !== 'OK') return message(404, usersTexts.notFound);
      if (!changing) return message(200, accountTexts.renamed, { name: renamed.account.name! });
    }
    return emailChangeAnswer(changing!);
  },
  { route: 'PATCH /api/account', body: updateAccountBody },
);

const password = httpHandler(
  async (event) => {
    const outcome = await changePassword(await deps(), await callerOf(event), event.body);
    if (outcome.status !== 'OK') return refusal(outcome);
    logger.info('password changed from the account page');
    await mailSecurityNotice(sessionOf(event).userId, 'password-changed', noticeContext(event));
    return message(200, accountTexts.passwordChanged);
  },
  { route: 'POST /api/account/password', body: changePasswordBody },
);

const signOutAll = httpHandler(
  async (event) => {
    const { sessions } = await signOutEverywhere(await deps(), sessionOf(event).userId);
    logger.info('signed out everywhere', { sessions });
    return signedOut(message(200, accountTexts.signedOutEverywhere));
  },
  { route: 'POST /api/account/sign-out-everywhere' },
);

const sessions = httpHandler(
  async (event) => {
    const body: SignedInSessions = { sessions: await listSessions(await deps(), sessionOf(event)) };
    return json(200, body, { 'cache-control': 'no-store' });
  },
  { route: 'GET /api/account/sessions' },
);

const endOne = httpHandler(
  async (event) => {
    const outcome = await endSession(await deps(), sessionOf(event), event.pathParameters?.id ?? '');
    switch (outcome.status) {
      case 'OK':
        logger.info('one session signed out from the account page');
        return message(200, accountTexts.sessionEnded(outcome.name));
      case 'CURRENT':
        return message(400, accountTexts.sessionIsThisOne);
      case 'NOT_FOUND':
        return message(404, accountTexts.sessionNotFound);
    }
  },
  { route: 'DELETE /api/account/sessions/{id}' },
);

const passkeys = httpHandler(
  async (event) => {
    const body: AccountPasskeys = { passkeys: await listPasskeys(await deps(), sessionOf(event)) };
    return json(200, body, { 'cache-control': 'no-store' });
  },
  { route: 'GET /api/account/passkeys' },
);

const removeOnePasskey = httpHandler(
  async (event) => {
    const outcome = await removePasskey({ ...(await deps()), send: sendMail }, sessionOf(event), event.pathParameters?.id ?? '');
    if (outcome.status === 'NOT_FOUND') return message(404, passkeyTexts.api.notFound);
    logger.info('passkey removed from the account page');
    return message(200, passkeyTexts.removed(outcome.name));
  },
  { route: 'DELETE /api/account/passkeys/{id}' },
);

const exportAll = httpHandler(
  async (event) => {
    const exported = await exportData(await deps(), sessionOf(event).userId);
    if (exported.status !== 'OK') return message(404, usersTexts.notFound);
    return {
      statusCode: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${exported.fileName}"`,
        'cache-control': 'no-store',
      },
      body: JSON.stringify(exported.data, null, 2),
    };
  },
  { route: 'GET /api/account/export' },
);

const remove = httpHandler(
  async (event) => {
    const caller = await callerOf(event);
    let outcome: DeleteOutcome;
    try {
      outcome = await deleteAccount(await deps(), caller, event.body);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      // Nothing has been deleted yet: billing ends first. Stripe's message can quote what was sent.
      logger.error('account deletion stopped: stripe call failed', { status: error.status, type: error.type, code: error.code, stripeRequestId: error.requestId });
      throw new HttpError(502, billingTexts.unavailable);
    }
    if (outcome.status !== 'ACCEPTED') return refusal(outcome);
    logger.info(outcome.finished ? 'account deleted' : 'account deletion accepted; the sweeper finishes it', { userId: caller.userId });
    // 202: the deletion is a job that finishes even if this request did not see it through.
    return signedOut(message(202, outcome.finished ? accountTexts.deleted : accountTexts.deletionUnderway(outcome.billingEnded)));
  },
  { route: 'DELETE /api/account', body: deleteAccountBody },
);

const twoStep = httpHandler(
  async (event) => {
    const body: TwoStepStatus = await twoStepStatus(await deps(), sessionOf(event).userId);
    return json(200, body, { 'cache-control': 'no-store' });
  },
  { route: 'GET /api/account/two-step' },
);

const recoveryCodes = httpHandler(
  async (event) => {
    const outcome = await newRecoveryCodes(await twoStepDeps(), await callerOf(event), noticeContext(event));
    if (outcome.status === 'NOT_ON') return message(409, twoStepTexts.api.notOn);
    logger.info('new recovery codes made');
    const body: RecoveryCodes = { codes: outcome.codes };
    return json(200, body, { 'cache-control': 'no-store' });
  },
  { route: 'POST /api/account/two-step/recovery-codes', body: stepUpProof },
);

const turnOff = httpHandler(
  async (event) => {
    const outcome = await turnOffTwoStep(await twoStepDeps(), await callerOf(event), noticeContext(event));
    switch (outcome.status) {
      case 'OK':
        logger.info('two-step verification turned off');
        return message(200, twoStepTexts.section.turnedOff);
      case 'NOT_ON':
        return message(409, twoStepTexts.api.notOn);
      default:
        return refusal(outcome);
    }
  },
  { route: 'DELETE /api/account/two-step', body: turnOffTwoStepBody },
);

// The policy's notDeleting reads the account's deletion mark through its owner (functions/lib/policy.ts).
readDeletionMarksWith(deletionStateOf);

export const handler = byRouteKey({
  'GET /api/account': profile,
  'PATCH /api/account': update,
  'POST /api/account/password': password,
  'POST /api/account/sign-out-everywhere': signOutAll,
  'GET /api/account/export': exportAll,
  'GET /api/account/sessions': sessions,
  'DELETE /api/account/sessions/{id}': endOne,
  'GET /api/account/passkeys': passkeys,
  'DELETE /api/account/passkeys/{id}': removeOnePasskey,
  'DELETE /api/account': remove,
  'GET /api/account/two-step': twoStep,
  'POST /api/account/two-step/recovery-codes': recoveryCodes,
  'DELETE /api/account/two-step': turnOff,
});
