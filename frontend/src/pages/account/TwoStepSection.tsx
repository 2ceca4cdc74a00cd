import { useId, useState, type FormEvent } from 'react';
import type { StepUpProof } from '../../../../shared/schemas/step-up';
import { stepUpTexts } from '../../../../shared/texts/step-up';
import { twoStepTexts } from '../../../../shared/texts/two-step';
import { accountFailure, makeRecoveryCodes, readTwoStep, turnOffTwoStep } from '../../api/account';
import { isApiError } from '../../api/client';
import { confirmAppSetup, startAppSetup } from '../../auth/second-step';
import { passkeyProof } from '../../auth/passkeys';
import { ProofRefused } from '../../auth/step-up';
import { FocusedAlert } from '../../components/FocusedAlert';
import { RetryNotice } from '../../components/RetryNotice';
import { readFailure, type ReadFailure } from '../../api/unreachable';
import { useRead } from '../../hooks/use-read';
import { CodeEntry } from '../auth/CodeEntry';
import { FormField } from '../auth/FormField';
import { passkeyProofRefusal } from './account-actions';
import { Result } from './Result';
import { SubmitOrCancel } from './SubmitOrCancel';

const t = twoStepTexts.section;

type State =
  | { step: 'loading' }
  | { step: 'load-failed'; failure: ReadFailure }
  | { step: 'off' }
  | { step: 'starting' }
  /** `another`: a further app, on an account where two-step is on already (its `codesLeft`). */
  | { step: 'setting-up'; secret: string; qr: string; name: string; another?: { codesLeft: number } }
  | { step: 'codes'; codes: string[]; message: string }
  | { step: 'on'; codesLeft: number }
  | { step: 'regenerating'; codesLeft: number }
  | { step: 'adding'; codesLeft: number }
  | { step: 'turning-off'; codesLeft: number };

/** What a change here is proven with (docs/security.md#step-up): the password; a Google account, its app's code once it has one, else nothing (a recent sign-in). */
type Asks = 'password' | 'code' | 'nothing';

/** A module-level ref callback: a new step's heading takes focus, so it is read out. */
function focus(element: HTMLElement | null) {
  element?.focus();
}

/** The QR code of the otpauth:// address, drawn here (no image from anywhere else): a data URL. */
async function qrCodeOf(uri: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
}

/**
 * "Two-step verification" on /account: set up (QR code and key, then a code from the app), the ten
 * recovery codes shown once (copy, download), new codes, and turning it off. Each change asks in
 * place for the step-up proof (the current password; a Google account, its app's code once it has
 * one, or one of its passkeys), so a session left open cannot make them.
 */
