import type { UserProfile } from '../../../../shared/api-types';

/** The dashboard's profile state (./dashboard-data.ts's ProfileState), as much as the steps read of it. */
type ProfileRead = { status: 'loading' | 'ready' | 'missing' | 'error'; profile?: Pick<UserProfile, 'metrics' | 'desktopSignedInAt'> };

/** The first-run checklist's steps, each from the account's own data. */
export interface FirstRunSteps {
  /** The app is on a computer: known once it has signed in (the only sign of it the product sees). */
  installed: boolean;
  /** The desktop hand-off has signed the app in (the profile's desktopSignedInAt). */
  signedIn: boolean;
  /** A usage report has counted words or recording time. */
  dictated: boolean;
}

/** The steps as the profile shows them; undefined while it loads or could not be read. A 404 is a record not made yet: nothing done. */
export function firstRunSteps(state: ProfileRead): FirstRunSteps | undefined {
  if (state.status === 'missing') return { installed: false, signedIn: false, dictated: false };
  if (state.status !== 'ready' || !state.profile) return undefined;
  const { metrics, desktopSignedInAt } = state.profile;
  const dictated = metrics.wordsTranscribed > 0 || metrics.recordingTime > 0;
  // A usage report comes from the app's own session: an account that has dictated has signed the app
  // in, whether or not its first sign-in came before the record kept it.
  const signedIn = desktopSignedInAt !== undefined || dictated;
  return { installed: signedIn, signedIn, dictated };
}

export const allDone = (steps: FirstRunSteps) => steps.installed && steps.signedIn && steps.dictated;

/**
 * This browser has seen the checklist done (frontend/public/theme.js reads it before the first paint
 * and marks <html data-setup-done>): the dashboard's loading view then keeps no room for a checklist
 * that will not come, so an account past its first run loads without anything moving. Without it the
 * room is kept, filled by the checklist a new account gets.
 */
export const SETUP_DONE_KEY = 'voxpen-setup-done';

export function rememberSetup(done: boolean): void {
  try {
    if (done) localStorage.setItem(SETUP_DONE_KEY, '1');
    else localStorage.removeItem(SETUP_DONE_KEY);
  } catch {
    // Storage refused (a privacy mode): the room is kept each time, as on a first visit.
  }
}
