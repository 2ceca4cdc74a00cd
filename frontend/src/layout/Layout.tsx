import { Outlet } from 'react-router';
import { useDocumentTitle } from './document-title';
import { Footer } from './Footer';
import { NavBar, type NavBarProps } from './NavBar';
import { useNavigationLanding } from './navigation-landing';

/** `nav` lets a signed-in area (the dashboard) give the bar its Logout without the bar importing auth code. */
export function Layout({ nav }: { nav?: NavBarProps } = {}) {
  useDocumentTitle();
  useNavigationLanding();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar {...nav} />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