export function TwoStepSection({ hasPassword, hasPasskey = false }: { hasPassword: boolean; hasPasskey?: boolean }) {
  // An account without a password may confirm with one of its passkeys (docs/security.md#step-up).
  const passkey = !hasPassword && hasPasskey;
  const read = useRead(readTwoStep, 'two-step');
  const [changed, setState] = useState<State>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const state: State =
    changed ??
    (read.state.status === 'loading'
      ? { step: 'loading' }
      : read.state.status === 'failed'
        ? { step: 'load-failed', failure: readFailure(read.state.error) }
        : read.state.value.enabled
          ? { step: 'on', codesLeft: read.state.value.recoveryCodesLeft }
          : { step: 'off' });

  const start = async (proof: StepUpProof, another?: { codesLeft: number }) => {
    setDone(undefined);
    const { secret, uri, name } = await startAppSetup(proof);
    setState({ step: 'setting-up', secret, qr: await qrCodeOf(uri), name, another });
  };

  const regenerate = async (proof: StepUpProof) => {
    setState({ step: 'codes', codes: await makeRecoveryCodes(proof), message: t.codesReplaced });
  };

  const change = (step: 'regenerating' | 'turning-off' | 'adding', codesLeft: number) => {
    setDone(undefined);
    setError(undefined);
    setState({ step, codesLeft });
  };

  return (
    <section className="card account-section" aria-labelledby="two-step-title" id="two-step">
      <h2 id="two-step-title">{t.title}</h2>
      {error && <FocusedAlert className="form-alert">{error}</FocusedAlert>}
      {state.step === 'loading' && <p className="muted">{t.starting}</p>}
      {state.step === 'load-failed' && <RetryNotice failure={state.failure} failed={t.loadFailed} onRetry={read.retry} />}
      {(state.step === 'off' || state.step === 'starting') && (
        <>
          <p className="muted">{t.offLead}</p>
          <ProofForm asks={hasPassword ? 'password' : 'nothing'} passkey={passkey} title={t.setUp} label={t.setUp} busyLabel={t.starting} send={start} />
        </>
      )}
      {state.step === 'setting-up' && (
        <SetUp
          secret={state.secret}
          qr={state.qr}
          name={state.name}
          another={state.another !== undefined}
          onDone={(codes) => {
            const another = state.another;
            if (!another) setState({ step: 'codes', codes: codes ?? [], message: t.turnedOn });
            else if (codes) setState({ step: 'codes', codes, message: t.anotherAddedNewCodes });
            else {
              setDone(t.anotherAdded);
              setState({ step: 'on', codesLeft: another.codesLeft });
            }
          }}
          onCancel={() => setState(state.another ? { step: 'on', codesLeft: state.another.codesLeft } : { step: 'off' })}
        />
      )}
      {state.step === 'codes' && (
        <RecoveryCodesView
          codes={state.codes}
          onDone={() => {
            setDone(state.message);
            setState({ step: 'on', codesLeft: state.codes.length });
          }}
        />
      )}
      {state.step === 'on' && (
        <>
          <p className="muted">{t.onLead}</p>
          <p>{t.codesLeft(state.codesLeft)}</p>
          <p className="muted">{t.regenerateNote}</p>
          <div className="account-actions">
            <button type="button" className="btn btn-ghost" onClick={() => change('regenerating', state.codesLeft)}>
              {t.regenerate}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => change('adding', state.codesLeft)}>
              {t.addAnother}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => change('turning-off', state.codesLeft)}>
              {t.turnOff}
            </button>
          </div>
        </>
      )}
      {state.step === 'adding' && (
        <ProofForm
          asks={hasPassword ? 'password' : 'code'}
          passkey={passkey}
          title={t.addAnother}
          label={t.addAnother}
          busyLabel={t.starting}
          send={(proof) => start(proof, { codesLeft: state.codesLeft })}
          onCancel={() => setState({ step: 'on', codesLeft: state.codesLeft })}
        />
      )}
      {state.step === 'regenerating' && (
        <ProofForm
          asks={hasPassword ? 'password' : 'code'}
          passkey={passkey}
          title={t.regenerateTitle}
          label={t.regenerateConfirm}
          busyLabel={t.regenerating}
          send={regenerate}
          onCancel={() => setState({ step: 'on', codesLeft: state.codesLeft })}
        />
      )}
      {state.step === 'turning-off' && (
        <ProofForm
          asks={hasPassword ? 'password' : 'code'}
          passkey={passkey}
          title={t.turnOffTitle}
          label={t.turnOffConfirm}
          busyLabel={t.turningOff}
          send={async (proof) => {
            const answer = await turnOffTwoStep(proof);
            setDone(answer.message);
            setState({ step: 'off' });
          }}
          onCancel={() => setState({ step: 'on', codesLeft: state.codesLeft })}
        />
      )}
      <Result message={done} />
    </section>
  );
}

interface SetUpProps {
  secret: string;
  qr: string;
  name: string;
  /** A further app: its owner chooses whether the recovery codes are replaced too (they are not, unless asked). */
  another: boolean;
  onDone: (codes: string[] | undefined) => void;
  onCancel: () => void;
}

function SetUp({ secret, qr, name, another, onDone, onCancel }: SetUpProps) {
  const [replaceCodes, setReplaceCodes] = useState(false);
  const check = async (code: string) => {
    const result = await confirmAppSetup(code, name, another && replaceCodes);
    if (result.status === 'OK') onDone(result.recoveryCodes);
    return result;
  };
  return (
    <div className="two-step-setup">
      <p ref={focus} tabIndex={-1}>
        {t.scan}
      </p>
      <img className="two-step-qr" src={qr} alt={t.qrAlt} width={200} height={200} />
      <p>
        {t.secretLabel}: <code className="two-step-secret">{secret.match(/.{1,4}/g)?.join(' ')}</code>
      </p>
      {another && (
        <div className="field">
          <label className="check">
            <input type="checkbox" checked={replaceCodes} onChange={(e) => setReplaceCodes(e.target.checked)} />
            <span>{t.replaceCodes}</span>
          </label>
        </div>
      )}
      <CodeEntry check={check} label={t.codeLabel} hint={t.codeHint} numeric maxLength={10} failed={t.failed} form={{ 'aria-label': t.setUp }}>
        {(busy) => <SubmitOrCancel busy={busy} label={t.confirm} busyLabel={t.confirming} cancelLabel={t.cancel} onCancel={onCancel} />}
      </CodeEntry>
    </div>
  );
}

