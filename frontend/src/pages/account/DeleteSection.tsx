import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountTexts } from './account-texts';
import { signOut } from '../../auth/auth-client';
import { passkeyProof } from '../../auth/passkeys';
import { FocusedAlert } from '../../components/FocusedAlert';
import { rememberReturnTo } from '../../return-to';
import { FormField } from '../auth/FormField';
import type { PaidPlan } from '../../../../shared/api-types';
import { formatLocalDate } from '../../../../shared/format';
import { stepUpTexts } from '../../../../shared/texts/step-up';
import { confirmed, passkeyProofRefusal } from './account-actions';
import { useSectionForm } from './use-section-form';

const t = accountTexts;

interface DeleteSectionProps {
  /** Email accounts confirm with their password; a Google-only account has none (a recent sign-in instead). */
  hasPassword: boolean;
  /** An account without a password may confirm with one of its passkeys (docs/security.md#step-up). */
  hasPasskey?: boolean;
  /** The paid plan deleting ends at once (null on Free): named in the confirmation. */
  paidPlan?: PaidPlan | null;
}

/**
 * The account deleted for good, in a danger-styled section: the typed phrase, and the password for
 * an email account, checked and sent by the route's action (the page reads the answer to say
 * goodbye). An account without a password that has a passkey may confirm with it (the browser's
 * dialog; the assertion travels in a hidden field). A Google account signed in more than 10 minutes
 * ago is asked to sign in again (the API's 403), and is brought back here once it has.
 */
export function DeleteSection({ hasPassword, hasPasskey = false, paidPlan }: DeleteSectionProps) {
  const navigate = useNavigate();
  const form = useSectionForm('delete', ['confirmation', 'password', 'code']);
  // What is typed in the confirmation: until it is the phrase, nothing can be sent.
  const [typed, setTyped] = useState('');
  const { busy, outcome } = form;
  // A Google account with an authenticator app proves itself with a code, once the API asks for one.
  const askCode = !hasPassword && outcome?.fields?.code !== undefined;
  const [askedCode, setAskedCode] = useState(false);
  if (askCode && !askedCode) setAskedCode(true);

  const formRef = useRef<HTMLFormElement>(null);
  // The passkey dialog's own answer when it gave no proof (cancelled, unsupported), shown until the next try.
  const [passkeyRefused, setPasskeyRefused] = useState<{ message: string; attempt: number }>();
  const confirmWithPasskey = async () => {
    setPasskeyRefused(undefined);
    const made = await passkeyProof();
    if (made.status !== 'OK') {
      setPasskeyRefused((last) => ({ message: passkeyProofRefusal[made.status as Exclude<typeof made.status, 'OK'>], attempt: (last?.attempt ?? 0) + 1 }));
      return;
    }
    const data = new FormData(formRef.current ?? undefined);
    data.set('passkey', JSON.stringify(made.proof.passkey));
    await form.submit(data, { method: 'post' });
  };

  const reauthenticate = async () => {
    rememberReturnTo('/account');
    await signOut().catch((error: unknown) => console.error('Sign-out failed', error));
    navigate('/signin', { replace: true });
  };

  return (
    <section className="card account-section account-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">{t.deleteTitle}</h2>
      <p>{t.deleteIntro}</p>
      {paidPlan && (
        <p className="account-paid-plan">
          <strong>{paidPlan.trial ? t.deleteTrial(paidPlan.name) : t.deletePaid(paidPlan.name, paidPlan.periodEnd ? formatLocalDate(paidPlan.periodEnd) : undefined)}</strong>
        </p>
      )}
      {!hasPassword && <p className="muted">{t.deleteGoogleNote}</p>}
      <form.Form ref={formRef} method="post" className="auth-form" noValidate aria-label={t.deleteTitle}>
        <input {...form.intent} />
        {outcome?.error && <FocusedAlert className="form-alert">{outcome.error}</FocusedAlert>}
        {passkeyRefused && !busy && <FocusedAlert key={passkeyRefused.attempt} className="form-alert">{passkeyRefused.message}</FocusedAlert>}
        {outcome?.signInAgain && (
          <div className="account-reauth">
            <FocusedAlert className="form-alert">{outcome.signInAgain}</FocusedAlert>
            <button type="button" className="btn btn-ghost" onClick={reauthenticate}>
              {t.signInAgain}
            </button>
          </div>
        )}
        <FormField
          label={t.deleteConfirmLabel}
          {...form.field('confirmation')}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        {hasPassword && <FormField label={t.deletePasswordLabel} type="password" {...form.field('password')} autoComplete="current-password" required />}
        {!hasPassword && askedCode && <FormField label={stepUpTexts.codeLabel} {...form.field('code')} autoComplete="one-time-code" inputMode="numeric" required />}
        <div className="account-actions">
          <button type="submit" className="btn btn-danger" disabled={busy || !confirmed(typed)} aria-busy={busy || undefined}>
            {busy ? t.deleting : t.deleteSubmit}
          </button>
          {!hasPassword && hasPasskey && (
            <button type="button" className="btn btn-ghost" onClick={() => void confirmWithPasskey()} disabled={busy || !confirmed(typed)}>
              {stepUpTexts.confirmWithPasskey}
            </button>
          )}
        </div>
      </form.Form>
    </section>
  );
}
