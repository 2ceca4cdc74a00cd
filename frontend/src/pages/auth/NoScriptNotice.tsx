import { authTexts } from '../../../../shared/texts/auth';

/**
 * What a prerendered form says in a browser with JavaScript off (shared/site-pages.ts
 * FORM_SHELL_ROUTES): the form shows, but only the page's code can send it. Shown by the stylesheet's
 * `@media (scripting: none)` alone (auth.css), so a browser running scripts never paints it, and a
 * <noscript> is not needed (Chromium's own switch for scripts leaves noscript content unrendered).
 */
export function NoScriptNotice() {
  return <p className="form-alert no-script-notice">{authTexts.noScript}</p>;
}
