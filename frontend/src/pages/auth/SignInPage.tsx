import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Form, Link, Navigate, replace, useActionData, useLoaderData, useLocation, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { emailSchema, fieldError, signInPasswordSchema } from '../../../../shared/schemas/credentials';
import { authTexts } from '../../../../shared/texts/auth';
import { recordSignIn } from '../../api/users';
import { signInWithPassword } from '../../auth/auth-client';
import { captureDesktopSignIn } from '../../auth/desktop-handoff';
import { afterFirstFactorPath } from '../../auth/second-step';
import { hasSignedInBefore, signInHeading, signInIntent } from '../../auth/sign-in-intent';
import { useDelayedRedirect } from '../../auth/redirect';
import { sessionExists } from '../../auth/session';
import { SuccessView } from '../../auth/StatusView';
import { formText, problemsFound } from '../../form-fields';
import { readFailure, type ReadFailure } from '../../api/unreachable';
import { failureSentence, FormAlert } from '../../components/RetryNotice';
import { useFieldWiring } from '../../hooks/use-field-wiring';
import { useHeldPress } from '../../hooks/use-held-press';
import { useHydrated } from '../../hooks/use-hydrated';
import { rememberReturnToIn } from '../../return-to';
import { announceSessionHintChange } from '../../session-hint';
import { AuthSplit } from './AuthSplit';
import { FormField } from './FormField';
import { GoogleButton } from './GoogleButton';
import { NoScriptNotice } from './NoScriptNotice';
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

/** The form's fields, in their order on the page: the first with a problem takes focus. */
const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** What a submission came to: where a finished sign-in goes, or the form's alert and/or messages beside fields. */
export interface SignInOutcome {
  signedInTo?: string;
  error?: string;
  /** The service was away: the alert offers Retry (the same form sent again). */
  away?: ReadFailure;
  fields?: Partial<Record<Field, string>>;
}

/**
 * A finished sign-in, any way (password or passkey): recorded, the bar told of the new session (the
 * success view stays on /signin, and Login must go), and where it goes next: the second step when
 * the account owes one (the intent kept for after), else what the visitor came for.
 */
function finishSignIn(userId: string): string {
  void recordSignIn(userId);
  announceSessionHintChange();
  return afterFirstFactorPath();
}

/**
 * spec §4, §8: the form's submission, as the router's action. Each field's own problem first, before
 * anything is sent; then the sign-in, whose refusals are the form's alert (the limits' 429 and a
 * slow core's 503 come back as GENERAL_ERROR with the server's sentence) or beside a field.
 */
export async function action({ request }: ActionFunctionArgs): Promise<SignInOutcome> {
  const form = await request.formData();
  const fields = problemsFound({ email: fieldError(emailSchema, formText(form, 'email')), password: fieldError(signInPasswordSchema, formText(form, 'password')) });
  if (fields) return { fields };
  try {
    const result = await signInWithPassword(formText(form, 'email').trim(), formText(form, 'password'));
    if (result.status === 'OK') return { signedInTo: finishSignIn(result.userId) };
    if (result.status === 'WRONG_CREDENTIALS_ERROR') return { error: t.wrongCredentials };
    // The server's own check of the fields: beside them, one message each.
    if (result.status === 'FIELD_ERROR') return { fields: Object.fromEntries(result.formFields.map((f) => [f.id, f.error])) };
    if (result.status === 'GENERAL_ERROR') return { error: result.message };
    return { error: t.failed };
  } catch (error) {
    console.error('Sign in failed', error);
    // The service away (no answer in time, refused, a 503) is said as such, with Retry (docs/decisions.md#24).
    const failure = readFailure(error);
    return failure.kind === 'unreachable' ? { error: failureSentence(failure, t.error), away: failure } : { error: t.error };
  }
}

/**
 * A line that differs for a browser that has signed in before, as prerendered and until the page
 * knows the visit: both, the returning one `hidden`, and the stylesheet shows the one /theme.js
 * marked <html> for before the first paint (data-signed-in-before, auth.css), so a returning visitor
 * is welcomed back from the HTML on and hydration changes nothing on screen.
 */
function NewcomerOrReturning({ newcomer, returning }: { newcomer: string; returning: string }) {
  return (
    <>
      <span className="for-newcomer">{newcomer}</span>
      <span className="for-returning" hidden>
        {returning}
      </span>
    </>
  );
}

/** The aside as prerendered, for a visit whose intent the page does not know yet. */
const PLAIN_GREETING: { heading: ReactNode; lead: ReactNode } = {
  heading: <NewcomerOrReturning newcomer={authTexts.intent.signIn} returning={authTexts.intent.welcomeBack} />,
  lead: <NewcomerOrReturning newcomer={authTexts.intent.signInLead} returning={authTexts.intent.signInLeadReturning} />,
};

