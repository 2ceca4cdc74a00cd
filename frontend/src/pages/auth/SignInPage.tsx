import { useState } from 'react';
import { Link, Navigate, replace, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { emailSchema, signInPasswordSchema } from '../../../../shared/schemas/credentials';
import { authTexts } from '../../../../shared/texts/auth';
import { recordSignIn } from '../../api/users';
import { signInWithPassword } from '../../auth/auth-client';
import { captureDesktopSignIn } from '../../auth/desktop-handoff';
import { afterFirstFactorPath } from '../../auth/second-step';
import { hasSignedInBefore, signInHeading, signInIntent } from '../../auth/sign-in-intent';
import { useDelayedRedirect } from '../../auth/redirect';
import { sessionExists } from '../../auth/session';
import { SuccessView } from '../../auth/StatusView';
import { useForm } from '../../hooks/use-form';
import { rememberReturnToIn } from '../../return-to';
import { announceSessionHintChange } from '../../session-hint';
import { AuthSplit } from './AuthSplit';
import { FormField } from './FormField';
import { GoogleButton } from './GoogleButton';
import { PasskeyButton } from './PasskeyButton';
import { successLine } from './success-line';

const t = authTexts.signIn;

/**
 * Before the page renders, from the address it was opened with: its return path (a signed-out
 * /account's, from the CDN), and the desktop app's parameters (spec §2), stored, or cleared when not
 * both present. spec §2: a visitor who is already signed in goes straight on. Once per visit
 * (shouldRevalidate): afterSignInPath uses up the return path, and the page's own clean-up of its
 * address must not clear what was just stored.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  rememberReturnToIn(search);
  const desktopParamsInUrl = captureDesktopSignIn(search);
  if (await sessionExists()) throw replace(afterFirstFactorPath());
  return { desktopParamsInUrl };
}

export const shouldRevalidate = () => false;

/** spec §2 /signin, §4 sign-in form states, §8 sign-in errors. */
export function SignInPage() {
  const location = useLocation();
  const { desktopParamsInUrl } = useLoaderData<typeof loader>();
  // What the visitor came for, read after the address's parameters are stored.
  const [heading] = useState(() => signInHeading(signInIntent(), hasSignedInBefore()));
  // Where a successful sign-in goes, once its message has shown.
  const [successTo, setSuccessTo] = useState<string>();
  useDelayedRedirect(successTo);
  /** A finished sign-in, any way: recorded, then the success message before the intent's page. */
  const signedIn = (userId: string) => {
    void recordSignIn(userId);
    // An account with two-step verification goes on to its second step, the intent kept for after.
    setSuccessTo(afterFirstFactorPath());
    // The success view stays on /signin: the bar must hear of the new session to drop Login.
    announceSessionHintChange();
  };
  const form = useForm({
    initial: { email: '', password: '' },
    validate: { email: emailSchema, password: signInPasswordSchema },
    // The first field with a problem takes focus, so its message (aria-describedby) is read out.
    focusInvalid: true,
    onSubmit: async ({ email, password }) => {
      try {
        const result = await signInWithPassword(email.trim(), password);
        if (result.status === 'OK') return signedIn(result.userId);
        if (result.status === 'WRONG_CREDENTIALS_ERROR') return { error: t.wrongCredentials };
        // The server's own check of the fields: beside them, one message each.
        if (result.status === 'FIELD_ERROR') return { fields: Object.fromEntries(result.formFields.map((f) => [f.id, f.error])) };
        if (result.status === 'GENERAL_ERROR') return { error: result.message };
        return { error: t.failed };
      } catch (error) {
        console.error('Sign in failed', error);
        return { error: t.error };
      }
    },
  });

  if (successTo) return <SuccessView title={t.success} line={successLine(successTo)} />;

  const { submitting } = form;

  return (
    <AuthSplit
      aside={
        <>
          <h1>{heading}</h1>
          <p className="lead">Pick up where you left off: your dictations, your words per minute and your plan are waiting.</p>
        </>
      }
    >
      {/* The desktop app's parameters are stored: the address need not show them. */}
      {desktopParamsInUrl && location.search && <Navigate to={location.pathname} replace />}
      <h2>Sign in to your account</h2>
      <p className="muted">Use Google, a passkey, or your email and password.</p>
      <GoogleButton disabled={submitting} onError={() => form.setError(authTexts.google.error)} />
      <PasskeyButton
        disabled={submitting}
        onStart={() => form.setError(undefined)}
        onSignedIn={signedIn}
        onError={form.setError}
      />
      <div className="divider">or</div>
      <form className="auth-form" onSubmit={form.submit} noValidate aria-label="Sign in">
        {form.error && (
          <p className="form-alert" role="alert">
            {form.error}
          </p>
        )}
        <FormField
          label="Email"
          type="email"
          {...form.field('email')}
          autoComplete="email"
          disabled={submitting}
          required
        />
        <FormField
          label="Password"
          type="password"
          {...form.field('password')}
          autoComplete="current-password"
          disabled={submitting}
          required
          aside={<Link to="/auth/reset-password">Forgot password?</Link>}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? t.submitting : 'Sign In'}
        </button>
      </form>
      <p className="auth-switch">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthSplit>
  );
}

export default SignInPage;
