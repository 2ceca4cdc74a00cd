import { useRef, useState, type ComponentType } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PASSKEY_FACTOR, RECOVERY_CODE_FACTOR, SECOND_FACTORS, type SecondFactorId } from '../../../../shared/second-factors';
import { twoStepTexts } from '../../../../shared/texts/two-step';
import { signOut } from '../../auth/auth-client';
import { signInWithPasskey } from '../../auth/passkeys';
import { isGeneralError, secondStepFactors, verifyAppCode, verifyRecoveryCode, type CodeResult } from '../../auth/second-step';
import { afterSignInPath } from '../../auth/sign-in-intent';
import { recordSignIn } from '../../api/users';
import { useSession } from '../../auth/session';
import { FailureView } from '../../auth/StatusView';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useHeldPress } from '../../hooks/use-held-press';
import { useHydrated } from '../../hooks/use-hydrated';
import { useRead } from '../../hooks/use-read';
import { rememberReturnTo } from '../../return-to';
import { announceSessionHintChange, readSessionHint, secondStepPendingByHint } from '../../session-hint';
import { AuthSplit } from './AuthSplit';
import { CodeEntry } from './CodeEntry';
import { NoScriptNotice } from './NoScriptNotice';

const t = twoStepTexts.mfa;

/** What a factor's view gets: the step is done (`onDone`); `startNow` when the click that chose it should start it too (a passkey's dialog). */
export interface FactorViewProps {
  onDone: () => void;
  startNow?: boolean;
  /** The id of the factor's heading, which names its form. */
  headingId: string;
}

export interface FactorEntry {
  label: string;
  View: ComponentType<FactorViewProps>;
}

/**
 * How this page completes each factor the API accepts as a second step (shared/second-factors.ts):
 * keyed by `SecondFactorId`, so a factor without an entry does not compile.
 */
const FACTOR_ENTRIES: Record<SecondFactorId, FactorEntry> = {
  totp: { ...t.factor.totp, View: (props) => <CodeForm {...props} lead={t.totpLead} label={t.codeLabel} numeric check={verifyAppCode} /> },
  webauthn: { ...t.factor.webauthn, View: PasskeyStep },
  'recovery-code': { ...t.factor['recovery-code'], View: (props) => <CodeForm {...props} lead={t.recoveryLead} label={t.recoveryLabel} check={verifyRecoveryCode} /> },
};

/** The factors this sign-in can complete, in SECOND_FACTORS' order: its next factors (narrowed to the address's `n`, when it names any of them). */
export function factorChoices(next: string[], n: string | null): SecondFactorId[] {
  const known = SECOND_FACTORS.filter((id) => next.includes(id));
  const asked = n?.split(',').map((id) => id.trim()) ?? [];
  const narrowed = known.filter((id) => asked.includes(id));
  return narrowed.length > 0 ? narrowed : known;
}

/** Where this browser keeps the factor its last second step was completed with, so the next opens on it. */
const LAST_FACTOR_KEY = 'voxpen-second-factor';

function lastUsedFactor(): string | null {
  try {
    return localStorage.getItem(LAST_FACTOR_KEY);
  } catch {
    return null;
  }
}

function rememberFactor(id: SecondFactorId): void {
  try {
    localStorage.setItem(LAST_FACTOR_KEY, id);
  } catch {
    // Storage refused (a private window's quota): the next sign-in opens on the primary factor instead.
  }
}

/**
 * The factor the page opens on: the one this browser last completed the step with, else the first in
 * SECOND_FACTORS' order that is not a recovery code (a code is for when the others are out of reach).
 */
export function openingFactor(choices: readonly SecondFactorId[], lastUsed: string | null): SecondFactorId | undefined {
  const last = choices.find((id) => id === lastUsed);
  return last ?? choices.find((id) => id !== RECOVERY_CODE_FACTOR) ?? choices[0];
}

