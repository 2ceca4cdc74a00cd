import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signInPasswordSchema, fieldError } from '../../../../shared/schemas/credentials';
import { accountTexts as accountApiTexts } from '../../../../shared/texts/account';
import { accountTexts } from './account-texts';
import { accountFailure, deleteAccount } from '../../api/account';
import { signOut } from '../../auth/auth-client';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useForm } from '../../hooks/use-form';
import { rememberReturnTo } from '../../return-to';
import { FormField } from '../auth/FormField';
import type { Leaving } from './leaving';
import type { PaidPlan } from '../../../../shared/api-types';
import { formatLocalDate } from '../../../../shared/format';

const t = accountTexts;
const PHRASE = accountApiTexts.deleteConfirmation;

/** Whether the typed confirmation is the phrase (spaces around it aside): until it is, nothing can be sent. */
export const confirmed = (typed: string) => typed.trim() === PHRASE;

interface DeleteSectionProps {
  /** Email accounts confirm with their password; a Google-only account has none (a recent sign-in instead). */
  hasPassword: boolean;
  /** The paid plan deleting ends at once (null on Free): named in the confirmation. */
  paidPlan?: PaidPlan | null;
  leaving: Leaving;
  /** The account is gone: the API's goodbye. */
  onDeleted: (message: string) => void;
}

/**
 * The account deleted for good, in a danger-styled section: the typed phrase, and the password for
 * an email account. A Google account signed in more than 10 minutes ago is asked to sign in again
 * (the API's 403), and is brought back here once it has.
 */
export function DeleteSection({ hasPassword, paidPlan, leaving, onDeleted }: DeleteSectionProps) {
  const navigate = useNavigate();
  // The API's sentence when it asks for a fresh sign-in.
  const [signInAgain, setSignInAgain] = useState<string>();
  const form = useForm({
    initial: { confirmation: '', password: '' },
    validate: (values) => ({
      confirmation: confirmed(values.confirmation) ? undefined : accountApiTexts.confirmationMismatch,
      password: hasPassword ? fieldError(signInPasswordSchema, values.password) : undefined,
    }),
    focusInvalid: true,
    invalidClearsError: true,
    onSubmit: async ({ password }) => {
      setSignInAgain(undefined);
      leaving.start();
      try {
        const answer = await deleteAccount({ confirmation: PHRASE, ...(hasPassword ? { password } : {}) });
        // The answer has already cleared the cookies and the front token; this clears what the SDK keeps.
        await signOut().catch((error: unknown) => console.error('Local sign-out failed', error));
        onDeleted(answer.message);
      } catch (error) {
        leaving.stop();
        const failure = accountFailure(error, t.failed);
        if (failure.status === 403) {
          setSignInAgain(failure.message);
          return;
        }
        return failure.fields ? { fields: failure.fields } : { error: failure.message };
      }
    },
  });

  const reauthenticate = async () => {
    rememberReturnTo('/account');
    await signOut().catch((error: unknown) => console.error('Sign-out failed', error));
    navigate('/signin', { replace: true });
  };

  const { values, submitting: busy } = form;
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
      <form className="auth-form" onSubmit={form.submit} noValidate aria-label={t.deleteTitle}>
        {form.error && <FocusedAlert className="form-alert">{form.error}</FocusedAlert>}
        {signInAgain && (
          <div className="account-reauth">
            <FocusedAlert className="form-alert">{signInAgain}</FocusedAlert>
            <button type="button" className="btn btn-ghost" onClick={reauthenticate}>
              {t.signInAgain}
            </button>
          </div>
        )}
        <FormField
          label={t.deleteConfirmLabel}
          {...form.field('confirmation')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={busy}
          required
        />
        {hasPassword && (
          <FormField
            label={t.deletePasswordLabel}
            type="password"
            {...form.field('password')}
            autoComplete="current-password"
            disabled={busy}
            required
          />
        )}
        <div className="account-actions">
          <button type="submit" className="btn btn-danger" disabled={busy || !confirmed(values.confirmation)} aria-busy={busy || undefined}>
            {busy ? t.deleting : t.deleteSubmit}
          </button>
        </div>
      </form>
    </section>
  );
}
