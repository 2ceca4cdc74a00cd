import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AccountPasskey } from '../../../../shared/api-types';
import { formatMoment } from '../../../../shared/format';
import { passkeyNameSchema, PASSKEY_NAME_MAX } from '../../../../shared/schemas/passkeys';
import { passkeyTexts } from '../../../../shared/texts/passkeys';
import { accountFailure, removePasskey } from '../../api/account';
import { addPasskey, type AddPasskeyOutcome } from '../../auth/passkeys';
import { FocusedAlert } from '../../components/FocusedAlert';
import { useForm } from '../../hooks/use-form';
import { useSettled, type Deferred } from '../../hooks/use-settled';
import { readPasskeys, type PasskeyList } from './account-data';
import { FormField } from '../auth/FormField';
import { accountTexts } from './account-texts';
import { Result } from './Result';

const t = passkeyTexts;

type List = { step: 'loading' } | PasskeyList;

const refusal: Record<Exclude<AddPasskeyOutcome['status'], 'OK'>, string> = {
  CANCELLED: t.cancelled,
  UNSUPPORTED: t.unsupported,
  ALREADY_ON_DEVICE: t.alreadyOnDevice,
  FAILED: t.failed,
};

/**
 * The account's passkeys: each with its name, when it was added and last signed in, and "Remove"
 * (the core removes it); "Add a passkey" under a name its owner chooses, which hands over to the
 * browser's own passkey dialog. After a removal focus moves to the heading, so the keyboard is not
 * left on a button that is gone; outcomes are read from the live region.
 */
export function PasskeysSection({ email, passkeys }: { email: string; passkeys: Deferred<PasskeyList> }) {
  // The loader's read until a passkey is added or removed here; then the list as this page changed it.
  const read = useSettled(passkeys);
  const [changed, setChanged] = useState<List>();
  const list: List = changed ?? read ?? { step: 'loading' };
  const drop = (id: string) => setChanged(list.step === 'ready' ? { step: 'ready', passkeys: list.passkeys.filter((p) => p.id !== id) } : list);
  const [removing, setRemoving] = useState<string>();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<{ key: number; message: string }>();
  const heading = useRef<HTMLHeadingElement>(null);

  const form = useForm({
    initial: { passkeyName: '' },
    validate: { passkeyName: passkeyNameSchema },
    focusInvalid: true,
    invalidClearsError: true,
    onSubmit: async ({ passkeyName: name }) => {
      setDone(undefined);
      setFailure(undefined);
      const trimmed = name.trim();
      let outcome: AddPasskeyOutcome;
      try {
        outcome = await addPasskey(trimmed, email);
      } catch (error) {
        console.error('Adding a passkey failed', error);
        return { error: accountFailure(error, t.failed).message };
      }
      if (outcome.status !== 'OK') return { error: refusal[outcome.status] };
      setChanged(await readPasskeys());
      form.reset();
      setDone(t.added(trimmed));
    },
  });

  const remove = async (passkey: AccountPasskey) => {
    setRemoving(passkey.id);
    setDone(undefined);
    setFailure(undefined);
    try {
      const answer = await removePasskey(passkey.id);
      flushSync(() => {
        drop(passkey.id);
        setDone(answer.message);
      });
      heading.current?.focus();
    } catch (error) {
      const refused = accountFailure(error, accountTexts.failed);
      // Gone already (removed elsewhere): the list drops it and says why.
      if (refused.status === 404) drop(passkey.id);
      setFailure({ key: Date.now(), message: refused.message });
    } finally {
      setRemoving(undefined);
    }
  };

  const busy = form.submitting || removing !== undefined;
  return (
    <section className="card account-section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" ref={heading} tabIndex={-1}>
        {t.heading}
      </h2>
      <p className="muted">{t.intro}</p>
      {failure && (
        <FocusedAlert key={failure.key} className="form-alert">
          {failure.message}
        </FocusedAlert>
      )}
      {list.step === 'loading' && <p className="muted">{t.loading}</p>}
      {list.step === 'failed' && (
        <p className="form-alert" role="alert">
          {t.loadFailed}
        </p>
      )}
      {list.step === 'ready' && list.passkeys.length === 0 && <p className="muted">{t.none}</p>}
      {list.step === 'ready' && list.passkeys.length > 0 && (
        <ul className="account-sessions" aria-labelledby="passkeys-title">
          {list.passkeys.map((passkey) => (
            <li key={passkey.id} className="account-session">
              <div className="account-session-about">
                <p className="account-session-name">
                  <strong>{passkey.name}</strong>
                </p>
                <p className="muted account-session-times">
                  <span>
                    {t.addedAt} {formatMoment(passkey.addedAt)}
                  </span>{' '}
                  · <span>{passkey.lastUsedAt ? `${t.lastUsed} ${formatMoment(passkey.lastUsedAt)}` : t.neverUsed}</span>
                </p>
              </div>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => remove(passkey)}
                disabled={busy}
                aria-busy={removing === passkey.id || undefined}
                aria-label={t.removeLabel(passkey.name)}
              >
                {removing === passkey.id ? t.removing : t.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="auth-form account-passkey-form" onSubmit={form.submit} noValidate aria-label={t.add}>
        {form.error && <FocusedAlert className="form-alert">{form.error}</FocusedAlert>}
        <FormField
          label={t.nameLabel}
          name="passkeyName"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          hint={t.nameHint}
          value={form.values.passkeyName}
          onChange={form.change('passkeyName')}
          disabled={busy}
          error={form.errors.passkeyName}
          required
        />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={form.submitting || undefined}>
            {form.submitting ? t.adding : t.add}
          </button>
        </div>
      </form>
      <Result message={done} />
    </section>
  );
}
