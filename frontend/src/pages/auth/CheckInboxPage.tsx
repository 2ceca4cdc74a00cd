import { useRef, useState } from 'react';
import { Navigate, replace, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { verifyTexts } from '../../../../shared/texts/verify';
import { isEmailVerified, sendVerificationEmail, signOut } from '../../auth/auth-client';
import { afterSignInPath } from '../../auth/sign-in-intent';
import { sessionExists, useSession } from '../../auth/session';
import { SIGNED_UP_EMAIL_KEY } from '../../auth/verification-gate';
import { useHeldPress } from '../../hooks/use-held-press';
import { useHydrated } from '../../hooks/use-hydrated';
import { useTimeout } from '../../hooks/use-timeout';
import { useWindowEvent } from '../../hooks/use-window-event';
import { AuthSplit } from './AuthSplit';
import { NoScriptNotice } from './NoScriptNotice';
import { focusOnMount } from './reset/field-errors';

const t = verifyTexts.checkInbox;

/** How often the page asks whether the link was opened (on another device, say). */
export const VERIFIED_POLL_MS = 5_000;

type Notice = { kind: 'sent' | 'error'; text: string } | undefined;

/**
 * Whether the address is proven yet, asked as the page opens and again by the router's revalidation
 * (the page's timer and the tab coming back): once it is, on to what the visitor came for (the
 * desktop sign-in that was pending, the remembered page, or the dashboard). The signed-out go to
 * /signin. A failed question is only logged: the next one asks again. Each answer is a new object,
 * which sets the next timer.
 */
export async function loader() {
  if (!(await sessionExists())) throw replace('/signin');
  const verified = await isEmailVerified().catch((error: unknown) => {
    console.error('Could not ask whether the address is verified', error);
    return false;
  });
  if (!verified) return { askedAt: Date.now() };
  sessionStorage.removeItem(SIGNED_UP_EMAIL_KEY);
  throw replace(afterSignInPath());
}


/**
 * /check-inbox: where a session whose address is not proven waits (after sign-up, or sent here by
 * any signed-in page). It asks now, every few seconds and when the tab comes back whether the
 * address was proven (the link opened here or elsewhere; the route's loader, run again) and then
 * goes on. Meanwhile: the link again (limited per account), another address (a new sign-up), or sign out.
 */
export function CheckInboxPage() {
  const session = useSession();
  const navigate = useNavigate();
  // Undefined while the first question is out (the page is its own HydrateFallback) and in the prerendered HTML.
  const answer = useLoaderData<typeof loader>() as Awaited<ReturnType<typeof loader>> | undefined;
  const hydrated = useHydrated();
  useHeldPress(hydrated && answer !== undefined);
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>();
  const [sending, setSending] = useState(false);
  const leaving = useRef(false);
  // This tab's, once hydrated: the prerendered page says "your address".
  const email = hydrated ? sessionStorage.getItem(SIGNED_UP_EMAIL_KEY) : null;

  // The answer comes from another device as often as from this one: ask again a while after each
  // answer, and when the tab comes back; not once the page is on its way out, nor before the first.
  const askAgain = () => void (leaving.current || revalidator.revalidate());
  useTimeout(askAgain, answer ? VERIFIED_POLL_MS : undefined, answer);
  useWindowEvent('focus', askAgain, answer !== undefined);

  // The page shows while the session is read (the loader found one); a session that ends here goes to /signin.
  if (hydrated && !session.loading && !session.doesSessionExist && !leaving.current) return <Navigate to="/signin" replace />;

  const resend = async () => {
    setSending(true);
    setNotice(undefined);
    try {
      const sent = await sendVerificationEmail();
      if (sent.status === 'GENERAL_ERROR') setNotice({ kind: 'error', text: sent.message });
      else if (sent.status === 'EMAIL_ALREADY_VERIFIED_ERROR') {
        setNotice({ kind: 'sent', text: t.alreadyVerified });
        // Proven already: the loader, asked again, takes the visitor on.
        askAgain();
      }
      else setNotice({ kind: 'sent', text: t.resent });
    } catch (error) {
      console.error('Could not send the link again', error);
      setNotice({ kind: 'error', text: t.failed });
    } finally {
      setSending(false);
    }
  };

  const leave = async (to: string) => {
    leaving.current = true;
    sessionStorage.removeItem(SIGNED_UP_EMAIL_KEY);
    await signOut();
    navigate(to, { replace: true });
  };

  return (
    <AuthSplit
      aside={
        <>
          <h1 ref={focusOnMount} tabIndex={-1}>
            {t.title}
          </h1>
          <p className="lead">{email ? t.sentTo(email) : t.sentToYourAddress}</p>
        </>
      }
    >
      <h2>{t.cardHeading}</h2>
      <p className="muted">{t.why}</p>
      <NoScriptNotice />
      {notice && (
        <p className={notice.kind === 'sent' ? 'form-alert form-alert-success' : 'form-alert'} role={notice.kind === 'sent' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={resend} disabled={sending}>
        {sending ? t.resending : t.resend}
      </button>
      <p className="auth-switch">
        {t.wrongAddress}{' '}
        <button type="button" className="link-button" onClick={() => leave('/signup')}>
          {t.changeAddress}
        </button>
      </p>
      <button type="button" className="btn btn-ghost btn-block check-inbox-sign-out" onClick={() => leave('/')}>
        {t.signOut}
      </button>
    </AuthSplit>
  );
}

/**
 * While the first question is out, the page itself: prerendered so (shared/site-pages.ts
 * FORM_SHELL_ROUTES), hydrated in place, and the same once the loader has answered.
 */
export const HydrateFallback = CheckInboxPage;

export default CheckInboxPage;
