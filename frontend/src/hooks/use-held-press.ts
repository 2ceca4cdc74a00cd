import { useEffect } from 'react';

/** What frontend/public/held-press.js keeps of a press made before the page's code had hydrated it. */
type HeldPress = { form: EventTarget | null; submitter: HTMLElement | null } | { button: HTMLButtonElement };

declare global {
  interface Window {
    voxpenHeldPress?: HeldPress;
  }
}

/** On <html> once the page answers its own presses: held-press.js holds none from then on. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/** On <html> while a press waits in held-press.js. */
export const PRESS_HELD_ATTRIBUTE = 'data-press-held';

/**
 * A page prerendered with its form (shared/site-pages.ts FORM_SHELL_ROUTES): once it can answer a
 * press itself (`ready`: hydrated, its loader answered), it tells held-press.js so, and answers the
 * press that script held, if it was on this page: the form sent as the visitor's press would have
 * sent it, what was typed included, or the button clicked (docs/decisions.md#27).
 */
export function useHeldPress(ready: boolean): void {
  // An effect: the press happened outside React, before React owned the page, and the mark is the document's.
  useEffect(() => {
    if (!ready) return;
    const root = document.documentElement;
    root.setAttribute(HYDRATED_ATTRIBUTE, '');
    const held = window.voxpenHeldPress;
    window.voxpenHeldPress = undefined;
    root.removeAttribute(PRESS_HELD_ATTRIBUTE);
    if (!held) return;
    if ('button' in held) {
      if (held.button.isConnected && !held.button.disabled) held.button.click();
      return;
    }
    const { form, submitter } = held;
    if (!(form instanceof HTMLFormElement) || !form.isConnected) return;
    form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined);
  }, [ready]);
}
