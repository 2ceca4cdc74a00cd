import { useState, type FormEvent } from 'react';
import { twoStepTexts } from '../../../../shared/texts/two-step';
import { accountFailure, makeRecoveryCodes, readTwoStep, turnOffTwoStep } from '../../api/account';
import { confirmAppSetup, startAppSetup } from '../../auth/second-step';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useRead } from '../../hooks/use-read';
import { CodeEntry } from '../auth/CodeEntry';
import { FormField } from '../auth/FormField';
import { Result } from './Result';
import { SubmitOrCancel } from './SubmitOrCancel';

const t = twoStepTexts.section;

type State =
  | { step: 'loading' }
  | { step: 'load-failed' }
  | { step: 'off' }
  | { step: 'starting' }
  | { step: 'setting-up'; secret: string; qr: string }
  | { step: 'codes'; codes: string[] }
  | { step: 'on'; codesLeft: number }
  | { step: 'turning-off'; codesLeft: number };

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
 * recovery codes shown once (copy, download), new codes, and turning it off with the password (a
 * Google account: a sign-in of the last 5 minutes).
 */
export function TwoStepSection({ hasPassword }: { hasPassword: boolean }) {
  const read = useRead(readTwoStep, 'two-step');
  const [changed, setState] = useState<State>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const state: State =
    changed ??
    (read.state.status === 'loading'
      ? { step: 'loading' }
      : read.state.status === 'failed'
        ? { step: 'load-failed' }
        : read.state.value.enabled
          ? { step: 'on', codesLeft: read.state.value.recoveryCodesLeft }
          : { step: 'off' });

  const start = async () => {
    setError(undefined);
    setDone(undefined);
    setState({ step: 'starting' });
    try {
      const { secret, uri } = await startAppSetup();
      setState({ step: 'setting-up', secret, qr: await qrCodeOf(uri) });
    } catch (failure) {
      console.error('Could not start two-step verification', failure);
      setError(t.failed);
      setState({ step: 'off' });
    }
  };

  const regenerate = async () => {
    setError(undefined);
    setDone(undefined);
    try {
      setState({ step: 'codes', codes: await makeRecoveryCodes() });
    } catch (failure) {
      setError(accountFailure(failure, t.failed).message);
    }
  };

  return (
    <section className="card account-section" aria-labelledby="two-step-title" id="two-step">
      <h2 id="two-step-title">{t.title}</h2>
      {error && <FocusedAlert className="form-alert">{error}</FocusedAlert>}
      {state.step === 'loading' && <p className="muted">{t.starting}</p>}
      {state.step === 'load-failed' && <p className="form-alert">{t.loadFailed}</p>}
      {(state.step === 'off' || state.step === 'starting') && (
        <>
          <p className="muted">{t.offLead}</p>
          <div className="account-actions">
            <button type="button" className="btn btn-primary" onClick={start} disabled={state.step === 'starting'} aria-busy={state.step === 'starting' || undefined}>
              {state.step === 'starting' ? t.starting : t.setUp}
            </button>
          </div>
        </>
      )}
      {state.step === 'setting-up' && (
        <SetUp
          secret={state.secret}
          qr={state.qr}
          onDone={(codes) => setState({ step: 'codes', codes })}
          onCancel={() => setState({ step: 'off' })}
        />
      )}
      {state.step === 'codes' && (
        <RecoveryCodesView
          codes={state.codes}
          onDone={() => {
            setDone(t.turnedOn);
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
            <button type="button" className="btn btn-ghost" onClick={regenerate}>
              {t.regenerate}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => (setDone(undefined), setError(undefined), setState({ step: 'turning-off', codesLeft: state.codesLeft }))}>
              {t.turnOff}
            </button>
          </div>
        </>
      )}
      {state.step === 'turning-off' && (
        <TurnOff
          hasPassword={hasPassword}
          onDone={(message) => {
            setDone(message);
            setState({ step: 'off' });
          }}
          onCancel={() => setState({ step: 'on', codesLeft: state.codesLeft })}
        />
      )}
      <Result message={done} />
    </section>
  );
}

function SetUp({ secret, qr, onDone, onCancel }: { secret: string; qr: string; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const check = async (code: string) => {
    const result = await confirmAppSetup(code);
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

function TurnOff({ hasPassword, onDone, onCancel }: { hasPassword: boolean; onDone: (message: string) => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ message: string; field?: string }>();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await turnOffTwoStep(hasPassword ? { password } : {});
      onDone(answer.message);
    } catch (failure) {
      const { message, fields } = accountFailure(failure, t.failed);
      setAttempt((n) => n + 1);
      setError({ message, field: fields?.password });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="two-step-off-title">
      <p id="two-step-off-title" ref={focus} tabIndex={-1}>
        <strong>{t.turnOffTitle}</strong>
      </p>
      {error && <FocusedAlert key={attempt} className="form-alert">{error.message}</FocusedAlert>}
      {hasPassword ? (
        <FormField
          label={t.turnOffPassword}
          type="password"
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          error={error?.field}
          disabled={busy}
          required
        />
      ) : (
        <p className="muted">{t.turnOffGoogle}</p>
      )}
      <SubmitOrCancel busy={busy} label={t.turnOffConfirm} busyLabel={t.turningOff} cancelLabel={t.cancel} onCancel={onCancel} />
    </form>
  );
}