/**
 * /auth/mfa (spec §2: `n`, `stepUp`, `setup`, `redirectToPath`): the second step of a sign-in, in one
 * click where it can be. It opens on one factor (the last used, else the primary) with the others as
 * links under it, and names the account. A session that owes nothing goes on (unless `stepUp` asks to
 * confirm again); `setup` goes to /account, where factors are set up; `redirectToPath` becomes the
 * return path. Once the step is done it goes on to what the visitor came for (the desktop app, a plan,
 * a page), as a first factor would have.
 */
export function SecondStepPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const n = params.get('n');
  const stepUp = params.get('stepUp') === 'true';
  const setup = params.get('setup');
  // Decided once, as the page opens: the return path stored, and whether this sign-in owes anything.
  const [owesNothing] = useState(() => {
    const redirectToPath = params.get('redirectToPath');
    if (redirectToPath) rememberReturnTo(redirectToPath);
    return !stepUp && !secondStepPendingByHint();
  });
  const [lastUsed] = useState(lastUsedFactor);
  const [email] = useState(() => readSessionHint()?.email);
  // The factor switched to by a link, and whether the switch was to a passkey, whose dialog the same click opens.
  const [chosen, setChosen] = useState<{ id: SecondFactorId; startNow: boolean }>();
  const signedIn = !session.loading && session.doesSessionExist;
  const factors = useRead(secondStepFactors, signedIn && !owesNothing && !setup ? 'factors' : undefined);
  // Prerendered (shared/site-pages.ts FORM_SHELL_ROUTES) as the opening factor's form before anything
  // is known, and hydrated so: what this browser and session know shows once hydrated. A code typed
  // and sent before then is held and sent once the session is read.
  const hydrated = useHydrated();
  useHeldPress(hydrated && !session.loading);

  if (hydrated && !session.loading && !session.doesSessionExist) return <Navigate to="/signin" replace />;
  if (hydrated && setup) return <Navigate to="/account#two-step" replace />;
  if (hydrated && owesNothing) return <Onward />;
  if (factors.state.status === 'failed') return <FailureView message={t.failed} next={{ to: '/signin', label: 'Sign in' }} />;
  // Until the factors are known, the one this browser last used (else the first): its form, ready to take the code.
  const known = factors.state.status === 'done' ? factors.state.value : undefined;
  const choices = known ? factorChoices(stepUp && known.next.length === 0 ? known.alreadySetup : known.next, n) : [];
  const id = chosen?.id ?? (known ? openingFactor(choices, lastUsed) : openingFactor(SECOND_FACTORS, hydrated ? lastUsed : null));
  if (id === undefined) return <Onward />;

  const done = () => {
    rememberFactor(id);
    // The sign-in is whole now: recorded here, as the first step could not (the API refused it until now).
    const signedIn = readSessionHint()?.userId;
    if (!stepUp && signedIn) void recordSignIn(signedIn);
    announceSessionHintChange();
    navigate(afterSignInPath(), { replace: true });
  };
  const leave = () => {
    void signOut()
      .catch((error: unknown) => console.error('Sign out failed', error))
      .then(() => navigate('/signin', { replace: true }));
  };

  return (
    <AuthSplit
      aside={
        <>
          <h1>{t.title}</h1>
          <p className="lead">{t.lead(hydrated ? email : undefined)}</p>
        </>
      }
    >
      <NoScriptNotice />
      <FactorView key={id} id={id} onDone={done} startNow={chosen?.startNow ?? false} />
      <OtherWays factors={choices.filter((other) => other !== id)} onChoose={(other) => setChosen({ id: other, startNow: other === PASSKEY_FACTOR })} />
      <p className="auth-switch">
        <button type="button" className="btn-link" onClick={leave}>
          {t.signOut}
        </button>
      </p>
    </AuthSplit>
  );
}

