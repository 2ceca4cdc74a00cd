/**
 * The route layout of the pages that need the session (sign-in, sign-up, the Google callback,
 * /launch, Stripe's return): the session, read from the front-token cookie first, so none of them
 * loads the auth SDK before there is a session to check or a form to send.
 */
import { Outlet } from 'react-router';
import { SessionProvider } from './session';
import './auth.css';

export function AuthProviders({ children }: { children: React.ReactNode }) {
  return <SessionProvider>{children}</SessionProvider>;
}

export default function AuthShell() {
  return (
    <AuthProviders>
      <Outlet />
    </AuthProviders>
  );
}
