/**
 * Who may call a route: one policy per route, declared beside it (./routes.ts for the gateway's
 * routes, AUTH_PATHS below for the paths under `/api/auth/{proxy+}`), enforced in one place
 * (functions/lib/policy.ts: httpHandler runs it for every product route, the auth Lambda for every
 * path under /api/auth before the SDK sees it). docs/security.md#who-may-call-what is the prose.
 */

/**
 * - `anyone`: signed out or in, no session is read (a sign-in, the contact form, a webhook);
 * - `session`: a genuine, unexpired access token, checked against the core's keys without a call out
 *   (ordinary reads);
 * - `liveSession`: and the core confirms the session still exists (anything that creates or extends
 *   a session or changes the account: a token outlives its sign-out by up to its lifetime).
 */
export type Caller = 'anyone' | 'session' | 'liveSession';

interface Common {
  /**
   * Writes only from the product's own pages: where the browser says where a request comes from
   * (Origin, Sec-Fetch-Site) it must be the web app's origin, and a request that carries the session
   * cookies must also carry a custom header (`rid`, which the web SDK and the API client send), which
   * no other site can add without a CORS preflight the API refuses. Requests with a header token
   * (the desktop app's `Authorization: Bearer`) and no cookies carry nothing a browser adds on its own.
   */
  sameOrigin: boolean;
  /**
   * The account must not be marked for deletion (the users item's `deletingSince`). On a session
   * route the caller's account; on a route that creates or extends a session (sign-in, refresh, the
   * desktop exchange) the account it would be for: the Session recipe's override refuses it there
   * (functions/auth/sessions-refuse-deleting.ts), the one point every sign-in passes through.
   */
  notDeleting: boolean;
}

export interface PublicPolicy extends Common {
  caller: 'anyone';
}

export interface SessionPolicy extends Common {
  caller: 'session' | 'liveSession';
  /** The account's address is proven (the SDK's `st-ev` claim, or the core asked). */
  provenEmail: boolean;
  /** The sign-in has completed the account's second step, if it has one (`st-mfa`). */
  secondStep: boolean;
  /**
   * A fresh step-up proof in the request itself (the current password, or for an account without one
   * an assertion of its own passkey, a code from its authenticator app, or a recent sign-in), checked by functions/lib/step-up.ts
   * before the handler runs. A ProofRule names where the password is and when the proof is owed.
   */
  proof: boolean | ProofRule;
}

export interface ProofRule {
  /** The body field the password is in (`password` unless named: POST /api/account/password's `currentPassword`). */
  passwordField?: string;
  /** Owed only when the body has this field (PATCH /api/account: a new email asks, a new name does not). */
  whenBodyHas?: string;
}

export type RoutePolicy = PublicPolicy | SessionPolicy;

/** What a public read declares: anyone, from anywhere (it changes nothing and reads no session). */
export const PUBLIC_READ: PublicPolicy = { caller: 'anyone', sameOrigin: false, notDeleting: false };
/** A write anyone may make but only from the product's pages (the contact form, a sign-in). */
export const PAGE_WRITE: PublicPolicy = { caller: 'anyone', sameOrigin: true, notDeleting: false };
/** A page write that creates a session: none for an account being deleted. */
export const SIGN_IN: PublicPolicy = { caller: 'anyone', sameOrigin: true, notDeleting: true };
/** A read of the account from its token alone (no call to the core). */
export const ACCOUNT_READ: SessionPolicy = { caller: 'session', provenEmail: true, secondStep: true, notDeleting: true, proof: false, sameOrigin: false };
/** A read of all of the account (its sessions, its export): the core confirms the session first. */
export const LIVE_READ: SessionPolicy = { ...ACCOUNT_READ, caller: 'liveSession' };
/** A change to the account, or something that outlives the request. */
export const ACCOUNT_WRITE: SessionPolicy = { ...LIVE_READ, sameOrigin: true };
/** A change to a credential or the account's existence: a fresh proof in the request. */
export const SENSITIVE_WRITE: SessionPolicy = { ...ACCOUNT_WRITE, proof: true };

