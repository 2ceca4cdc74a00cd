import { useState } from 'react';
import type { SignInMethod } from '../../../../shared/api-types';
import { formatLocalDate } from '../../../../shared/format';
import { renameBody } from '../../../../shared/schemas/account';
import { accountTexts } from './account-texts';
import { accountFailure, renameAccount } from '../../api/account';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useForm } from '../../hooks/use-form';
import { FormField } from '../auth/FormField';
import type { AccountProfile } from '../../../../shared/api-types';
import { Result } from './Result';

const t = accountTexts;

export const methodNames = (methods: SignInMethod[]) => methods.map((m) => t.signInMethods[m]).join(' and ');

/** The name (edited and saved), the email and how the account signs in. */
export function ProfileSection({ profile }: { profile: AccountProfile }) {
  // The name as last saved: the form's value may still hold what was typed (untrimmed).
  const [saved, setSaved] = useState<string>();
  const form = useForm({
    initial: { name: profile.name ?? '' },
    validate: { name: renameBody.shape.name },
    focusInvalid: true,
    invalidClearsError: true,
    onSubmit: async ({ name }) => {
      setSaved(undefined);
      try {
        const answer = await renameAccount(name);
        setSaved(answer.message);
      } catch (error) {
        const failure = accountFailure(error, t.failed);
        return failure.fields?.name ? { fields: { name: failure.fields.name } } : { error: failure.message };
      }
    },
  });
  const busy = form.submitting;
  return (
    <section className="card account-section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <dl className="account-facts">
        <div>
          <dt>Email</dt>
          <dd>{profile.email}</dd>
        </div>
        <div>
          <dt>Signs in with</dt>
          <dd>{profile.signInMethods.length ? methodNames(profile.signInMethods) : '—'}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{formatLocalDate(profile.createdAt)}</dd>
        </div>
      </dl>
      <form className="auth-form" onSubmit={form.submit} noValidate aria-label="Your name">
        {form.error && <FocusedAlert className="form-alert">{form.error}</FocusedAlert>}
        <FormField
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={200}
          value={form.values.name}
          onChange={(event) => {
            setSaved(undefined);
            form.change('name')(event);
          }}
          disabled={busy}
          error={form.errors.name}
          required
        />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.savingName : t.saveName}
          </button>
        </div>
      </form>
      <Result message={saved} />
    </section>
  );
}
