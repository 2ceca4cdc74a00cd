import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/product';
import { SITE_PAGES } from '../../../shared/site-pages';

/**
 * Keeps the tab title right after client-side navigation (prerendered pages arrive with theirs).
 * A layout effect, so a page's own title effect, which runs later, wins.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    document.title = SITE_PAGES.find((p) => p.path === path)?.title ?? PRODUCT_NAME;
  }, [pathname]);
}
