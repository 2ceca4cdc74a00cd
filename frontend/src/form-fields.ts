/**
 * Reading a submitted form in a route action: its fields' text, and the problems its checks found.
 * Every page's action checks its fields this way before sending anything.
 */

/** A field's text as submitted: '' when the form sent none (a box left unticked, a field not shown). */
export function formText(form: FormData, name: string): string {
  return String(form.get(name) ?? '');
}

/**
 * The problems a form's checks found, by field, keeping only the fields whose check failed;
 * undefined when every check passed.
 */
export function problemsFound<F extends string>(checks: Record<F, string | undefined>): Partial<Record<F, string>> | undefined {
  const kept = Object.fromEntries(Object.entries(checks).filter(([, message]) => message)) as Partial<Record<F, string>>;
  return Object.keys(kept).length ? kept : undefined;
}
