/**
 * What a desktop sign-in carries (docs/decisions.md#4), with PKCE as RFC 8252 asks of native apps (RFC 7636,
 * S256 only): the app opens /signin?origin=desktop&redirect_url=…&code_challenge=…&code_challenge_method=S256[&state=…].
 * /signin keeps these parameters, /launch passes them on, and the desktop callback stores the challenge
 * with the code and sends `state` back beside it. Without PKCE any page could walk a signed-in browser
 * through /launch to a loopback listener of its own choosing and exchange the code it got; with it only
 * the app that made the verifier can. /launch and the callback check with this one function, so the page
 * never sends the browser on to a callback that would refuse it.
 */
import { parseDesktopRedirect } from './desktop-redirect';
import { desktopTexts } from './texts/desktop';

/** The query parameters of a desktop sign-in that travel from /signin to the callback, in this order. */
export const DESKTOP_SIGN_IN_PARAMS = ['redirect_url', 'code_challenge', 'code_challenge_method', 'state'] as const;

/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) without padding is always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export interface DesktopSignIn {
  redirect: URL;
  codeChallenge: string;
  /** Only S256: with `plain` the challenge is the verifier, in the browser's address bar and history. */
  codeChallengeMethod: 'S256';
  /** The app's own value, returned unchanged beside the code so it can tell its sign-in from another's. */
  state?: string;
}

export type DesktopSignInCheck = { ok: true; signIn: DesktopSignIn } | { ok: false; message: string };

/** The desktop sign-in in `params` when the redirect is a loopback address and the challenge is S256, else why not. */
export function parseDesktopSignIn(params: URLSearchParams): DesktopSignInCheck {
  const redirect = parseDesktopRedirect(params.get('redirect_url') ?? '');
  if (!redirect) return { ok: false, message: desktopTexts.invalidRedirect };
  const codeChallenge = params.get('code_challenge');
  if (!codeChallenge) return { ok: false, message: desktopTexts.challengeMissing };
  // RFC 7636 §4.3 makes a missing method mean `plain`: refused like `plain` itself.
  if (params.get('code_challenge_method') !== 'S256') return { ok: false, message: desktopTexts.challengeMethodUnsupported };
  if (!S256_CHALLENGE.test(codeChallenge)) return { ok: false, message: desktopTexts.challengeMalformed };
  const state = params.get('state') ?? undefined;
  return { ok: true, signIn: { redirect, codeChallenge, codeChallengeMethod: 'S256', ...(state === undefined ? {} : { state }) } };
}

/** Only the desktop sign-in's own parameters of `params`, unchecked (what /signin keeps for /launch). */
export function pickDesktopSignInParams(params: URLSearchParams): URLSearchParams {
  const picked = new URLSearchParams();
  for (const name of DESKTOP_SIGN_IN_PARAMS) {
    const value = params.get(name);
    if (value !== null) picked.set(name, value);
  }
  return picked;
}

/** A checked sign-in as the query /launch sends on: to the callback, or back to /signin. */
export function desktopSignInQuery(signIn: DesktopSignIn): string {
  const query = new URLSearchParams({
    redirect_url: signIn.redirect.href,
    code_challenge: signIn.codeChallenge,
    code_challenge_method: signIn.codeChallengeMethod,
  });
  if (signIn.state !== undefined) query.set('state', signIn.state);
  return query.toString();
}
