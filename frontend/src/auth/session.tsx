/**
 * The session as pages see it (spec §3: loading, doesSessionExist, userId). SuperTokens' SessionAuth
 * keeps it current: sign-out or an unauthorised answer clears it; creation and refresh make it
 * exist. Refreshing expired access tokens is the SDK's job.
 */
import type { ReactNode } from 'react';
import Session, { SessionAuth, useSessionContext } from 'supertokens-auth-react/recipe/session';
import { initSuperTokens } from './supertokens';

export type SessionState = { loading: true; doesSessionExist: false } | { loading: false; doesSessionExist: boolean; userId?: string };

export function SessionProvider({ children }: { children: ReactNode }) {
  return (
    <SessionAuth requireAuth={false} doRedirection={false}>
      {children}
    </SessionAuth>
  );
}

export function useSession(): SessionState {
  const context = useSessionContext();
  if (context.loading) return { loading: true, doesSessionExist: false };
  return context.doesSessionExist ? { loading: false, doesSessionExist: true, userId: context.userId } : { loading: false, doesSessionExist: false };
}

/**
 * Whether a session exists, for route loaders (they run before any provider renders). The SDK
 * refreshes an expired access token on the way, as SessionAuth does for the components.
 */
export async function sessionExists(): Promise<boolean> {
  initSuperTokens();
  return Session.doesSessionExist();
}
