import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/product';
import { verifyTexts } from '../../../../shared/texts/verify';
import { sendVerificationEmail, verifyEmailFromLink } from '../../auth/auth-client';
import { afterSignInPath } from '../../auth/sign-in-intent';
import { SUCCESS_REDIRECT_MS } from '../../auth/redirect';
import { sessionExists } from '../../auth/session';
import { SuccessView, WorkingView } from '../../auth/StatusView';
import { CHECK_INBOX_PATH } from '../../auth/verification-gate';
import { rememberReturnTo } from '../../return-to';
import { focusOnMount } from './reset/field-errors';

const t = verifyTexts.verifyEmail;

type View = { name: 'verifying' } | { name: 'done' } | { name: 'invalid'; notice?: string } | { name: 'failed' };

/**
 * /verify-email?token=…, where the mailed link lands: uses the token (once; a link lives 24 hours),
 * then goes on as a finished sign-in does (the desktop sign-in that was waiting, the remembered page,
 * or the dashboard), or to /signin when this browser has no session (the link opened on a phone).
 * A used or expired link says so and offers a new one: sent at once to a signed-in browser, else
 * after signing in (the unproven session lands on "Check your inbox").
 */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ name: 'verifying' });
  const started = useRef(false);

  useEffect(() => {
    document.title = `${view.name === 'invalid' ? t.invalidTitle : t.verifying} | ${PRODUCT_NAME}`;
  }, [view.name]);

  useEffect(() => {
    // Once: the token works once, and React may run this effect twice in development.
    if (started.current) return;
    started.current = true;
    verifyEmailFromLink().then(
      (result) => setView(result.status === 'OK' ? { name: 'done' } : result.status === 'EMAIL_VERIFICATION_INVALID_TOKEN_ERROR' ? { name: 'invalid' } : { name: 'failed' }),
      (error: unknown) => {
        console.error('Could not verify the address', error);
        setView({ name: 'failed' });
      },
    );
  }, []);

  const done = view.name === 'done';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      void sessionExists().then((signedIn) => navigate(signedIn ? afterSignInPath() : '/signin', { replace: true }));
    }, SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const sendNew = async () => {
    if (!(await sessionExists())) {
      rememberReturnTo(CHECK_INBOX_PATH);
      navigate('/signin');
      return;
    }
    const sent = await sendVerificationEmail().catch(() => undefined);
    if (sent?.status === 'GENERAL_ERROR') setView({ name: 'invalid', notice: sent.message });
    else navigate(CHECK_INBOX_PATH, { replace: true });
  };

  if (view.name === 'verifying') return <WorkingView label={t.verifying} />;
  if (view.name === 'done') return <SuccessView title={t.done} line={t.continuing} />;
  return (
    <div className="container narrow auth-status">
      <h1 ref={focusOnMount} tabIndex={-1}>
        {view.name === 'invalid' ? t.invalidTitle : t.failed}
      </h1>
      {view.name === 'invalid' && (
        <div className="lead form-alert status-alert" role="alert">
          <p>{view.notice ?? t.invalid}</p>
        </div>
      )}
      <p>
        <button type="button" className="btn btn-primary status-next" onClick={sendNew}>
          {t.sendNew}
        </button>
      </p>
    </div>
  );
}

export default VerifyEmailPage;
