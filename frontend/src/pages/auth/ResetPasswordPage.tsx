import { useEffect, useState, type ReactNode } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/product';
import { authTexts } from '../../../../shared/texts/auth';
import { checkResetLink } from '../../api/reset-link';
import { useHeldPress } from '../../hooks/use-held-press';
import { useHydrated } from '../../hooks/use-hydrated';
import { AuthSplit } from './AuthSplit';
import { NoScriptNotice } from './NoScriptNotice';
import { focusOnMount } from './reset/field-errors';
import { LinkSent } from './reset/LinkSent';
import { NewPasswordForm } from './reset/NewPasswordForm';
import { NEW_PASSWORD, REQUEST_LINK, type ResetOutcome } from './reset/reset-action';
import { RequestLinkForm } from './reset/RequestLinkForm';
import { resetTexts as t } from './reset/reset-texts';
import './reset/reset.css';

/** What the page's two forms send (reset/reset-action.ts). */
export { resetAction as action } from './reset/reset-action';

type View =
  | { name: 'request'; email?: string }
  | { name: 'checking'; token: string }
  | { name: 'new-password' }
  | { name: 'expired' }
  | { name: 'sent'; email: string }
  | { name: 'done' };

function tabTitle(view: View): string {
  if (view.name === 'new-password' || view.name === 'checking') return t.newPassword.title;
  if (view.name === 'expired') return t.expired.title;
  if (view.name === 'done') return t.done.title;
  return t.request.title;
}

function SignInSwitch() {
  return (
    <p className="auth-switch">
      {t.remembered} <Link to="/signin">{t.signIn}</Link>
    </p>
  );
}

/**
 * /auth/reset-password, where the emailed link lands (SuperTokens' default path, spec §9): without
 * `?token=` it asks for a link; with one it first asks whether the link still works, then sets the new
 * password. A used or expired link says so at once (or, if the check could not tell, when the reset is
 * refused) and offers a new one right there. The sign-in pages' look (AuthSplit, the same fields and buttons).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  // Prerendered as the request form without an address (shared/site-pages.ts FORM_SHELL_ROUTES), and so
  // hydrated; the address's part once hydrated. A link's token is never hydrated: the CDN serves such
  // an address the bare shell (OTHER_VIEW_PARAMS), rendered in the browser, hydrated at once.
  const hydrated = useHydrated();
  useHeldPress(hydrated);
  const [chosen, setView] = useState<View>();
  const token = hydrated ? params.get('token') : null;
  // A security notice's "not you?" link names the account's address (docs/security.md#notices).
  const shown: View = chosen ?? (token ? { name: 'checking', token } : { name: 'request', email: (hydrated && params.get('email')) || undefined });
  // The forms' answers move the page on: a link sent, the password set, or the link found used.
  const requested = useFetcher<ResetOutcome>({ key: REQUEST_LINK }).data;
  const setting = useFetcher<ResetOutcome>({ key: NEW_PASSWORD }).data;
  // The "link sent" answer the visitor left by asking again (the field keeps the address).
  const [askedAgain, setAskedAgain] = useState<ResetOutcome>();
  let view = shown;
  if (setting?.done) view = { name: 'done' };
  else if (setting?.expired && shown.name === 'new-password') view = { name: 'expired' };
  if (requested?.sent && requested !== askedAgain && view.name !== 'done') view = { name: 'sent', email: requested.sent };
  const title = tabTitle(view);
  const checkingToken = shown.name === 'checking' ? shown.token : undefined;

  // An effect: the link is asked about once the page shows it is checking, and again for a link
  // the page comes to hold while open; an answer for a link no longer shown must not land.
  useEffect(() => {
    if (checkingToken === undefined) return;
    let current = true;
    void checkResetLink(checkingToken).then((valid) => {
      // Only a link known not to work is turned away here; the core decides the reset itself.
      if (current) setView(valid === false ? { name: 'expired' } : { name: 'new-password' });
    });
    return () => {
      current = false;
    };
  }, [checkingToken]);

  // An effect: the tab title is the document's, and follows the view as the visitor moves through it
  // (asked, sent, done), which no route loader knows.
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);

  if (view.name === 'done') {
    return (
      <div className="container narrow auth-status reset-done">
        <div className="check-mark" aria-hidden="true">
          ✓
        </div>
        <h1 ref={focusOnMount} tabIndex={-1}>
          {t.done.title}
        </h1>
        <p className="lead" role="status">
          {authTexts.passwordResetDone}
        </p>
        <p>
          <Link to="/signin" className="btn btn-primary">
            {t.done.signIn}
          </Link>
        </p>
      </div>
    );
  }

  let aside: ReactNode;
  let card: ReactNode;
  if (view.name === 'checking') {
    aside = <Aside title={t.newPassword.title} lead={t.newPassword.lead} />;
    card = (
      <p className="muted" role="status">
        {t.checking}
      </p>
    );
  } else if (view.name === 'new-password') {
    aside = <Aside title={t.newPassword.title} lead={t.newPassword.lead} />;
    card = <NewPasswordForm />;
  } else if (view.name === 'expired') {
    // Focused: the form (or the check) that was on screen is gone, and the visitor must learn why before anything else.
    aside = <Aside title={t.expired.title} lead={t.expired.lead} focus />;
    card = <RequestLinkForm heading={t.expired.heading} intro={t.expired.intro} submitLabel={t.expired.submit} />;
  } else {
    aside = <Aside title={t.request.title} lead={t.request.lead} />;
    card =
      view.name === 'sent' ? (
        <LinkSent
          email={view.email}
          onAgain={() => {
            setAskedAgain(requested);
            setView({ name: 'request', email: view.email });
          }}
        />
      ) : (
        <>
          <NoScriptNotice />
          <RequestLinkForm heading={t.request.heading} intro={t.request.intro} submitLabel={t.request.submit} initialEmail={view.email} />
        </>
      );
  }

  return (
    // A new view is a new page part: its heading gets focus as it mounts, not the old one's.
    <AuthSplit key={view.name} aside={aside}>
      {card}
      <SignInSwitch />
    </AuthSplit>
  );
}

function Aside({ title, lead, focus }: { title: string; lead: string; focus?: boolean }) {
  return (
    <>
      <h1 ref={focus ? focusOnMount : undefined} tabIndex={focus ? -1 : undefined}>
        {title}
      </h1>
      <p className="lead">{lead}</p>
    </>
  );
}

export default ResetPasswordPage;
