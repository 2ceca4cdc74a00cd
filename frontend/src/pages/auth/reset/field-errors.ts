import type { FieldErrors } from '../../../auth/auth-client';

/**
 * The API's field errors (SuperTokens' FIELD_ERROR) for the form's own fields, and the first one for
 * a field the form does not have, which then goes to the form's alert so nothing is lost.
 */
export function fieldErrorsFor<F extends string>(formFields: FieldErrors, fields: readonly F[]): { fields: Partial<Record<F, string>>; error?: string } {
  const known: Partial<Record<F, string>> = {};
  let error: string | undefined;
  for (const { id, error: message } of formFields) {
    if ((fields as readonly string[]).includes(id)) known[id as F] = message;
    else error ??= message;
  }
  return { fields: known, error };
}

/** For a heading or alert that replaces what the visitor just used: focus lands on it, so a screen reader reads it. */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
