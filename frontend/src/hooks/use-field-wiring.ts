import { useCallback } from 'react';

/** An action's answer as far as its fields go: a message beside each field with a problem. */
export interface FieldsOutcome<F extends string = string> {
  fields?: Partial<Record<F, string>>;
}

/**
 * The fields of a form that sends through a route action: each field's name, its message from the
 * action's answer, disabled while the form is sent, and, on the first field with a problem (in
 * `order`, the page's order), a ref that focuses it so its message is read out. The ref callback is
 * new with each answer, so the same field is focused again after another refused submission.
 */
export function useFieldWiring<F extends string>(outcome: FieldsOutcome<F> | undefined, order: readonly F[], busy: boolean) {
  const errors: Partial<Record<F, string>> = outcome?.fields ?? {};
  const firstInvalid = order.find((f) => errors[f]);
  const focusInvalid = useCallback((field: HTMLElement | null) => void (outcome && field?.focus()), [outcome]);
  return (name: F) => ({ name, error: errors[name], disabled: busy, ref: firstInvalid === name ? focusInvalid : undefined });
}
