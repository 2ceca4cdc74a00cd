import { useMemo, useRef, useState } from 'react';
import { Form, Link, replace, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/product';
import { PRO_TRIAL_DAYS } from '../../../../shared/plans';
import { emailSchema, fieldError, newPasswordSchema } from '../../../../shared/schemas/credentials';
import { authTexts } from '../../../../shared/texts/auth';
import { signUpWithPassword } from '../../auth/auth-client';
import { afterFirstFactorPath } from '../../auth/second-step';
import { signInIntent, signInPathKeepingIntent, signUpHeading } from '../../auth/sign-in-intent';
import { sessionExists } from '../../auth/session';
import { CHECK_INBOX_PATH, SIGNED_UP_EMAIL_KEY } from '../../auth/verification-gate';
import { formText, problemsFound } from '../../form-fields';
import { readFailure, type ReadFailure } from '../../api/unreachable';
import { failureSentence, FormAlert } from '../../components/RetryNotice';
import { useFieldWiring } from '../../hooks/use-field-wiring';
import { useHeldPress } from '../../hooks/use-held-press';
import { useHydrated } from '../../hooks/use-hydrated';
import { AuthSplit } from './AuthSplit';
import { FormField } from './FormField';
import { GoogleButton } from './GoogleButton';
import { NoScriptNotice } from './NoScriptNotice';

const t = authTexts.signUp;

/** spec §2: the marketing figures beside the form. */
export const SIGN_UP_STATS = [
  { value: '500+', label: 'words per minute' },
  { value: '99.9%', label: 'accuracy' },
  { value: '75%', label: 'time saved' },
];

/** The form's fields, in their order on the page: the first with a problem takes focus. */
const FIELDS = ['name', 'email', 'password', 'confirm', 'terms'] as const;
type Field = (typeof FIELDS)[number];

/** What a submission came to, when it stayed on the page: the form's alert and/or messages beside fields. */
export interface SignUpOutcome {
  error?: string;
  /** The service was away: the alert offers Retry (the same form sent again). */
  away?: ReadFailure;
  fields?: Partial<Record<Field, string>>;
}

/** spec §5: each field's own problem, the first one each, before anything is sent. */
function fieldProblems(form: FormData): SignUpOutcome['fields'] {
  return problemsFound({
    name: formText(form, 'name').trim() ? undefined : authTexts.fields.nameRequired,
    email: fieldError(emailSchema, formText(form, 'email')),
    password: fieldError(newPasswordSchema, formText(form, 'password')),
    terms: formText(form, 'terms') ? undefined : t.termsRequired,
  });
}

/** A visitor already signed in goes where a sign-in would take them, before the form shows. */
export async function loader() {
  if (await sessionExists()) throw replace(afterFirstFactorPath());
  return null;
}

/** Once per visit: the session a sign-up creates goes to "Check your inbox", not where the loader would send it. */
export const shouldRevalidate = () => false;

/**
 * spec §5, §7, §8: the form's submission, as the router's action. The checks first (a mismatch is
 * the form's own alert), then the sign-up; the new account goes to "Check your inbox", which waits
 * for its address to be proven, then goes on (a pending desktop sign-in, the remembered page, or the dashboard).
 */
export async function action({ request }: ActionFunctionArgs): Promise<SignUpOutcome | Response> {
  const form = await request.formData();
  const fields = fieldProblems(form);
  if (fields) return { fields };
  if (formText(form, 'password') !== formText(form, 'confirm')) return { error: t.passwordsDoNotMatch };
  try {
    const email = formText(form, 'email').trim();
    const result = await signUpWithPassword(email, formText(form, 'password'), formText(form, 'name').trim());
    // One message per problem: a field's own problem (an email already taken) beside it, without the general alert on top.
    if (result.status === 'FIELD_ERROR') return { fields: Object.fromEntries(result.formFields.map((f) => [f.id, f.error])) };
    if (result.status !== 'OK') return { error: result.status === 'GENERAL_ERROR' ? result.message : t.failed };
    // The record (with the name) was made with the account; the address it was sent to is shown there.
    sessionStorage.setItem(SIGNED_UP_EMAIL_KEY, email);
    return replace(CHECK_INBOX_PATH);
  } catch (error) {
    console.error('Sign up failed', error);
    // The service away (no answer in time, refused, a 503) is said as such, with Retry (docs/decisions.md#24).
    const failure = readFailure(error);
    return failure.kind === 'unreachable' ? { error: failureSentence(failure, t.error), away: failure } : { error: t.error };
  }
}

/**
 * spec §2 /signup, §5 sign-up validation, §7 sign-up calls (origin rule, not a hardcoded host), §8
 * sign-up errors. Prerendered as its own first view and hydrated in place, as /signin is
 * (SignInPage.tsx; shared/site-pages.ts FORM_SHELL_ROUTES).
 */
export function SignUpPage() {
  // Undefined while the loader runs (the page is its own HydrateFallback) and in the prerendered HTML.
  const loaded = useLoaderData<typeof loader>() !== undefined;
  const ready = useHydrated() && loaded;
  // What the visitor came for, once only the browser can say; on the way to Pro, the trial rather than the Free plan's promise.
  // The way to /signin keeps a pending desktop sign-in.
  const { heading, forPro, signInPath } = useMemo(() => {
    const intent = ready ? signInIntent() : undefined;
    return { heading: signUpHeading(intent), forPro: intent?.kind === 'plan', signInPath: ready ? signInPathKeepingIntent() : '/signin' };
  }, [ready]);
  const outcome = useActionData<SignUpOutcome>();
  // Busy from the press until the page has moved on (the action's answer, or "Check your inbox" loading).
  const busy = useNavigation().formData !== undefined;
  // Google's own failure; a new submission takes it down.
  const [googleError, setGoogleError] = useState<string>();
  const alert = googleError ?? outcome?.error;
  const away = googleError ? undefined : outcome?.away;
  const form = useRef<HTMLFormElement>(null);
  // The first field with a problem takes focus, so its message (aria-describedby) is read out.
  const wiring = useFieldWiring(outcome, FIELDS, busy);
  // A native checkbox, not a FormField: its message is shown here, not passed on as an attribute.
  const { error: termsError, ...terms } = wiring('terms');
  useHeldPress(ready);

  return (
    <AuthSplit
      aside={
        <>
          <h1>{heading}</h1>
          <p className="lead">{forPro ? authTexts.intent.signUpLeadPro(PRO_TRIAL_DAYS) : authTexts.intent.signUpLeadFree}</p>
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
      <GoogleButton disabled={busy} onError={() => setGoogleError(authTexts.google.error)} />
      <p className="muted auth-google-terms">
        {authTexts.intent.googleTerms} <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <div className="divider">or</div>
      <NoScriptNotice />
      <Form ref={form} method="post" className="auth-form" onSubmit={() => setGoogleError(undefined)} noValidate aria-label="Sign up">
        <FormAlert away={away} alert={alert} failed={t.error} form={form} />
        <FormField label="Full name" {...wiring('name')} autoComplete="name" required />
        <FormField label="Email" type="email" {...wiring('email')} autoComplete="email" required />
        <FormField label="Password" type="password" {...wiring('password')} autoComplete="new-password" hint={t.passwordHint} minLength={8} required />
        <FormField label="Confirm password" type="password" {...wiring('confirm')} autoComplete="new-password" required />
        <div className="field">
          <label className="check">
            <input type="checkbox" {...terms} aria-invalid={termsError ? true : undefined} required />
            <span>
              I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>
            </span>
          </label>
          {termsError && <span className="field-error">{termsError}</span>}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </button>
      </Form>
      <p className="auth-switch">
        Already have an account? <Link to={signInPath}>Sign in</Link>
      </p>
    </AuthSplit>
  );
}

/** While the loader runs, the page itself, as /signin's (SignInPage.tsx HydrateFallback). */
export const HydrateFallback = SignUpPage;

export default SignUpPage;
