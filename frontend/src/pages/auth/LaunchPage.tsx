import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiOrigin } from '../../../../shared/api-base';
import { desktopSignInQuery, parseDesktopSignIn, pickDesktopSignInParams, type DesktopSignIn } from '../../../../shared/desktop-sign-in';
import { desktopTexts } from '../../../../shared/texts/desktop';
import { clearDesktopSignIn, pendingDesktopSignIn } from '../../auth/desktop-handoff';
import { leaveSite, NOTICE_REDIRECT_MS, SUCCESS_REDIRECT_MS, useDelayedRedirect } from '../../auth/redirect';
import { useSession } from '../../auth/session';
import { FailureView, SuccessView, WorkingView } from '../../auth/StatusView';

const t = desktopTexts;

type LaunchState =
  | { kind: 'loading' }
  | { kind: 'success'; callbackUrl: string }
  | { kind: 'error'; message: string; signInPath?: string };

/** The API's desktop callback (spec §7), which hands the desktop app a one-time code (docs/decisions.md#4). */
function desktopCallbackUrl(signIn: DesktopSignIn): string {
  const origin = apiOrigin(window.location, __LOCAL_API_ORIGIN__);
  return `${origin}/api/auth/desktop-callback?${desktopSignInQuery(signIn)}`;
}

/**
 * spec §2 /launch, §4 loading → success | error: a signed-in browser is sent on to the desktop
 * callback after 1.5 s; a signed-out one to /signin (keeping the desktop sign-in) after 2 s. The
 * redirect must be the desktop app's loopback address and the sign-in must carry a PKCE S256 challenge
 * (docs/decisions.md#3), checked as the API checks them.
 */
export function LaunchPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const [redirectFailed, setRedirectFailed] = useState(false);
  // After sign-in the address carries them; session storage covers an address that lost them. All from
  // one place or the other: a challenge from one sign-in must not travel with another's redirect.
  const inAddress = pickDesktopSignInParams(params);
  const check = parseDesktopSignIn(inAddress.has('redirect_url') ? inAddress : (pendingDesktopSignIn() ?? inAddress));
  // A status=already_logged_in in the address is only a hint from whoever built the link: the session
  // itself decides, once it has loaded (the callback would refuse a browser without one anyway).
  const state: LaunchState = !check.ok
    ? { kind: 'error', message: check.message }
    : redirectFailed
      ? { kind: 'error', message: t.redirectFailed }
      : session.loading
        ? { kind: 'loading' }
        : session.doesSessionExist
          ? { kind: 'success', callbackUrl: desktopCallbackUrl(check.signIn) }
          : { kind: 'error', message: t.signInFirst, signInPath: `/signin?origin=desktop&${desktopSignInQuery(check.signIn)}` };

  const callbackUrl = state.kind === 'success' ? state.callbackUrl : undefined;
  useEffect(() => {
    if (!callbackUrl) return;
    const timer = setTimeout(() => {
      // Used: a later sign-in in this tab is an ordinary one again.
      clearDesktopSignIn();
      try {
        leaveSite(callbackUrl);
      } catch (error) {
        console.error('could not leave for the desktop callback', error);
        setRedirectFailed(true);
      }
    }, SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [callbackUrl]);

  // A sign-in the callback would refuse is of no use later either.
  const refused = !check.ok;
  useEffect(() => {
    if (refused) clearDesktopSignIn();
  }, [refused]);

  useDelayedRedirect(state.kind === 'error' ? state.signInPath : undefined, NOTICE_REDIRECT_MS);

  if (state.kind === 'loading') return <WorkingView label={t.checking} />;
  if (state.kind === 'success') return <SuccessView title={t.allSet} line={t.returning} />;
  return <FailureView message={state.message} next={{ to: '/', label: t.goHome }} />;
}

export default LaunchPage;
