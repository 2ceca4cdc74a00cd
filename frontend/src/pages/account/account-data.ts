import { redirect, type LoaderFunctionArgs } from 'react-router';
import { SECOND_STEP_PATH } from '../../../../shared/site-pages';
import type { AccountOverview, AccountPasskey, BillingOverview, SignedInSession } from '../../../../shared/api-types';
import type { Preferences, VocabularyList } from '../../../../shared/vocabulary';
import { listPasskeys, listSessions, readAccountProfile } from '../../api/account';
import { readPreferences, readVocabulary } from '../../api/vocabulary';
import { readBilling } from '../../api/billing';
import { ensureUserExists } from '../../api/users';
import { isApiError, loadApiClient } from '../../api/client';
import { readFailure, type ReadFailure } from '../../api/unreachable';
import { sessionExists } from '../../auth/session';
import { CHECK_INBOX_PATH, isUnverifiedRefusal, unverifiedByHint } from '../../auth/verification-gate';
import { isSecondStepRefusal } from '../../auth/second-step-gate';
import { hasSessionHint, secondStepPendingByHint } from '../../session-hint';
import { rememberReturnTo } from '../../return-to';
import { defer, type Deferred } from '../../hooks/use-settled';
import { sectionRead, type SectionRead } from './section-read';

/** A list an /account section reads with the page (the loader) and shows; a failed read is shown in the section. */
export type Listing<T> = { step: 'failed'; failure: ReadFailure } | { step: 'ready'; items: T[] };

/** Where the account is signed in, as its section shows it. */
export type SessionList = Listing<SignedInSession>;

/** The list, read by the loader beside the profile; a failure is shown in the section. */
export async function readSessions(): Promise<SessionList> {
  try {
    return { step: 'ready', items: await listSessions() };
  } catch (error) {
    console.error('Could not list the sessions', error);
    return { step: 'failed', failure: readFailure(error) };
  }
}

/** The account's passkeys, as their section shows them. */
export type PasskeyList = Listing<AccountPasskey>;

/** The passkeys, read by the loader beside the profile (and again by the action after an addition); a failure is shown in the section. */
export async function readPasskeys(): Promise<PasskeyList> {
  try {
    return { step: 'ready', items: await listPasskeys() };
  } catch (error) {
    console.error('Could not list the passkeys', error);
    return { step: 'failed', failure: readFailure(error) };
  }
}


export type AccountState =
  | {
      status: 'ready';
      profile: AccountOverview;
      sessions: Deferred<SessionList>;
      passkeys: Deferred<PasskeyList>;
      vocabulary: Deferred<SectionRead<VocabularyList>>;
      preferences: Deferred<SectionRead<Preferences>>;
      /** The two sections' code (./dictation.ts), loaded beside the reads. */
      dictation: Deferred<SectionRead<typeof import('./dictation')>>;
      /** The plan as Stripe bills it (GET /api/billing). */
      billing: Deferred<SectionRead<BillingOverview>>;
    }
  | { status: 'error'; failure: ReadFailure };

const answered = (error: unknown, status: number) => isApiError(error) && error.response?.status === status;

function toSignIn(path: string): never {
  // Signed in again, the visitor comes back here, to the same section (the return path /signin and Google's callback use).
  rememberReturnTo(path);
  throw redirect('/signin');
}

async function readProfile(): Promise<AccountOverview> {
  try {
    return await readAccountProfile();
  } catch (error) {
    // No record yet (one whose saving failed at sign-up): made as the dashboard makes it, then read again.
    if (!answered(error, 404)) throw error;
    await ensureUserExists();
    return readAccountProfile();
  }
}

/**
 * /account's data, owned by its route: the signed-out go to /signin before any call (and come back
 * here once signed in), an unproven address to "Check your inbox"; then the profile with its sign-in methods. A session the core has ended
 * (signed out everywhere from another device) answers 401: to /signin too.
 */
export async function loadAccount({ request }: LoaderFunctionArgs): Promise<AccountState> {
  const path = new URL(request.url).pathname;
  // Likely signed in: axios downloads beside the SDK rather than after it (a failure shows on the call).
  if (hasSessionHint()) loadApiClient().catch(() => undefined);
  if (!(await sessionExists())) toSignIn(path);
  if (unverifiedByHint()) throw redirect(CHECK_INBOX_PATH);
  if (secondStepPendingByHint()) throw redirect(SECOND_STEP_PATH);
  return readAccount(path);
}

/** The Vocabulary and Preferences sections' code (./dictation.ts): the loader fetches it beside their reads, and Retry again. */
export const readDictationCode = () => sectionRead(() => import('./dictation'), "the vocabulary sections' code");

/**
 * The profile, with where the account is signed in and its passkeys read beside it (not awaited:
 * their sections fill in as they land): the loader's read, and the page's Retry after a failure.
 * Throws the loader's redirects (a session the core has ended: /signin).
 */
export async function readAccount(path: string): Promise<AccountState> {
  try {
    const sessions = defer(readSessions());
    const passkeys = defer(readPasskeys());
    const vocabulary = defer(sectionRead(readVocabulary, 'the vocabulary'));
    const preferences = defer(sectionRead(readPreferences, 'the preferences'));
    const dictation = defer(readDictationCode());
    const billing = defer(sectionRead(readBilling, 'the billing'));
    return { status: 'ready', profile: await readProfile(), sessions, passkeys, vocabulary, preferences, dictation, billing };
  } catch (error) {
    if (answered(error, 401)) toSignIn(path);
    if (isUnverifiedRefusal(error)) throw redirect(CHECK_INBOX_PATH);
    if (isSecondStepRefusal(error)) throw redirect(SECOND_STEP_PATH);
    console.error('Could not load the account', error);
    return { status: 'error', failure: readFailure(error) };
  }
}
