import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { twoStepTexts } from '../../../../shared/texts/two-step';
import type { CodeResult } from '../../auth/second-step';
import { FocusedAlert } from '../../components/FocusedAlert';
import { FormField } from './FormField';

export interface CodeEntryProps {
  /** Checks the typed code; on OK the caller moves on (this form goes with it). */
  check: (code: string) => Promise<CodeResult>;
  label: string;
  hint?: string;
  /** The app's six digits (the numeric keyboard; spaces typed between the digits dropped), else a recovery code (trimmed). */
  numeric?: boolean;
  maxLength: number;
  /** The sentence when the check itself fails (no answer, our bug). */
  failed: string;
  /** Whether a refused code is cleared from the field (a recovery code is typed afresh; a setup code is kept to correct). */
  clearRefused?: boolean;
  /** The form's own attributes: its class and what names it. */
  form: { className?: string; 'aria-label'?: string; 'aria-labelledby'?: string };
  /** What stands above the alert (a line of lead). */
  lead?: ReactNode;
  /** The buttons under the field (the submit and any way back), told whether the code is being checked. */
  children: (busy: boolean) => ReactNode;
}

/**
 * A code typed for two-step verification (setting the app up on /account, the second step of a
 * sign-in): the field, checked on submit, every refusal but a limit in the same words, each failure
 * a new alert that takes focus (so it is read out again, and the keyboard is not left on a disabled button).
 */
export function CodeEntry({ check, label, hint, numeric, maxLength, failed, clearRefused, form, lead, children }: CodeEntryProps) {
  // The field is the browser's (uncontrolled): a code typed into /auth/mfa's prerendered form before
  // the page was hydrated stays, and is what the form sends (a controlled field's next render would
  // put React's empty state back).
  const field = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const refuse = (message: string) => {
    setAttempt((a) => a + 1);
    setError(message);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    const typed = numeric ? code.replace(/\s/g, '') : code.trim();
    if (!typed) return refuse(twoStepTexts.codeRequired);
    setBusy(true);
    setError(undefined);
    try {
      const result = await check(typed);
      if (result.status === 'OK') return;
      if (clearRefused && field.current) field.current.value = '';
      refuse(result.status === 'LIMITED' ? result.message : twoStepTexts.wrongCode);
    } catch (failure) {
      console.error('Could not check the code', failure);
      refuse(failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form {...form} onSubmit={submit} noValidate>
      {lead}
      {error && (
        <FocusedAlert key={attempt} className="form-alert">
          {error}
        </FocusedAlert>
      )}
      <FormField
        label={label}
        hint={hint}
        name="code"
        ref={field}
        autoComplete="one-time-code"
        inputMode={numeric ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={maxLength}
        disabled={busy}
        required
      />
      {children(busy)}
    </form>
  );
}
