import { useState } from 'react';
import { formatMoment } from '../../../../shared/format';
import { PASSKEY_NAME_MAX } from '../../../../shared/schemas/passkeys';
import { passkeyTexts } from '../../../../shared/texts/passkeys';
import { stepUpTexts } from '../../../../shared/texts/step-up';
import { removePasskey } from '../../api/account';
import { FocusedAlert } from '../../components/FocusedAlert';
import type { Deferred } from '../../hooks/use-settled';
import { FormField } from '../auth/FormField';
import { readPasskeys, type PasskeyList } from './account-data';
import { RemovableItems, useRemovableList } from './RemovableList';
import { Result } from './Result';
import { useSectionForm } from './use-section-form';

const t = passkeyTexts;

/**
 * The account's passkeys: each with its name, when it was added and last signed in, and "Remove"
 * (the core removes it: a removal from the list, the outcome read out, focus to the heading); "Add a
 * passkey" under a name its owner chooses (or, left blank, the browser and system the API names it after), with the current password (the step-up proof,
 * docs/security.md#step-up), sent through the route's action, which hands over to the
 * browser's own passkey dialog and answers with the list read again.
 */
export function PasskeysSection({ email, passkeys, hasPassword }: { email: string; passkeys: Deferred<PasskeyList>; hasPassword: boolean }) {
  const state = useRemovableList(passkeys, (passkey) => removePasskey(passkey.id), readPasskeys);
  const form = useSectionForm('add-passkey', ['passkeyName', 'password', 'code']);
  const { busy, outcome } = form;
  // The name waits while the form is sent (the wiring's `disabled`) and while a removal is under way.
  const { disabled: sending, ...nameField } = form.field('passkeyName');
  // An addition's answer, taken in once as it arrives (during render, not in an effect): the list as
  // read again and its sentence; a new, empty name field (its key) for the next one.
  const [seen, setSeen] = useState(outcome);
  const [added, setAdded] = useState(0);
  // An account without a password proves itself with a code from its app once the API asks for one.
  const [askCode, setAskCode] = useState(false);
  if (outcome !== seen) {
    setSeen(outcome);
    if (outcome?.fields?.code) setAskCode(true);
    if (outcome?.passkeys && outcome.message) {
      state.replace(outcome.passkeys, outcome.message);
      setAdded((n) => n + 1);
    }
  }

  return (
    <section className="card account-section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" ref={state.heading} tabIndex={-1}>
        {t.heading}
      </h2>
      <p className="muted">{t.intro}</p>
      <RemovableItems
        state={state}
        labelledBy="passkeys-title"
        texts={{ loading: t.loading, failed: t.loadFailed, none: t.none }}
        busy={busy}
        about={(passkey) => (
          <>
            <p className="removable-item-name">
              <strong>{passkey.name}</strong>
            </p>
            <p className="muted removable-item-times">
              <span>
                {t.addedAt} {formatMoment(passkey.addedAt)}
              </span>{' '}
              · <span>{passkey.lastUsedAt ? `${t.lastUsed} ${formatMoment(passkey.lastUsedAt)}` : t.neverUsed}</span>
            </p>
          </>
        )}
        button={(passkey) => ({ label: t.remove, busyLabel: t.removing, ariaLabel: t.removeLabel(passkey.name) })}
      />
      <form.Form method="post" className="auth-form account-passkey-form" onSubmit={state.clear} noValidate aria-label={t.add}>
        <input {...form.intent} />
        <input type="hidden" name="email" value={email} />
        {outcome?.error && <FocusedAlert className="form-alert">{outcome.error}</FocusedAlert>}
        <FormField
          key={added}
          label={t.nameLabel}
          {...nameField}
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          hint={t.nameHint}
          disabled={sending || state.removing !== undefined}
        />
        {hasPassword && <FormField key={`password-${added}`} label={stepUpTexts.passwordLabel} type="password" {...form.field('password')} autoComplete="current-password" hint={stepUpTexts.passwordHint} required />}
        {!hasPassword && askCode && <FormField key={`code-${added}`} label={stepUpTexts.codeLabel} {...form.field('code')} autoComplete="one-time-code" inputMode="numeric" required />}
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || state.removing !== undefined} aria-busy={busy || undefined}>
            {busy ? t.adding : t.add}
          </button>
        </div>
      </form.Form>
      <Result message={state.done} />
    </section>
  );
}
