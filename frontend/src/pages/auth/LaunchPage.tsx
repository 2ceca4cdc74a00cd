import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiOrigin } from '../../../../shared/api-base';
import { parseDesktopRedirect } from '../../../../shared/desktop-redirect';
import { texts } from '../../../../shared/texts';
import { clearDesktopSignIn, pendingDesktopRedirect } from '../../auth/desktop-handoff';
import { leaveSite } from '../../auth/leave-site';
import { NOTICE_REDIRECT_MS, SUCCESS_REDIRECT_MS, useDelayedRedirect } from '../../auth/redirect-delay';
import { useSession } from '../../auth/session';
import { FailureView, SuccessView, WorkingView } from '../../auth/StatusView';

const t = texts.desktop;

type LaunchState =
  | { kind: 'loading' }
  | { kind: 'success'; callbackUrl: string }
  | { kind: 'error'; message: string; signInPath?: string };

/** The API's desktop callback (spec §7), which hands the desktop app a one-time code (DECISIONS.md). */
function desktopCallbackUrl(redirectUrl: string): string {
  const origin = apiOrigin(window.location, __LOCAL_API_ORIGIN__);
  return `${origin}/api/auth/desktop-callback?redirect_url=${encodeURIComponent(redirectUrl)}`;
}

/**
 * spec §2 /launch, §4 loading → success | error: a signed-in browser is sent on to the desktop
 * callback after 1.5 s; a signed-out one to /signin (keeping the desktop sign-in) after 2 s. The
 * redirect must be the desktop app's loopback address (DECISIONS.md), checked as the API checks it.
 */
export function LaunchPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const [redirectFailed, setRedirectFailed] = useState(false);
  // After sign-in the address carries it; session storage covers an address that lost it.
  const requested = params.get('redirect_url') ?? pendingDesktopRedirect();
  const redirectUrl = requested ? parseDesktopRedirect(requested)?.href : undefined;
  // A status=already_logged_in in the address is only a hint from whoever built the link: the session
  // itself decides, once it has loaded (the callback would refuse a browser without one anyway).
  const state: LaunchState = !redirectUrl
    ? { kind: 'error', message: t.invalidRedirect }
    : redirectFailed
      ? { kind: 'error', message: t.redirectFailed }
      : session.loading
        ? { kind: 'loading' }
        : session.doesSessionExist
          ? { kind: 'success', callbackUrl: desktopCallbackUrl(redirectUrl) }
          : { kind: 'error', message: t.signInFirst, signInPath: `/signin?origin=desktop&redirect_url=${encodeURIComponent(redirectUrl)}` };

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

  // An address no desktop app listens on is of no use later either.
  useEffect(() => {
    if (!redirectUrl) clearDesktopSignIn();
  }, [redirectUrl]);

  useDelayedRedirect(state.kind === 'error' ? state.signInPath : undefined, NOTICE_REDIRECT_MS);

  if (state.kind === 'loading') return <WorkingView label={t.checking} />;
  if (state.kind === 'success') return <SuccessView title={t.allSet} line={t.returning} />;
  return <FailureView message={state.message} next={{ to: '/', label: t.goHome }} />;
}

export default LaunchPage;
