import { useLayoutEffect } from 'react';
import { useLocation, useMatches, type UIMatch } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/product';
import { SITE_PAGES } from '../../../shared/site-pages';

/**
 * The client routes' tab titles (each its own, not just the product's name, so tabs and
 * history tell them apart). Prerendered pages take theirs from SITE_PAGES.
 */
export const APP_PAGE_TITLES: Readonly<Record<string, string>> = {
  '/signin': `Sign in | ${PRODUCT_NAME}`,
  '/signup': `Create your account | ${PRODUCT_NAME}`,
  '/auth/callback': `Signing in with Google | ${PRODUCT_NAME}`,
  '/launch': `Connecting the desktop app | ${PRODUCT_NAME}`,
  '/auth/mfa': `Two-step verification | ${PRODUCT_NAME}`,
  // The request form's, as prerendered; the page names each later view itself.
  '/auth/reset-password': `Reset your password | ${PRODUCT_NAME}`,
  '/check-inbox': `Check your inbox | ${PRODUCT_NAME}`,
  '/checkout/success': `Your subscription | ${PRODUCT_NAME}`,
  '/dashboard': `Dashboard | ${PRODUCT_NAME}`,
  '/account': `Your account | ${PRODUCT_NAME}`,
  '/account/profile': `Profile · Your account | ${PRODUCT_NAME}`,
  '/account/dictation': `Dictation · Your account | ${PRODUCT_NAME}`,
  '/account/security': `Security · Your account | ${PRODUCT_NAME}`,
  '/account/sessions': `Sessions · Your account | ${PRODUCT_NAME}`,
  '/account/billing': `Billing · Your account | ${PRODUCT_NAME}`,
  '/account/data': `Data · Your account | ${PRODUCT_NAME}`,
};

/** The tab title for a path: a public page's, a client route's, else the product's name. */
export function documentTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return SITE_PAGES.find((p) => p.path === path)?.title ?? APP_PAGE_TITLES[path] ?? PRODUCT_NAME;
}

/**
 * A route's own title, where the path alone cannot say it: its handle's `title` (the catch-all 404),
 * or its loader data's `title` (a title that depends on what the loader found). The deepest route's wins.
 */
function routeTitle(matches: UIMatch[]): string | undefined {
  for (const match of [...matches].reverse()) {
    for (const source of [match.data, match.handle]) {
      const title = (source as { title?: unknown } | undefined)?.title;
      if (typeof title === 'string') return title;
    }
  }
  return undefined;
}

/**
 * Keeps the tab title right after client-side navigation (prerendered pages arrive with theirs).
 * A layout effect, so a page's own title effect, which runs later, wins.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const title = routeTitle(useMatches()) ?? documentTitle(pathname);
  // An effect: the tab title is the document's, outside what React renders.
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
