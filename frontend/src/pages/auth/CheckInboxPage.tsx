import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { verifyTexts } from '../../../../shared/texts/verify';
import { isEmailVerified, sendVerificationEmail, signOut } from '../../auth/auth-client';
import { afterSignInPath } from '../../auth/sign-in-intent';
import { useSession } from '../../auth/session';
import { WorkingView } from '../../auth/StatusView';
import { SIGNED_UP_EMAIL_KEY } from '../../auth/verification-gate';
import { AuthSplit } from './AuthSplit';
import { focusOnMount } from './reset/field-errors';

const t = verifyTexts.checkInbox;

/** How often the page asks whether the link was opened (on another device, say). */
export const VERIFIED_POLL_MS = 5_000;

type Notice = { kind: 'sent' | 'error'; text: string } | undefined;

/**
 * /check-inbox: where a session whose address is not proven waits (after sign-up, or sent here by
 * any signed-in page). It asks now, every few seconds and when the tab comes back whether the
 * address was proven (the link opened here or elsewhere) and then goes on: to the desktop sign-in
 * that was pending, the remembered page, or the dashboard. Meanwhile: the link again (limited per
 * account), another address (a new sign-up), or sign out.
 */
export function CheckInboxPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice>();
  const [sending, setSending] = useState(false);
  const [verified, setVerified] = useState(false);
  const leaving = useRef(false);
  const email = sessionStorage.getItem(SIGNED_UP_EMAIL_KEY);

  const signedIn = !session.loading && session.doesSessionExist;
  // An effect: a subscription to the clock and to the tab coming back (window focus), both outside
  // React; the answer comes from another device as often as from this one.
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    const ask = () => {
      if (leaving.current) return;
      isEmailVerified().then(
        (yes) => {
          if (!yes || stopped || leaving.current) return;
          leaving.current = true;
          setVerified(true);
          sessionStorage.removeItem(SIGNED_UP_EMAIL_KEY);
          navigate(afterSignInPath(), { replace: true });
        },
        (error: unknown) => console.error('Could not ask whether the address is verified', error),
      );
    };
    ask();
    const timer = setInterval(ask, VERIFIED_POLL_MS);
    window.addEventListener('focus', ask);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', ask);
    };
  }, [signedIn, navigate]);

  if (session.loading) return <WorkingView label={t.title} />;
  if (!session.doesSessionExist && !leaving.current) return <Navigate to="/signin" replace />;

  const resend = async () => {
    setSending(true);
    setNotice(undefined);
    try {
      const sent = await sendVerificationEmail();
      if (sent.status === 'GENERAL_ERROR') setNotice({ kind: 'error', text: sent.message });
      else if (sent.status === 'EMAIL_ALREADY_VERIFIED_ERROR') setNotice({ kind: 'sent', text: t.alreadyVerified });
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
      {verified && (
        <p className="form-alert form-alert-success" role="status">
          {t.alreadyVerified}
        </p>
      )}
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

export default CheckInboxPage;
