import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
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
  '/checkout/success': `Your subscription | ${PRODUCT_NAME}`,
  '/dashboard': `Dashboard | ${PRODUCT_NAME}`,
  '/account': `Account | ${PRODUCT_NAME}`,
};

/** The tab title for a path: a public page's, a client route's, else the product's name. */
export function documentTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return SITE_PAGES.find((p) => p.path === path)?.title ?? APP_PAGE_TITLES[path] ?? PRODUCT_NAME;
}

/**
 * Keeps the tab title right after client-side navigation (prerendered pages arrive with theirs).
 * A layout effect, so a page's own title effect, which runs later, wins.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
