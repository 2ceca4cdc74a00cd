import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/product';
import { emailSchema, fieldError, newPasswordSchema } from '../../../../shared/schemas/accounts';
import { texts } from '../../../../shared/texts';
import { saveUserRecord } from '../../api/accounts';
import { signUpWithPassword } from '../../auth/auth-client';
import { afterSignInPath } from '../../auth/desktop-handoff';
import { useSession } from '../../auth/session';
import { AuthSplit } from './AuthSplit';
import { FormField } from './FormField';
import { GoogleButton } from './GoogleButton';

const t = texts.auth.signUp;

/** spec §2: the marketing figures beside the form. */
export const SIGN_UP_STATS = [
  { value: '500+', label: 'words per minute' },
  { value: '99.9%', label: 'accuracy' },
  { value: '75%', label: 'time saved' },
];

type Field = 'name' | 'email' | 'password' | 'confirm' | 'terms';
type FormState = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'done' } | { kind: 'error'; message: string };

/** spec §2 /signup, §5 sign-up validation, §7 sign-up calls (origin rule, not a hardcoded host), §8 sign-up errors. */
export function SignUpPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState({ name: '', email: '', password: '', confirm: '' });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<FormState>({ kind: 'idle' });

  if (!session.loading && session.doesSessionExist && state.kind === 'idle') return <Navigate to="/dashboard" replace />;

  const busy = state.kind === 'submitting' || state.kind === 'done';
  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const validate = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {
      name: values.name.trim() ? undefined : texts.auth.fields.required,
      email: fieldError(emailSchema, values.email),
      password: fieldError(newPasswordSchema, values.password),
      terms: terms ? undefined : t.termsRequired,
    };
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Partial<Record<Field, string>>;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return setState({ kind: 'idle' });
    // spec §5: a mismatch is the form's own alert.
    if (values.password !== values.confirm) return setState({ kind: 'error', message: t.passwordsDoNotMatch });
    setState({ kind: 'submitting' });
    try {
      const email = values.email.trim();
      const result = await signUpWithPassword(email, values.password);
      if (result.status !== 'OK') {
        if (result.status === 'FIELD_ERROR') setErrors(Object.fromEntries(result.formFields.map((f) => [f.id, f.error])));
        return setState({ kind: 'error', message: result.status === 'GENERAL_ERROR' ? result.message : t.failed });
      }
      setState({ kind: 'done' });
      try {
        await saveUserRecord({ name: values.name.trim(), email, supertokensUserId: result.userId });
      } catch (error) {
        // spec §8: a failure saving the record is logged and the redirect still happens (the dashboard ensures it).
        console.error('Could not save the user record', error);
      }
      navigate(afterSignInPath(), { replace: true });
    } catch (error) {
      console.error('Sign up failed', error);
      setState({ kind: 'error', message: t.error });
    }
  };

  return (
    <AuthSplit
      aside={
        <>
          <h1>Start writing with your voice</h1>
          <p className="lead">Create your free {PRODUCT_NAME} account: 500 words a month on the Free plan, no card needed.</p>
          <ul className="auth-stats" aria-label={`${PRODUCT_NAME} in numbers`}>
            {SIGN_UP_STATS.map((s) => (
              <li key={s.label}>
                <strong>{s.value}</strong> {s.label}
              </li>
            ))}
          </ul>
        </>
      }
    >
      <h2>Create your account</h2>
      <p className="muted">It takes less than a minute.</p>
      <GoogleButton disabled={busy} onError={() => setState({ kind: 'error', message: texts.auth.google.error })} />
      <div className="divider">or</div>
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign up">
        {state.kind === 'error' && (
          <p className="form-alert" role="alert">
            {state.message}
          </p>
        )}
        <FormField label="Full name" name="name" autoComplete="name" value={values.name} onChange={set('name')} disabled={busy} error={errors.name} required />
        <FormField label="Email" type="email" name="email" autoComplete="email" value={values.email} onChange={set('email')} disabled={busy} error={errors.email} required />
        <FormField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          disabled={busy}
          hint={t.passwordHint}
          error={errors.password}
          minLength={8}
          required
        />
        <FormField
          label="Confirm password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set('confirm')}
          disabled={busy}
          required
        />
        <div className="field">
          <label className="check">
            <input type="checkbox" name="terms" checked={terms} onChange={(e) => setTerms(e.target.checked)} disabled={busy} aria-invalid={errors.terms ? true : undefined} required />
            <span>
              I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>
            </span>
          </label>
          {errors.terms && <span className="field-error">{errors.terms}</span>}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthSplit>
  );
}

export default SignUpPage;
