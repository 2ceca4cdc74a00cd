/**
 * The session as pages see it (spec §3: loading, doesSessionExist, userId; and the account's email).
 *
 * "Is there a session?" is first asked of the front-token cookie the web SDK keeps beside its HttpOnly
 * cookies (../session-hint.ts): without it there is none, and neither the SDK nor the API is asked.
 * Asking the SDK then would load it and make it try a refresh, a 401 in the console of every
 * signed-out page. While the access token it describes holds, the session exists without the SDK
 * either: that is all the SDK's own doesSessionExist would check, and a signed-in page's first paint
 * then carries no auth code. An API answer of 401 loads the SDK (../api/client.ts), which
 * refreshes or ends the session. With an expired access token, the SDK loads and decides (refreshing on
 * the way); its events (sign-in, refresh, sign-out here or by an API answer) make the state read again.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { hasSessionHint, readSessionHint } from '../session-hint';
import { authSdk } from './auth-sdk';
import { onSessionEvent } from './session-events';

export type SessionState = { loading: true; doesSessionExist: false } | { loading: false; doesSessionExist: boolean; userId?: string; email?: string };

const LOADING: SessionState = { loading: true, doesSessionExist: false };
const SIGNED_OUT: SessionState = { loading: false, doesSessionExist: false };

/** What the page would show on first render: known at once when the cookie says there is no session. */
const firstState = (): SessionState => (hasSessionHint() ? LOADING : SIGNED_OUT);

/** The SDK refreshes a token this close to its expiry rather than send it: so do we (its clock-skew allowance). */
const EXPIRY_MARGIN_MS = 7_000;

async function readSession(): Promise<SessionState> {
  if (!hasSessionHint()) return SIGNED_OUT;
  const hint = readSessionHint();
  if (hint && hint.accessTokenExpiresAt > Date.now() + EXPIRY_MARGIN_MS) return { loading: false, doesSessionExist: true, userId: hint.userId, ...emailOf(hint) };
  const { Session } = await authSdk();
  if (!(await Session.doesSessionExist())) return SIGNED_OUT;
  // The SDK has refreshed by now if it had to: the front token it keeps describes the new access token.
  return { loading: false, doesSessionExist: true, userId: await Session.getUserId(), ...emailOf(readSessionHint()) };
}

const emailOf = (hint: { email?: string } | undefined) => (hint?.email ? { email: hint.email } : {});

const SessionContext = createContext<SessionState>(LOADING);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(firstState);
  // An effect: a subscription to the auth SDK's session events (sign-in, refresh, sign-out, here or
  // by an API answer), which happen outside React.
  useEffect(() => {
    // Only the latest read counts: events can come faster than the SDK answers.
    let latest = 0;
    const read = () => {
      const mine = ++latest;
      readSession().then(
        (next) => mine === latest && setState(next),
        (error: unknown) => {
          console.error('Could not read the session', error);
          if (mine === latest) setState(SIGNED_OUT);
        },
      );
    };
    const unsubscribe = onSessionEvent(read);
    if (hasSessionHint()) read();
    return () => {
      latest = -1;
      unsubscribe();
    };
  }, []);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}

/**
 * Whether a session exists, for route loaders (they run before any provider renders). Without the
 * front-token cookie the answer is no, with no code loaded; with a live access token, yes, with no
 * code loaded; otherwise the SDK loads and refreshes, and with it the interception that refreshes
 * expired tokens on the API calls that follow.
 */
export async function sessionExists(): Promise<boolean> {
  return (await readSession()).doesSessionExist;
}