/**
 * The paths the product uses under `/api/auth/{proxy+}` (one gateway route, ./routes.ts), by method
 * and path: the SDK's (functions/auth/request-guard.ts lists what it checks of each body) and the
 * product's own (functions/auth/handler.ts). A path not listed here answers 404.
 */
export const AUTH_PATHS = {
  // Signing in and up: no session yet, from the product's pages; none for an account being deleted.
  'POST /api/auth/signup': SIGN_IN,
  'POST /api/auth/signin': SIGN_IN,
  'POST /api/auth/signinup': SIGN_IN,
  'POST /api/auth/webauthn/signin': SIGN_IN,
  'POST /api/auth/webauthn/options/signin': PAGE_WRITE,
  'GET /api/auth/emailpassword/email/exists': PUBLIC_READ,
  'GET /api/auth/signup/email/exists': PUBLIC_READ,
  'GET /api/auth/authorisationurl': PUBLIC_READ,
  'POST /api/auth/callback/apple': PAGE_WRITE,
  'GET /api/auth/loginmethods': PUBLIC_READ,
  'GET /api/auth/jwt/jwks.json': PUBLIC_READ,
  'GET /api/auth/.well-known/openid-configuration': PUBLIC_READ,
  // Password reset: the link is the proof.
  'POST /api/auth/user/password/reset/token': PAGE_WRITE,
  'POST /api/auth/user/password/reset': PAGE_WRITE,
  'POST /api/auth/reset-link/check': PAGE_WRITE,
  // Email verification: what an unverified session may do (the link itself is the proof). Both
  // write the session's `st-ev` claim, so the session must still exist.
  'POST /api/auth/user/email/verify/token': { ...ACCOUNT_WRITE, provenEmail: false, secondStep: false },
  'GET /api/auth/user/email/verify': { ...LIVE_READ, provenEmail: false, secondStep: false },
  'POST /api/auth/user/email/verify': { ...PAGE_WRITE },
  // The SDK's refresh (the token it reads is the refresh token, which the SDK checks itself) and
  // sign-out: a deleting account's refresh is refused by the Session override; sign-out always works.
  'POST /api/auth/session/refresh': SIGN_IN,
  'POST /api/auth/signout': { caller: 'session', provenEmail: false, secondStep: false, notDeleting: false, proof: false, sameOrigin: true },
  // The second step during a sign-in: the session owes it, so it may not be required here. Each
  // writes the session's claims, so the session must still exist. What the second step is asks for
  // no proven address (the SDK's own MFA info serves any session).
  'PUT /api/auth/mfa/info': { ...ACCOUNT_WRITE, provenEmail: false, secondStep: false },
  'POST /api/auth/totp/verify': { ...ACCOUNT_WRITE, secondStep: false },
  'POST /api/auth/mfa/recovery-code': { ...ACCOUNT_WRITE, secondStep: false },
  'GET /api/auth/totp/device/list': { ...ACCOUNT_READ, secondStep: false },
  // A new authenticator app: the first is set up before the second step exists (secondStep holds
  // then); a credential, so it needs a fresh proof.
  'POST /api/auth/totp/device': SENSITIVE_WRITE,
  'POST /api/auth/totp/device/verify': ACCOUNT_WRITE,
  'POST /api/auth/totp/device/remove': ACCOUNT_WRITE,
  // A new passkey: a credential, so a fresh proof; asked at the options too, so a wrong password is
  // answered before the browser's prompt makes a credential the account would not keep.
  'POST /api/auth/webauthn/options/register': SENSITIVE_WRITE,
  'POST /api/auth/webauthn/signup': SENSITIVE_WRITE,
  // The desktop hand-off (docs/desktop-api.md): the browser's consent is a same-origin POST from
  // /launch; the desktop app's exchange carries no cookie and is proven by its PKCE verifier.
  'POST /api/auth/desktop/consent': ACCOUNT_WRITE,
  'POST /api/auth/desktop/exchange': { caller: 'anyone', sameOrigin: false, notDeleting: true },
} as const satisfies Record<string, RoutePolicy>;

export type AuthPath = keyof typeof AUTH_PATHS;
