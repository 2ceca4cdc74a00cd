import { useState } from 'react';
import { redirect } from 'react-router';
import { SECOND_STEP_PATH } from '../../../../shared/site-pages';
import type { UserProfile } from '../../../../shared/api-types';
import { ensureUserExists } from '../../api/users';
import { getUserProfile } from '../../api/billing';
import { isApiError, loadApiClient } from '../../api/client';
import { readFailure, type ReadFailure } from '../../api/unreachable';
import { sessionExists } from '../../auth/session';
import { CHECK_INBOX_PATH, isUnverifiedRefusal, unverifiedByHint } from '../../auth/verification-gate';
import { isSecondStepRefusal } from '../../auth/second-step-gate';
import { hasSessionHint, secondStepPendingByHint } from '../../session-hint';
import { defer } from '../../hooks/use-settled';
import { useTimeout } from '../../hooks/use-timeout';
import { ACTIVATION_POLL_MS, ACTIVATION_POLL_TRIES } from './checkout-return';
import { allDone, firstRunSteps, rememberSetup } from './first-run';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: UserProfile }
  /** spec §8: a 404 (no record yet) is ignored silently: no metrics, the Free plan. */
  | { status: 'missing' }
  | { status: 'error'; failure: ReadFailure };

export interface Account {
  email?: string;
  name?: string;
  /** The record could not be read: why, for the account card's notice and Retry. */
  failure?: ReadFailure;
}

/** The profile as the dashboard shows it; also its retry after a failed read. */
export async function readProfile(): Promise<ProfileState> {
  try {
    return { status: 'ready', profile: await getUserProfile() };
  } catch (error) {
    // spec §8: a 404 is ignored silently.
    if (isApiError(error) && error.response?.status === 404) return { status: 'missing' };
    console.error('Could not load the user profile', error);
    return { status: 'error', failure: readFailure(error) };
  }
}

/**
 * The dashboard's data, owned by its route. spec §2, §4: the signed-out go to /signin before any
 * call (and, without the SDK's front-token cookie, before any auth or HTTP code loads), a session whose
 * address is not proven to "Check your inbox"; then the user record is ensured before the profile is read, so a first visit finds its
 * record. A failed ensure is only logged: the profile read says what there is. The reads are not
 * awaited here: the page shows its header and skeletons at once, and each card fills in as its
 * read lands (useSettled).
 */
export async function loadDashboard() {
  // Likely signed in: axios downloads beside the SDK rather than after it (a failure shows on the call).
  if (hasSessionHint()) loadApiClient().catch(() => undefined);
  if (!(await sessionExists())) throw redirect('/signin');
  if (unverifiedByHint()) throw redirect(CHECK_INBOX_PATH);
  if (secondStepPendingByHint()) throw redirect(SECOND_STEP_PATH);
  const { record, profile } = readDashboard();
  return { record: defer(record), profile: defer(profile) };
}

/**
 * The user record ensured, then the profile read (the loader's reads, and the page's Retry). When the
 * record's call found the service away, the profile is not asked for: it would wait out the same time
 * limit again before the page could say so (docs/decisions.md#24).
 */
export function readDashboard(): { record: Promise<Account>; profile: Promise<ProfileState> } {
  const record = ensureUserExists().then(
    ({ email, name }): Account => ({ email, name }),
    (error: unknown): Account => {
      // The claim changed since the token was read (unproven in another tab): the page that says why.
      if (isUnverifiedRefusal(error)) window.location.replace(CHECK_INBOX_PATH);
      if (isSecondStepRefusal(error)) window.location.replace(SECOND_STEP_PATH);
      console.error('Could not ensure the user record', error);
      return { failure: readFailure(error) };
    },
  );
  const profile = record.then((account): ProfileState | Promise<ProfileState> =>
    account.failure?.kind === 'unreachable' ? { status: 'error', failure: account.failure } : readProfile(),
  );
  // This browser's note of whether the first run is done, for the next load's first paint (./first-run.ts).
  void profile.then((state) => {
    const steps = firstRunSteps(state);
    if (steps) rememberSetup(allDone(steps));
  });
  return { record, profile };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;

export const LOADING: ProfileState = { status: 'loading' };

const isPro = (state: ProfileState) => state.status === 'ready' && state.profile.plan === 'pro';

/**
 * Straight after a checkout (router state from /checkout/success) the plan may still read Free while
 * Stripe's webhook is on its way: then the profile is read again every 1.5 s, up to 10 times, until
 * it is Pro; `activating` holds meanwhile (the metrics show the latest read), and after the last try
 * the profile is shown as it reads. Leaving the page cancels the next read.
 */
export function useActivation(first: ProfileState, fromCheckout: boolean): { state: ProfileState; activating: boolean } {
  // The latest re-read, once there is one; until then the loader's read.
  const [reread, setReread] = useState<ProfileState>();
  const [tries, setTries] = useState(0);
  const state = reread ?? first;
  const activating = fromCheckout && first.status !== 'loading' && !isPro(state) && tries < ACTIVATION_POLL_TRIES;
  // Each try waits on the one before (its number is the timer's key); leaving the page stops the wait.
  useTimeout(
    () =>
      void readProfile().then((next) => {
        // A failed re-read does not hide what an earlier read found.
        setReread((latest = first) => (next.status !== 'error' || latest.status === 'error' ? next : latest));
        setTries((n) => n + 1);
      }),
    activating ? ACTIVATION_POLL_MS : undefined,
    tries,
  );
  return { state, activating };
}
