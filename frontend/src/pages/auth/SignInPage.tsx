import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/product';
import { emailSchema, fieldError, signInPasswordSchema } from '../../../../shared/schemas/accounts';
import { texts } from '../../../../shared/texts';
import { recordSignIn } from '../../api/accounts';
import { signInWithPassword } from '../../auth/auth-client';
import { afterSignInPath, captureDesktopSignIn } from '../../auth/desktop-handoff';
import { useDelayedRedirect } from '../../auth/redirect';
import { useSession } from '../../auth/session';
import { SuccessView } from '../../auth/StatusView';
import { AuthSplit } from './AuthSplit';
import { FormField } from './FormField';
import { GoogleButton } from './GoogleButton';

const t = texts.auth.signIn;

type FormState = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success'; to: string } | { kind: 'error'; message: string };

/** spec §2 /signin, §4 sign-in form states, §8 sign-in errors. */
export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once, from the address the page was opened with (spec §2): stored, or cleared when not both present.
  const [desktopParamsInUrl] = useState(() => captureDesktopSignIn(location.search));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  useDelayedRedirect(state.kind === 'success' ? state.to : undefined);

  const redirectSignedIn = !session.loading && session.doesSessionExist && state.kind !== 'submitting' && state.kind !== 'success';
  const leftSignedIn = useRef(false);

  useEffect(() => {
    // spec §2: a visitor who is already signed in goes straight on (not mid-submit: that shows success
    // first). Once: afterSignInPath uses up the return path, and React may run this effect twice.
    if (!redirectSignedIn || leftSignedIn.current) return;
    leftSignedIn.current = true;
    navigate(afterSignInPath(), { replace: true });
  }, [redirectSignedIn, navigate]);

  useEffect(() => {
    // Once the session is known: the signed-in leave anyway; for the others, drop the parameters from the address.
    if (desktopParamsInUrl && !session.loading && !session.doesSessionExist && location.search) navigate(location.pathname, { replace: true });
  }, [desktopParamsInUrl, session.loading, session.doesSessionExist, location.pathname, location.search, navigate]);

  if (state.kind === 'success') return <SuccessView title={t.success} line={t.redirecting} />;
  if (redirectSignedIn) return null;

  const submitting = state.kind === 'submitting';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: fieldError(emailSchema, email), password: fieldError(signInPasswordSchema, password) };
    setErrors(found);
    if (found.email || found.password) return;
    setState({ kind: 'submitting' });
    try {
      const result = await signInWithPassword(email.trim(), password);
      if (result.status === 'OK') {
        void recordSignIn(result.userId);
        setState({ kind: 'success', to: afterSignInPath() });
      } else if (result.status === 'WRONG_CREDENTIALS_ERROR') {
        setState({ kind: 'error', message: t.wrongCredentials });
      } else if (result.status === 'GENERAL_ERROR') {
        setState({ kind: 'error', message: result.message });
      } else {
        setState({ kind: 'error', message: t.failed });
      }
    } catch (error) {
      console.error('Sign in failed', error);
      setState({ kind: 'error', message: t.error });
    }
  };

  return (
    <AuthSplit
      aside={
        <>
          <h1>Welcome back to {PRODUCT_NAME}</h1>
          <p className="lead">Pick up where you left off: your dictations, your words per minute and your plan are waiting.</p>
        </>
      }
    >
      <h2>Sign in to your account</h2>
      <p className="muted">Use Google or your email and password.</p>
      <GoogleButton disabled={submitting} onError={() => setState({ kind: 'error', message: texts.auth.google.error })} />
      <div className="divider">or</div>
      <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign in">
        {state.kind === 'error' && (
          <p className="form-alert" role="alert">
            {state.message}
          </p>
        )}
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={submitting}
          error={errors.email}
          required
        />
        <FormField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={submitting}
          error={errors.password}
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
