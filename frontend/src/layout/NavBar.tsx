import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useHydrated } from '../hooks/use-hydrated';
import { useWindowEvent } from '../hooks/use-window-event';
import { layoutTexts } from '../../../shared/texts/layout';
import { SECOND_STEP_PATH } from '../../../shared/site-pages';
import { hasSessionHint, onSessionHintChange, secondStepPendingByHint } from '../session-hint';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';

export interface NavBarProps {
  /** Overrides the session hint (tests, and the dashboard once it knows for sure). */
  signedIn?: boolean;
  onLogout?: () => void;
}

/** The signed-in area's pages (the dashboard and /account): their bar links each other and signs out. */
export const isSignedInArea = (pathname: string) => /^\/(dashboard|account)(\/|$)/.test(pathname);

/**
 * What the bar knows of the session from the front token: none, signed in, or signed in with the
 * second step still owed (the dashboard would only send it to /auth/mfa, so the bar says where it is
 * going). A string, so the store's snapshot compares by value.
 */
type BarSession = 'none' | 'signed-in' | 'second-step';

function barSession(): BarSession {
  if (!hasSessionHint()) return 'none';
  return secondStepPendingByHint() ? 'second-step' : 'signed-in';
}

/** spec §2: Pricing hidden on dashboard pages; Dashboard, Account and Logout there, else Dashboard or Login (or the second step, while owed). */
export function NavBar({ signedIn, onLogout }: NavBarProps) {
  const location = useLocation();
  const { pathname } = location;
  // The menu is open on the page where it was opened: every navigation closes it, a link to the page
  // already shown included (same path, new key).
  const [openOn, setOpenOn] = useState<string>();
  const open = openOn === location.key;
  const setOpen = (next: boolean) => setOpenOn(next ? location.key : undefined);
  // Read at every render (each navigation renders the bar) and when a page announces a sign-in; false
  // while hydrating, so prerendered HTML and the first client render agree.
  const hint = useSyncExternalStore(onSessionHintChange, barSession, () => 'none' as const);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const onDashboard = isSignedInArea(pathname);
  const session: BarSession = signedIn === undefined ? hint : signedIn ? 'signed-in' : 'none';

  useWindowEvent(
    'keydown',
    (e) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // Focus was in the menu that is about to vanish: hand it back to the button that opened it.
      toggle.current?.focus();
    },
    open,
  );

  const links = (
    <>
      {!onDashboard && <Link to="/pricing">Pricing</Link>}
      {onDashboard ? (
        <>
          <NavLink to="/dashboard" end>
            Dashboard
          </NavLink>
          {/* Current on every settings section's page too (/account/security, …). */}
          <NavLink to="/account">Account</NavLink>
          <button type="button" className="btn btn-ghost" onClick={onLogout}>
            Logout
          </button>
        </>
      ) : session === 'second-step' ? (
        <NavLink to={SECOND_STEP_PATH} className="btn btn-primary" end>
          {layoutTexts.finishSignIn}
        </NavLink>
      ) : session === 'signed-in' ? (
        <Link to="/dashboard" className="btn btn-primary">
          Dashboard
        </Link>
      ) : (
        <Link to="/signin" className="btn btn-primary">
          Login
        </Link>
      )}
    </>
  );

  // The bar's blur of what scrolls under it comes with the code, not in the first paint: a
  // backdrop-filter makes the browser composite the bar over the page, which a slow phone's first
  // paint should not wait for, and at the top of a page there is nothing under it to blur.
  const blurred = useHydrated();

  return (
    <header className={blurred ? 'navbar navbar-blurred' : 'navbar'}>
      <nav className="container navbar-inner" aria-label="Main">
        <Logo />
        <div className="nav-end">
          <div className="nav-links">{links}</div>
          <ThemeToggle />
          <button
            ref={toggle}
            type="button"
            className="nav-toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          </button>
        </div>
      </nav>
      <div id={menuId} className="nav-mobile" hidden={!open}>
        {links}
      </div>
    </header>
  );
}
