import { Outlet } from 'react-router';
import { useDocumentTitle } from './document-title';
import { useFocusHeadingOnNavigate } from './focus-heading';
import { Footer } from './Footer';
import { NavBar, type NavBarProps } from './NavBar';
import { ScrollToTop } from './ScrollToTop';

/** `nav` lets a signed-in area (the dashboard) give the bar its Logout without the bar importing auth code. */
export function Layout({ nav }: { nav?: NavBarProps } = {}) {
  useDocumentTitle();
  useFocusHeadingOnNavigate();
  return (
    <>
      <ScrollToTop />
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