/** On to what the visitor came for: the intent used up once, as the page leaves. */
function Onward() {
  const [to] = useState(afterSignInPath);
  return <Navigate to={to} replace />;
}

/** A module-level ref callback: the factor's heading takes focus when it appears, so it is read out. */
function focus(heading: HTMLHeadingElement | null) {
  heading?.focus();
}

function FactorView({ id, ...props }: { id: SecondFactorId } & Omit<FactorViewProps, 'headingId'>) {
  const { View, label } = FACTOR_ENTRIES[id];
  const headingId = `factor-${id}-title`;
  return (
    <>
      <h2 id={headingId} tabIndex={-1} ref={focus}>
        {label}
      </h2>
      <View {...props} headingId={headingId} />
    </>
  );
}

/** The factors the page did not open on, each a link-looking button that switches to it. */
function OtherWays({ factors, onChoose }: { factors: SecondFactorId[]; onChoose: (id: SecondFactorId) => void }) {
  if (factors.length === 0) return null;
  return (
    <div className="other-ways">
      <p className="muted" id="other-ways-title">
        {t.otherWays}
      </p>
      <ul aria-labelledby="other-ways-title">
        {factors.map((id) => (
          <li key={id}>
            <button type="button" className="link-button" onClick={() => onChoose(id)}>
              {t.switchTo[id]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A code form: the app's six digits or a recovery code. Every refusal but a limit reads the same. */
function CodeForm({ lead, label, numeric, check, onDone, headingId }: FactorViewProps & { lead: string; label: string; numeric?: boolean; check: (code: string) => Promise<CodeResult> }) {
  const checkThenGo = async (code: string) => {
    const result = await check(code);
    if (result.status === 'OK') onDone();
    return result;
  };
  return (
    <CodeEntry
      check={checkThenGo}
      label={label}
      numeric={numeric}
      maxLength={20}
      failed={t.failed}
      clearRefused
      form={{ className: 'auth-form', 'aria-labelledby': headingId }}
      lead={<p className="muted">{lead}</p>}
    >
      {(busy) => (
        <>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.verifying : t.verify}
          </button>
        </>
      )}
    </CodeEntry>
  );
}

/**
 * A passkey of this account: the browser's own dialog, started by the button (some browsers allow it
 * only from a click). The sign-in is sent with the session, so it completes this session's step; the
 * API refuses another account's passkey, and every refusal reads the same.
 */
function PasskeyStep({ onDone, startNow, headingId }: FactorViewProps) {
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const outcome = await signInWithPasskey({ secondFactor: true });
      if (outcome.status === 'OK') return onDone();
      setError(outcome.status === 'CANCELLED' ? t.passkeyCancelled : outcome.status === 'UNSUPPORTED' ? t.passkeyUnsupported : t.passkeyFailed);
    } catch (failure) {
      // Not an answer about the passkey: a limit's sentence, or our service not answering (nothing said about the passkey).
      if (isGeneralError(failure)) setError(failure.message);
      else {
        console.error('Passkey second step failed', failure);
        setError(t.passkeyUnavailable);
      }
    }
    setAttempt((a) => a + 1);
    setBusy(false);
  };
  // Switched to by a link: the dialog opens as the button appears, within the click's user activation
  // (browsers open a passkey dialog only after a gesture), so a passkey is one click from any factor.
  const startOnce = (button: HTMLButtonElement | null) => {
    if (!button || started.current) return;
    started.current = true;
    void start();
  };

  return (
    <div className="auth-form" role="group" aria-labelledby={headingId}>
      <p className="muted">{t.passkeyLead}</p>
      {error && (
        <FocusedAlert key={attempt} className="form-alert">
          {error}
        </FocusedAlert>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={start} disabled={busy} aria-busy={busy || undefined} ref={startNow ? startOnce : undefined}>
        {busy ? t.waitingForPasskey : t.usePasskey}
      </button>
    </div>
  );
}

export default SecondStepPage;
