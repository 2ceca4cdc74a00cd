import { authTexts } from '../../../../shared/texts/auth';
import { useHydrated } from '../../hooks/use-hydrated';

/**
 * What a prerendered form says in a browser with JavaScript off (shared/site-pages.ts
 * FORM_SHELL_ROUTES): the form shows, but only the page's code can send it. In the HTML alone, and
 * shown by the stylesheet's `@media (scripting: none)` alone (auth.css), so a browser running scripts
 * never paints it; gone once the page is hydrated (it was never shown there). Not a <noscript>:
 * Chromium's own switch for scripts leaves noscript content unrendered.
 */
export function NoScriptNotice() {
  const hydrated = useHydrated();
  return hydrated ? null : <p className="form-alert no-script-notice">{authTexts.noScript}</p>;
}
