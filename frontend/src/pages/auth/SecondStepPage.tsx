import { useState, type ComponentType } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SECOND_FACTORS, type SecondFactorId } from '../../../../shared/second-factors';
import { twoStepTexts } from '../../../../shared/texts/two-step';
import { signOut } from '../../auth/auth-client';
import { signInWithPasskey } from '../../auth/passkeys';
import { isGeneralError, secondStepFactors, verifyAppCode, verifyRecoveryCode, type CodeResult } from '../../auth/second-step';
import { afterSignInPath } from '../../auth/sign-in-intent';
import { useSession } from '../../auth/session';
import { FailureView, WorkingView } from '../../auth/StatusView';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useRead } from '../../hooks/use-read';
import { rememberReturnTo } from '../../return-to';
import { announceSessionHintChange, secondStepPendingByHint } from '../../session-hint';
import { AuthSplit } from './AuthSplit';
import { CodeEntry } from './CodeEntry';

const t = twoStepTexts.mfa;

/** What a factor's view gets: the step is done (`onDone`), or the visitor wants the chooser back (`onBack`, when there is one). */
export interface FactorViewProps {
  onDone: () => void;
  onBack?: () => void;
  /** The id of the factor's heading, which names its form. */
  headingId: string;
}

export interface FactorEntry {
  label: string;
  description: string;
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

/** The chooser's entries, in SECOND_FACTORS' order: the sign-in's next factors (narrowed to the address's `n`, when it names any of them). */
export function factorChoices(next: string[], n: string | null): SecondFactorId[] {
  const known = SECOND_FACTORS.filter((id) => next.includes(id));
  const asked = n?.split(',').map((id) => id.trim()) ?? [];
  const narrowed = known.filter((id) => asked.includes(id));
  return narrowed.length > 0 ? narrowed : known;
}

/**
 * /auth/mfa (spec §2: `n`, `stepUp`, `setup`, `redirectToPath`; §4: straight to the factor when
 * exactly one is next, else the chooser): the second step of a sign-in. A session that owes nothing
 * goes on (unless `stepUp` asks to confirm again); `setup` goes to /account, where factors are set
 * up; `redirectToPath` becomes the return path. Once the step is done it goes on to what the visitor
 * came for (the desktop app, a plan, a page), as a first factor would have.
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
  const [chosen, setChosen] = useState<SecondFactorId>();
  const signedIn = !session.loading && session.doesSessionExist;
  const factors = useRead(secondStepFactors, signedIn && !owesNothing && !setup ? 'factors' : undefined);

  if (session.loading) return <WorkingView label={t.checking} />;
  if (!session.doesSessionExist) return <Navigate to="/signin" replace />;
  if (setup) return <Navigate to="/account#two-step" replace />;
  if (owesNothing) return <Onward />;
  if (factors.state.status === 'loading') return <WorkingView label={t.checking} />;
  if (factors.state.status === 'failed') return <FailureView message={t.failed} next={{ to: '/signin', label: 'Sign in' }} />;
  const { next, alreadySetup } = factors.state.value;
  const choices = factorChoices(stepUp && next.length === 0 ? alreadySetup : next, n);
  if (choices.length === 0) return <Onward />;
  const id = chosen ?? (choices.length === 1 ? choices[0] : undefined);

  const done = () => {
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
          <p className="lead">{t.chooserLead}</p>
        </>
      }
    >
      {id === undefined ? (
        <Chooser factors={choices} onChoose={setChosen} />
      ) : (
        <FactorView key={id} id={id} onDone={done} onBack={choices.length > 1 ? () => setChosen(undefined) : undefined} />
      )}
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

function Chooser({ factors, onChoose }: { factors: SecondFactorId[]; onChoose: (id: SecondFactorId) => void }) {
  return (
    <>
      <h2>{t.chooserLead}</h2>
      <ul className="factor-choices">
        {factors.map((id) => (
          <li key={id}>
            <button type="button" className="factor-choice" onClick={() => onChoose(id)}>
              <strong>{FACTOR_ENTRIES[id].label}</strong>
              <span className="muted">{FACTOR_ENTRIES[id].description}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Use another way": back to the chooser, when there is one to go back to; not while a try is under way. */
function OtherWay({ onBack, busy }: { onBack?: () => void; busy: boolean }) {
  if (!onBack) return null;
  return (
    <button type="button" className="btn btn-ghost btn-block" onClick={onBack} disabled={busy}>
      {t.otherWay}
    </button>
  );
}

/** A code form: the app's six digits or a recovery code. Every refusal but a limit reads the same. */
function CodeForm({ lead, label, numeric, check, onDone, onBack, headingId }: FactorViewProps & { lead: string; label: string; numeric?: boolean; check: (code: string) => Promise<CodeResult> }) {
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
          <OtherWay onBack={onBack} busy={busy} />
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
function PasskeyStep({ onDone, onBack, headingId }: FactorViewProps) {
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

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

  return (
    <div className="auth-form" role="group" aria-labelledby={headingId}>
      <p className="muted">{t.passkeyLead}</p>
      {error && (
        <FocusedAlert key={attempt} className="form-alert">
          {error}
        </FocusedAlert>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={start} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t.waitingForPasskey : t.usePasskey}
      </button>
      <OtherWay onBack={onBack} busy={busy} />
    </div>
  );
}

export default SecondStepPage;
