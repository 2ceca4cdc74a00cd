import { useState } from 'react';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { desktopSignInQuery, parseDesktopSignIn, pickDesktopSignInParams } from '../../../../shared/desktop-sign-in';
import { consentToDesktopSignIn } from '../../api/desktop';
import { isApiError } from '../../api/client';
import { SECOND_STEP_PATH } from '../../../../shared/site-pages';
import { desktopTexts } from '../../../../shared/texts/desktop';
import { clearDesktopSignIn, DESKTOP_ORIGIN_KEY, DESKTOP_PARAMS_KEY, pendingDesktopSignIn } from '../../auth/desktop-handoff';
import { CHECK_INBOX_PATH, unverifiedByHint } from '../../auth/verification-gate';
import { leaveSite, NOTICE_REDIRECT_MS, SUCCESS_REDIRECT_MS, useDelayedRedirect } from '../../auth/redirect';
import { sessionExists, useSession } from '../../auth/session';
import { FailureView, SuccessView, WorkingView } from '../../auth/StatusView';
import { desktopPlatformName } from '../../home/platform';
import { secondStepPendingByHint } from '../../session-hint';
import { useTimeout } from '../../hooks/use-timeout';
import { focusOnMount } from './reset/field-errors';

const t = desktopTexts;

type LaunchState =
  | { kind: 'loading' }
  | { kind: 'confirm'; email: string | undefined }
  | { kind: 'sending' }
  | { kind: 'success'; callbackUrl: string }
  | { kind: 'error'; message: string; signInPath?: string };

/** Where the consent went: still on its way, answered with the app's address, or refused with the API's sentence. */
type Consent = { kind: 'sending' } | { kind: 'answered'; callbackUrl: string } | { kind: 'refused'; message: string };

/**
 * The desktop sign-in this visit is for, decided before the page renders. After sign-in the address
 * carries it; session storage covers an address that lost it. All from one place or the other: a
 * challenge from one sign-in must not travel with another's redirect. One the callback would refuse
 * is of no use later either, so it is forgotten. A signed-in browser whose address is not proven goes
 * to "Check your inbox", one whose sign-in owes its second step to /auth/mfa (the callback would
 * refuse either session); each comes back here once done, with this sign-in kept in session storage.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const inAddress = pickDesktopSignInParams(new URL(request.url).searchParams);
  const check = parseDesktopSignIn(inAddress.has('redirect_url') ? inAddress : (pendingDesktopSignIn() ?? inAddress));
  if (!check.ok) clearDesktopSignIn();
  else if ((unverifiedByHint() || secondStepPendingByHint()) && (await sessionExists())) {
    sessionStorage.setItem(DESKTOP_ORIGIN_KEY, 'desktop');
    sessionStorage.setItem(DESKTOP_PARAMS_KEY, desktopSignInQuery(check.signIn));
    throw redirect(unverifiedByHint() ? CHECK_INBOX_PATH : SECOND_STEP_PATH);
  }
  return { check };
}

/** Once per visit: the stored sign-in is forgotten as the page goes on, and must not be read again. */
export const shouldRevalidate = () => false;

/**
 * spec §2 /launch, §4 loading → success | error, with one step the spec lacks: a signed-in browser
 * first asks (which app, which account, "Continue to the app" or "Cancel"), and only the click sends the
 * consent (POST /api/auth/desktop/consent, from this page's origin only), whose answer, the app's
 * loopback address with its code, the browser opens after the spec's 1.5 s of "You're all set!".
 * Without it any page could walk a signed-in browser through /launch with its own challenge to any
 * loopback port and hand a listener there a session (RFC 8252 §8.6 asks for the user's approval;
 * docs/security.md); the API hands a code out on that POST only, never on a navigation. A signed-out
 * browser goes to /signin (keeping the desktop sign-in) after 2 s. The redirect must be the desktop
 * app's loopback address and the sign-in must carry a PKCE S256 challenge (docs/decisions.md#3),
 * checked as the API checks them.
 */
