import { useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/product';
import { verifyTexts } from '../../../../shared/texts/verify';
import { sendVerificationEmail, verifyEmailFromLink } from '../../auth/auth-client';
import { afterSignInPath } from '../../auth/sign-in-intent';
import { SUCCESS_REDIRECT_MS } from '../../auth/redirect';
import { sessionExists } from '../../auth/session';
import { SuccessView, WorkingView } from '../../auth/StatusView';
import { CHECK_INBOX_PATH } from '../../auth/verification-gate';
import { useTimeout } from '../../hooks/use-timeout';
import { rememberReturnTo } from '../../return-to';
import { focusOnMount } from './reset/field-errors';
import { ACCOUNT_PATH, type AccountArrival } from '../account/account-paths';

const t = verifyTexts.verifyEmail;

type View = { name: 'done'; emailChanged: boolean } | { name: 'invalid'; notice?: string } | { name: 'failed' };

/**
 * Uses the token in the address (the SDK reads it there: the mailed link is opened by a page load).
 * A loader: the route runs it once per visit (never again: shouldRevalidate), and the token works once.
 * Its `title` is the tab's (layout/document-title.ts).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ view: View; title: string }> {
  // An address change's link (functions/account/change-email.ts) says so: the account page then names the new address.
  const emailChanged = new URL(request.url).searchParams.get('change') === 'email';
  const view: View = await verifyEmailFromLink().then(
    (result) => (result.status === 'OK' ? { name: 'done', emailChanged } : result.status === 'EMAIL_VERIFICATION_INVALID_TOKEN_ERROR' ? { name: 'invalid' } : { name: 'failed' }),
    (error: unknown) => {
      console.error('Could not verify the address', error);
      return { name: 'failed' };
    },
  );
  return { view, title: `${view.name === 'invalid' ? t.invalidTitle : t.verifying} | ${PRODUCT_NAME}` };
}

export const shouldRevalidate = () => false;

/** While the link is being used. */
export function HydrateFallback() {
  return <WorkingView label={t.verifying} />;
}

/**
 * /verify-email?token=…, where the mailed link lands: uses the token (once; a link lives 24 hours),
 * then goes on as a finished sign-in does (the desktop sign-in that was waiting, the remembered page,
 * or the dashboard; an address change's link to /account, which says the address changed), or to /signin when this browser has no session (the link opened on a phone).
 * A used or expired link says so and offers a new one: sent at once to a signed-in browser, else
 * after signing in (the unproven session lands on "Check your inbox").
 */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const verified = useLoaderData<typeof loader>().view;
  // A new link asked for and refused: the refusal's sentence replaces the view.
  const [refused, setRefused] = useState<View>();
  const view = refused ?? verified;

  useTimeout(
    () =>
      void sessionExists().then((signedIn) => {
        if (!signedIn) navigate('/signin', { replace: true });
        // A changed address lands where it is shown, with a word that it changed.
        else if (view.name === 'done' && view.emailChanged) navigate(ACCOUNT_PATH, { replace: true, state: { emailChanged: true } satisfies AccountArrival });
        else navigate(afterSignInPath(), { replace: true });
      }),
    view.name === 'done' ? SUCCESS_REDIRECT_MS : undefined,
  );

  const sendNew = async () => {
    if (!(await sessionExists())) {
      rememberReturnTo(CHECK_INBOX_PATH);
      navigate('/signin');
      return;
    }
    const sent = await sendVerificationEmail().catch(() => undefined);
    if (sent?.status === 'GENERAL_ERROR') setRefused({ name: 'invalid', notice: sent.message });
    else navigate(CHECK_INBOX_PATH, { replace: true });
  };

  if (view.name === 'done') return <SuccessView title={view.emailChanged ? t.changed : t.done} line={t.continuing} />;
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