/** The codes as a person keeps them: one a line. */
const codesText = (codes: string[]) => `${codes.join('\n')}\n`;

function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      setCopied(true);
    } catch (error) {
      console.error('Could not copy the codes', error);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'voxpen-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="two-step-codes">
      <h3 ref={focus} tabIndex={-1}>
        {t.codesTitle}
      </h3>
      <p className="muted">{t.codesLead}</p>
      <ol className="recovery-codes" aria-label={t.codesTitle}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="account-actions">
        <button type="button" className="btn btn-ghost" onClick={copy}>
          {t.copy}
        </button>
        <button type="button" className="btn btn-ghost" onClick={download}>
          {t.download}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t.codesDone}
        </button>
      </div>
      <div role="status">{copied ? <p className="muted">{t.copied}</p> : null}</div>
    </div>
  );
}

interface ProofFormProps {
  asks: Asks;
  /** Offer "Confirm with a passkey" beside the field: the browser's passkey dialog makes the proof. */
  passkey?: boolean;
  title: string;
  label: string;
  busyLabel: string;
  /** Makes the change with the proof; a refusal (the API's, or the SDK's ProofRefused) is shown here. */
  send: (proof: StepUpProof) => Promise<void>;
  onCancel?: () => void;
}

/** A change's own small form: the proof it asks for in place, its button, and its refusal beside the field. */
function ProofForm({ asks, passkey = false, title, label, busyLabel, send, onCancel }: ProofFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<{ message: string; field?: string }>();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const prove = async (proofOf: () => Promise<StepUpProof | string>) => {
    setBusy(true);
    setError(undefined);
    try {
      const proof = await proofOf();
      // A sentence instead of a proof: the passkey dialog came back without one.
      if (typeof proof === 'string') {
        setError({ message: proof });
        setAttempt((n) => n + 1);
        return;
      }
      await send(proof);
    } catch (failure) {
      if (failure instanceof ProofRefused) setError({ message: failure.message, field: failure.field && failure.message });
      else {
        if (!isApiError(failure)) console.error('Two-step verification change failed', failure);
        const { message, fields } = accountFailure(failure, t.failed);
        setError({ message, field: fields?.password ?? fields?.code });
      }
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void prove(async () => (asks === 'password' ? { password: value } : asks === 'code' ? { code: value } : {}));
  };

  const withPasskey = () =>
    prove(async () => {
      const made = await passkeyProof();
      return made.status === 'OK' ? made.proof : passkeyProofRefusal[made.status];
    });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      {onCancel && (
        <p id={titleId} ref={focus} tabIndex={-1}>
          <strong>{title}</strong>
        </p>
      )}
      {!onCancel && (
        <span id={titleId} hidden>
          {title}
        </span>
      )}
      {error && <FocusedAlert key={attempt} className="form-alert">{error.message}</FocusedAlert>}
      {asks === 'password' && (
        <FormField label={stepUpTexts.passwordLabel} type="password" name="password" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="current-password" hint={stepUpTexts.passwordHint} error={error?.field} disabled={busy} required />
      )}
      {asks === 'code' && (
        <FormField label={stepUpTexts.codeLabel} name="code" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="one-time-code" inputMode="numeric" error={error?.field} disabled={busy} required />
      )}
      {passkey && (
        <div className="account-actions">
          <button type="button" className="btn btn-ghost" onClick={() => void withPasskey()} disabled={busy}>
            {stepUpTexts.confirmWithPasskey}
          </button>
        </div>
      )}
      {onCancel ? (
        <SubmitOrCancel busy={busy} label={label} busyLabel={busyLabel} cancelLabel={t.cancel} onCancel={onCancel} />
      ) : (
        <div className="account-actions">
          {/* Setting up, beside "Add a passkey": Security's one primary action is the passkey's. */}
          <button type="submit" className="btn btn-ghost" disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : label}
          </button>
        </div>
      )}
    </form>
  );
}
