import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useDocumentTitle } from './document-title';
import { Footer } from './Footer';
import { NavBar, type NavBarProps } from './NavBar';
import { useNavigationLanding } from './navigation-landing';

/**
 * `nav` lets a signed-in area (the dashboard) give the bar its Logout without the bar importing auth
 * code; `children` stand in for the route's page (the error page, routes.tsx).
 */
export function Layout({ nav, children }: { nav?: NavBarProps; children?: ReactNode } = {}) {
  useDocumentTitle();
  useNavigationLanding();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar {...nav} />
      <main id="main">
        {children ?? <Outlet />}
      </main>
      <Footer />
    </>
  );
}
