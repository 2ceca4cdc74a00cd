import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The path the site last showed, across both layouts (the signed-in area mounts its own). */
let shownPath: string | undefined;

/** After a client-side navigation focus goes to the new page's heading, unless the page took it. */
function focusHeading(): void {
  const main = document.getElementById('main');
  const active = document.activeElement;
  // A link still holding focus is the one pressed (kept when the next page reuses its element).
  if (main && active && active !== document.body && main.contains(active) && active.tagName !== 'A') return;
  const heading = main?.querySelector('h1');
  if (!(heading instanceof HTMLElement)) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * Where a page lands: spec §2, at the top on every path change; and after a client-side navigation,
 * focus on the new page's heading, as a page load would start a screen reader there (otherwise it
 * stays on the link that was pressed, in the bar, which did not change, and the new page is never
 * announced). Not on the first page of a visit, and not when the new page has put focus inside itself
 * already (an alert, a form's first field): its effects ran first.
 */
export function useNavigationLanding(): void {
  const { pathname } = useLocation();
  // An effect: scrolling and focus belong to the browser, and must follow the new page's own effects.
  useEffect(() => {
    window.scrollTo(0, 0);
    const previous = shownPath;
    shownPath = pathname;
    if (previous !== undefined && previous !== pathname) focusHeading();
  }, [pathname]);
}