export function LaunchPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { check } = useLoaderData<typeof loader>();
  const [consent, setConsent] = useState<Consent | undefined>();
  const [redirectFailed, setRedirectFailed] = useState(false);
  // A status=already_logged_in in the address is only a hint from whoever built the link: the session
  // itself decides, once it has loaded (the callback would refuse a browser without one anyway).
  const state: LaunchState = !check.ok
    ? { kind: 'error', message: check.message }
    : redirectFailed
      ? { kind: 'error', message: t.redirectFailed }
      : session.loading
        ? { kind: 'loading' }
        : !session.doesSessionExist
          ? { kind: 'error', message: t.signInFirst, signInPath: `/signin?origin=desktop&${desktopSignInQuery(check.signIn)}` }
          : consent?.kind === 'answered'
            ? { kind: 'success', callbackUrl: consent.callbackUrl }
            : consent?.kind === 'refused'
              ? { kind: 'error', message: consent.message }
              : consent
                ? { kind: 'sending' }
                : { kind: 'confirm', email: session.email };

  // The click is the consent: one same-origin POST, whose answer is the app's address with its code.
  const sendConsent = () => {
    if (!check.ok || consent) return;
    setConsent({ kind: 'sending' });
    consentToDesktopSignIn(check.signIn).then(
      (callbackUrl) => setConsent({ kind: 'answered', callbackUrl }),
      (error: unknown) => {
        console.error('the desktop sign-in consent failed', error);
        const message = isApiError<{ message?: string }>(error) ? error.response?.data?.message : undefined;
        setConsent({ kind: 'refused', message: message ?? t.redirectFailed });
      },
    );
  };

  const callbackUrl = state.kind === 'success' ? state.callbackUrl : undefined;
  useTimeout(() => {
    if (!callbackUrl) return;
    // Used: a later sign-in in this tab is an ordinary one again.
    clearDesktopSignIn();
    try {
      leaveSite(callbackUrl);
    } catch (error) {
      console.error('could not leave for the desktop callback', error);
      setRedirectFailed(true);
    }
  }, callbackUrl ? SUCCESS_REDIRECT_MS : undefined);

  useDelayedRedirect(state.kind === 'error' ? state.signInPath : undefined, NOTICE_REDIRECT_MS);

  if (state.kind === 'loading' || state.kind === 'sending') return <WorkingView label={t.checking} />;
  if (state.kind === 'success') return <SuccessView title={t.allSet} line={t.returning} />;
  if (state.kind === 'confirm') {
    const cancel = () => {
      clearDesktopSignIn();
      navigate('/dashboard', { replace: true });
    };
    return <ConfirmView email={state.email} onContinue={sendConsent} onCancel={cancel} />;
  }
  return <FailureView message={state.message} next={{ to: '/', label: t.goHome }} />;
}

/** Which app, which account, and the two choices; the focus starts on the heading so a screen reader reads the question first. */
function ConfirmView({ email, onContinue, onCancel }: { email: string | undefined; onContinue: () => void; onCancel: () => void }) {
  return (
    <section className="container narrow auth-status launch-confirm" aria-labelledby="launch-confirm-title" aria-describedby="launch-confirm-note">
      <h1 id="launch-confirm-title" ref={focusOnMount} tabIndex={-1}>
        {t.confirmTitle}
      </h1>
      <dl className="launch-facts">
        <div>
          <dt>{t.confirmAppLabel}</dt>
          <dd>{t.confirmApp(desktopPlatformName())}</dd>
        </div>
        <div>
          <dt>{t.confirmAccountLabel}</dt>
          <dd>{email ?? t.confirmAccountUnknown}</dd>
        </div>
      </dl>
      <p id="launch-confirm-note" className="launch-note">
        {t.confirmNote}
      </p>
      <div className="launch-actions">
        <button type="button" className="btn btn-primary" onClick={onContinue}>
          {t.continue}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </section>
  );
}

export default LaunchPage;
