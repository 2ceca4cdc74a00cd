import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/product';
import { emailSchema, fieldError, newPasswordSchema } from '../../../../shared/schemas/credentials';
import { authTexts } from '../../../../shared/texts/auth';
import { signUpWithPassword } from '../../auth/auth-client';
import { afterSignInPath, signInIntent, signInPathKeepingIntent, signUpHeading } from '../../auth/sign-in-intent';
import { useSession } from '../../auth/session';
import { CHECK_INBOX_PATH, SIGNED_UP_EMAIL_KEY } from '../../auth/verification-gate';
import { useForm } from '../../hooks/use-form';
import { hasSessionHint } from '../../session-hint';
import { AuthSplit } from './AuthSplit';
import { FormField } from './FormField';
import { GoogleButton } from './GoogleButton';

const t = authTexts.signUp;

/** spec §2: the marketing figures beside the form. */
export const SIGN_UP_STATS = [
  { value: '500+', label: 'words per minute' },
  { value: '99.9%', label: 'accuracy' },
  { value: '75%', label: 'time saved' },
];

/** spec §2 /signup, §5 sign-up validation, §7 sign-up calls (origin rule, not a hardcoded host), §8 sign-up errors. */
export function SignUpPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [heading] = useState(() => signUpHeading(signInIntent()));
  // Where the new account goes, decided once as the sign-up finishes: while the target's chunk loads
  // the page must keep pointing there, not at the dashboard (a desktop sign-up would never reach the app).
  const [doneTo, setDoneTo] = useState<string>();
  const form = useForm({
    initial: { name: '', email: '', password: '', confirm: '', terms: false },
    validate: (values) => ({
      name: values.name.trim() ? undefined : authTexts.fields.nameRequired,
      email: fieldError(emailSchema, values.email),
      password: fieldError(newPasswordSchema, values.password),
      terms: values.terms ? undefined : t.termsRequired,
    }),
    invalidClearsError: true,
    // The first field with a problem takes focus, so its message (aria-describedby) is read out.
    focusInvalid: true,
    // spec §5: a mismatch is the form's own alert.
    confirm: (values) => (values.password !== values.confirm ? t.passwordsDoNotMatch : undefined),
    onSubmit: async (values) => {
      try {
        const email = values.email.trim();
        const result = await signUpWithPassword(email, values.password, values.name.trim());
        // One message per problem: a field's own problem (an email already taken) beside it,
        // without the general alert on top.
        if (result.status === 'FIELD_ERROR') return { fields: Object.fromEntries(result.formFields.map((f) => [f.id, f.error])) };
        if (result.status !== 'OK') return { error: result.status === 'GENERAL_ERROR' ? result.message : t.failed };
        // The record (with the name) was made with the account. Nothing is open to the session until
        // the address is proven: "Check your inbox" waits for that, then goes on (a pending desktop
        // sign-in, the remembered page, or the dashboard).
        sessionStorage.setItem(SIGNED_UP_EMAIL_KEY, email);
        setDoneTo(CHECK_INBOX_PATH);
      } catch (error) {
        console.error('Sign up failed', error);
        return { error: t.error };
      }
    },
  });

  // A visitor already signed in goes where a sign-in would take them. Only while idle: mid-submit the
  // new session goes to "Check your inbox" instead. Once: afterSignInPath uses the return path up.
  const redirectSignedIn = !doneTo && !session.loading && session.doesSessionExist && !form.submitting && !form.error;
  const leftSignedIn = useRef(false);
  useEffect(() => {
    if (!redirectSignedIn || leftSignedIn.current) return;
    leftSignedIn.current = true;
    navigate(afterSignInPath(), { replace: true });
  }, [redirectSignedIn, navigate]);

  if (doneTo) return <Navigate to={doneTo} replace />;
  if (redirectSignedIn) return null;
  // Likely signed in: nothing until the session is known, rather than the form for a moment.
  if (session.loading && hasSessionHint()) return null;

  const busy = form.submitting;
  const { values, errors } = form;

  return (
    <AuthSplit
      aside={
        <>
          <h1>{heading}</h1>
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
      <GoogleButton disabled={busy} onError={() => form.setError(authTexts.google.error)} />
      <div className="divider">or</div>
      <form className="auth-form" onSubmit={form.submit} noValidate aria-label="Sign up">
        {form.error && (
          <p className="form-alert" role="alert">
            {form.error}
          </p>
        )}
        <FormField label="Full name" {...form.field('name')} autoComplete="name" disabled={busy} required />
        <FormField label="Email" type="email" {...form.field('email')} autoComplete="email" disabled={busy} required />
        <FormField
          label="Password"
          type="password"
          {...form.field('password')}
          autoComplete="new-password"
          disabled={busy}
          hint={t.passwordHint}
          minLength={8}
          required
        />
        <FormField
          label="Confirm password"
          type="password"
          {...form.field('confirm')}
          autoComplete="new-password"
          disabled={busy}
          required
        />
        <div className="field">
          <label className="check">
            <input type="checkbox" name="terms" checked={values.terms} onChange={form.change('terms')} disabled={busy} aria-invalid={errors.terms ? true : undefined} required />
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
        Already have an account? <Link to={signInPathKeepingIntent()}>Sign in</Link>
      </p>
    </AuthSplit>
  );
}

export default SignUpPage;