/**
 * What the visitor came for, read after the address's parameters are stored; what waits is said only
 * to a browser that has signed in before (a newcomer from the app has nothing yet).
 */
function visitGreeting(): { heading: string; lead: string } {
  const intent = signInIntent();
  const returning = hasSignedInBefore();
  return {
    heading: signInHeading(intent, returning),
    lead: returning ? authTexts.intent.signInLeadReturning : intent?.kind === 'desktop' ? authTexts.intent.signInLeadDesktop : authTexts.intent.signInLead,
  };
}

/**
 * spec §2 /signin, §4 sign-in form states, §8 sign-in errors. Prerendered as its own first view and
 * hydrated in place (shared/site-pages.ts FORM_SHELL_ROUTES): the same component shows while its loader
 * runs (HydrateFallback, below), so the form the HTML painted, and what was typed in it, stays.
 */
export function SignInPage() {
  const location = useLocation();
  // Undefined while the loader runs (the page is its own HydrateFallback) and in the prerendered HTML.
  const visit = useLoaderData<typeof loader>() as Awaited<ReturnType<typeof loader>> | undefined;
  const desktopParamsInUrl = visit?.desktopParamsInUrl ?? false;
  // Hydrated, the loader done: what only this visit knows may show, and the form is the page's to send.
  const hydrated = useHydrated();
  const ready = hydrated && visit !== undefined;
  // Read once, as the page becomes ready: a finished sign-in changes what it would say.
  const { heading, lead } = useMemo<{ heading: ReactNode; lead: ReactNode }>(() => (ready ? visitGreeting() : PLAIN_GREETING), [ready]);
  const outcome = useActionData<SignInOutcome>();
  // Busy from the press until the action has answered.
  const submitting = useNavigation().formData !== undefined;
  // A passkey's sign-in is the page's own (the browser's dialog, not a form): where it goes.
  const [passkeyTo, setPasskeyTo] = useState<string>();
  // Where a successful sign-in goes, once its message has shown.
  const successTo = passkeyTo ?? outcome?.signedInTo;
  useDelayedRedirect(successTo);
  // Google's or a passkey's own failure; a new submission takes it down. A passkey sign-in setting
  // out takes down the form's answer too (`dismissed`): what it said is stale.
  const [ownError, setOwnError] = useState<string>();
  const [dismissed, setDismissed] = useState<SignInOutcome>();
  const alert = ownError ?? (outcome === dismissed ? undefined : outcome?.error);
  const away = ownError || outcome === dismissed ? undefined : outcome?.away;
  const form = useRef<HTMLFormElement>(null);
  // The first field with a problem takes focus, so its message (aria-describedby) is read out.
  const wiring = useFieldWiring(outcome, FIELDS, submitting);
  useHeldPress(ready);

  if (successTo) return <SuccessView title={t.success} line={successLine(successTo)} />;

  return (
    <AuthSplit
      aside={
        <>
          <h1>{heading}</h1>
          <p className="lead">{lead}</p>
        </>
      }
    >
      {/* The desktop app's parameters are stored: the address need not show them. */}
      {desktopParamsInUrl && location.search && <Navigate to={location.pathname} replace />}
      <h2>Sign in to your account</h2>
      <p className="muted">Use Google, a passkey, or your email and password.</p>
      <GoogleButton disabled={submitting} onError={() => setOwnError(authTexts.google.error)} />
      <PasskeyButton
        disabled={submitting}
        onStart={() => {
          setOwnError(undefined);
          setDismissed(outcome);
        }}
        onSignedIn={(userId) => setPasskeyTo(finishSignIn(userId))}
        onError={setOwnError}
      />
      <div className="divider">or</div>
      <NoScriptNotice />
      <Form ref={form} method="post" className="auth-form" onSubmit={() => setOwnError(undefined)} noValidate aria-label="Sign in">
        <FormAlert away={away} alert={alert} failed={t.error} form={form} />
        <FormField label="Email" type="email" {...wiring('email')} autoComplete="email" required />
        <FormField
          label="Password"
          type="password"
          {...wiring('password')}
          autoComplete="current-password"
          required
          aside={<Link to="/auth/reset-password">Forgot password?</Link>}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? t.submitting : 'Sign In'}
        </button>
      </Form>
      <p className="auth-switch">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthSplit>
  );
}

/** While the loader runs, the page itself: the very markup prerendered, so hydration keeps it and the loader's answer changes nothing on screen. */
export const HydrateFallback = SignInPage;

export default SignInPage;
