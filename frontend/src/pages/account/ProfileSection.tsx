import { useState } from 'react';
import type { SignInMethod } from '../../../../shared/api-types';
import { formatLocalDate } from '../../../../shared/format';
import { accountTexts } from './account-texts';
import { FocusedAlert } from '../../components/FocusedAlert';
import { FormField } from '../auth/FormField';
import type { AccountProfile } from '../../../../shared/api-types';
import { Result } from './Result';
import { useSectionForm } from './use-section-form';

const t = accountTexts;

export const methodNames = (methods: SignInMethod[]) => methods.map((m) => t.signInMethods[m]).join(', ');

/** The name (edited and saved, through the route's action), the email and how the account signs in. */
export function ProfileSection({ profile }: { profile: AccountProfile }) {
  const form = useSectionForm('rename', ['name']);
  // The saved sentence stands until the name is edited again.
  const [editedAfter, setEditedAfter] = useState<object>();
  const saved = form.outcome && form.outcome !== editedAfter ? form.outcome.message : undefined;
  const { busy } = form;
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
      <form.Form method="post" className="auth-form" noValidate aria-label="Your name">
        <input {...form.intent} />
        {form.outcome?.error && <FocusedAlert className="form-alert">{form.outcome.error}</FocusedAlert>}
        <FormField
          label="Name"
          {...form.field('name')}
          autoComplete="name"
          maxLength={200}
          defaultValue={profile.name ?? ''}
          onChange={() => setEditedAfter(form.outcome)}
          required
        />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.savingName : t.saveName}
          </button>
        </div>
      </form.Form>
      <Result message={saved} />
    </section>
  );
}
