/** The route layout of every page that needs the auth SDK: SuperTokens set up, then the session. */
import { Outlet } from 'react-router';
import { SuperTokensWrapper } from 'supertokens-auth-react';
import { SessionProvider } from './session';
import { initSuperTokens } from './supertokens';
import './auth.css';

initSuperTokens();

export function AuthProviders({ children }: { children: React.ReactNode }) {
  return (
    <SuperTokensWrapper>
      <SessionProvider>{children}</SessionProvider>
    </SuperTokensWrapper>
  );
}

export default function AuthShell() {
  return (
    <AuthProviders>
      <Outlet />
    </AuthProviders>
  );
}
