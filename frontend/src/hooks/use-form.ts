import { useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type * as z from 'zod/mini';

export type FormValues = Record<string, string | boolean>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** What a submission came to: a message for the form's alert, and/or messages beside fields. */
export interface SubmitOutcome<V> {
  error?: string;
  fields?: FieldErrors<V>;
}

export interface FormOptions<V extends FormValues> {
  initial: V;
  /**
   * Per-field checks, before anything is sent: a zod schema per field (shared/schemas, the first
   * problem is shown), or a function for checks that read several fields.
   */
  validate?: { [K in keyof V]?: z.ZodMiniType } | ((values: V) => FieldErrors<V>);
  /**
   * A check across the whole form once every field passes (a repeated password, a typed
   * confirmation): its message goes to the form's alert and nothing is sent.
   */
  confirm?: (values: V) => string | undefined;
  /** Runs only when the checks find nothing; `submitting` holds until it settles. */
  onSubmit: (values: V) => Promise<SubmitOutcome<V> | void>;
  /** Whether a submission the field checks stop also takes down the alert (else it stays as it was). */
  invalidClearsError?: boolean;
  /** Moves focus to the first field with an error, in `initial`'s order (found by its name). */
  focusInvalid?: boolean;
}

export interface Form<V extends FormValues> {
  values: V;
  errors: FieldErrors<V>;
  submitting: boolean;
  /** The form's own alert: a failed submission, or whatever the page reports (e.g. Google's failure). */
  error?: string;
  setError: (message: string | undefined) => void;
  /** An onChange for the named input; a checkbox sets its checked state. */
  change: (field: keyof V & string) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** A text field's wiring, to spread on its FormField: its name, value, onChange and error. */
  field: (name: keyof V & string) => { name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; error?: string };
  reset: () => void;
  /** The form's onSubmit. */
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

function check<V extends FormValues>(validate: FormOptions<V>['validate'], values: V): FieldErrors<V> {
  if (!validate) return {};
  if (typeof validate === 'function') return validate(values);
  const errors: FieldErrors<V> = {};
  for (const [field, schema] of Object.entries(validate) as [keyof V & string, z.ZodMiniType | undefined][]) {
    const parsed = schema?.safeParse(values[field]);
    if (parsed && !parsed.success) errors[field] = parsed.error.issues[0]?.message;
  }
  return errors;
}

/**
 * One form's state: values, per-field errors, submitting, the alert. Sign-in uses it (the other forms
 * send through their route's action); the page keeps what happens after a success (a redirect).
 */
export function useForm<V extends FormValues>(options: FormOptions<V>): Form<V> {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  const focusFirst = (form: HTMLFormElement, found: FieldErrors<V>) => {
    if (!options.focusInvalid) return;
    const first = Object.keys(options.initial).find((field) => found[field as keyof V & string]);
    // After flushSync: the fields are enabled again, so focus can land.
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const found = Object.fromEntries(Object.entries(check(options.validate, values)).filter(([, message]) => message)) as FieldErrors<V>;
    if (Object.keys(found).length) {
      flushSync(() => {
        setErrors(found);
        if (options.invalidClearsError) setError(undefined);
      });
      return focusFirst(form, found);
    }
    setErrors({});
    const refused = options.confirm?.(values);
    if (refused) return setError(refused);
    setError(undefined);
    setSubmitting(true);
    const outcome = (await options.onSubmit(values)) ?? {};
    flushSync(() => {
      if (outcome.fields) setErrors(outcome.fields);
      setError(outcome.error);
      setSubmitting(false);
    });
    if (outcome.fields) focusFirst(form, outcome.fields);
  };

  const change: Form<V>['change'] = (field) => (event) => {
    const input = event.target;
    const value = input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value;
    setValues((now) => ({ ...now, [field]: value }));
  };

  return {
    values,
    errors,
    submitting,
    error,
    setError,
    change,
    field: (name) => ({ name, value: String(values[name]), onChange: change(name), error: errors[name] }),
    reset: () => setValues(options.initial),
    submit,
  };
}
