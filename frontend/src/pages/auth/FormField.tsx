import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  /**
   * Shown under the field, after it in the tab order (e.g. a 'Forgot password?' link: the
   * keyboard goes Email → Password → Forgot password?).
   */
  aside?: ReactNode;
  /** The input's own ref (a field that takes focus when its problem is shown). */
  ref?: Ref<HTMLInputElement>;
}

export function FormField({ label, error, hint, aside, ...input }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
      {aside && <div className="field-aside">{aside}</div>}
    </div>
  );
}
