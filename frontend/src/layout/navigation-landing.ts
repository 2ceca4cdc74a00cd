import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The path the site last showed, across both layouts (the signed-in area mounts its own). */
let shownPath: string | undefined;

/**
 * After a client-side navigation, focus goes to the new page's heading, as a page load would start
 * a screen reader there: otherwise it stays on the link that was pressed (in the bar, which did not
 * change) and the new page is never announced. Not on the first page of a visit, and not when the new
 * page has put focus inside itself already (an alert, a form's first field): its effects ran first.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const previous = shownPath;
    shownPath = pathname;
    if (previous === undefined || previous === pathname) return;
    const main = document.getElementById('main');
    const active = document.activeElement;
    // A link still holding focus is the one pressed (kept when the next page reuses its element).
    if (main && active && active !== document.body && main.contains(active) && active.tagName !== 'A') return;
    const heading = main?.querySelector('h1');
    if (!(heading instanceof HTMLElement)) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
}
