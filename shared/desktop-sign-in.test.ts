import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { desktopSignInQuery, parseDesktopSignIn, pickDesktopSignInParams } from './desktop-sign-in';
import { desktopExchangeBody } from './schemas/desktop';
import { texts } from './texts';

const t = texts.desktop;
// RFC 7636 Appendix B's example: a 43-character S256 challenge.
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const REDIRECT = 'http://127.0.0.1:53123/cb';

function params(overrides: Record<string, string | undefined> = {}): URLSearchParams {
  const all: Record<string, string | undefined> = { redirect_url: REDIRECT, code_challenge: CHALLENGE, code_challenge_method: 'S256', ...overrides };
  return new URLSearchParams(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

describe('parseDesktopSignIn (RFC 8252 with PKCE S256)', () => {
  it('accepts a loopback redirect with an S256 challenge, and keeps the state as it came', () => {
    expect(parseDesktopSignIn(params({ state: 'a b/c=d' }))).toEqual({
      ok: true,
      signIn: { redirect: new URL(REDIRECT), codeChallenge: CHALLENGE, codeChallengeMethod: 'S256', state: 'a b/c=d' },
    });
  });

  it('makes the state optional, and an empty state is still the state', () => {
    const without = parseDesktopSignIn(params());
    expect(without.ok && 'state' in without.signIn).toBe(false);
    const empty = parseDesktopSignIn(params({ state: '' }));
    expect(empty.ok && empty.signIn.state).toBe('');
  });

  it('checks the redirect first, as before', () => {
    expect(parseDesktopSignIn(params({ redirect_url: 'https://evil.example/?localhost' }))).toEqual({ ok: false, message: t.invalidRedirect });
    expect(parseDesktopSignIn(params({ redirect_url: undefined, code_challenge: undefined }))).toEqual({ ok: false, message: t.invalidRedirect });
  });

  it.each([
    ['no challenge', { code_challenge: undefined }, t.challengeMissing],
    ['an empty challenge', { code_challenge: '' }, t.challengeMissing],
    ['plain', { code_challenge_method: 'plain' }, t.challengeMethodUnsupported],
    ['no method (RFC 7636 reads it as plain)', { code_challenge_method: undefined }, t.challengeMethodUnsupported],
    ['s256 in lower case', { code_challenge_method: 's256' }, t.challengeMethodUnsupported],
    ['a challenge one character short', { code_challenge: CHALLENGE.slice(1) }, t.challengeMalformed],
    ['a challenge one character long', { code_challenge: `${CHALLENGE}A` }, t.challengeMalformed],
    ['a padded base64 challenge', { code_challenge: `${CHALLENGE.slice(1)}=` }, t.challengeMalformed],
    ['a challenge in standard base64', { code_challenge: CHALLENGE.replace('-', '+') }, t.challengeMalformed],
    ['a plain verifier sent as the challenge', { code_challenge: `${VERIFIER}~~` }, t.challengeMalformed],
  ])('refuses %s', (_, overrides, message) => {
    expect(parseDesktopSignIn(params(overrides))).toEqual({ ok: false, message });
  });
});

describe('desktop sign-in parameters in addresses', () => {
  it('keeps only the sign-in parameters, in a fixed order', () => {
    const picked = pickDesktopSignInParams(new URLSearchParams(`origin=desktop&state=s&utm_source=x&${params()}`));
    expect([...picked.keys()]).toEqual(['redirect_url', 'code_challenge', 'code_challenge_method', 'state']);
  });

  it('writes a checked sign-in so that checking it again gives it back', () => {
    const check = parseDesktopSignIn(params({ redirect_url: 'http://127.0.0.1:9/cb?x=1&state=old', state: 'new & improved' }));
    if (!check.ok) throw new Error(check.message);
    expect(parseDesktopSignIn(new URLSearchParams(desktopSignInQuery(check.signIn)))).toEqual(check);
  });
});

describe('desktopExchangeBody', () => {
  it('takes a code with an RFC 7636 verifier, 43 to 128 unreserved characters', () => {
    expect(z.safeParse(desktopExchangeBody, { code: 'c', code_verifier: VERIFIER }).success).toBe(true);
    expect(z.safeParse(desktopExchangeBody, { code: 'c', code_verifier: 'aZ09-._~'.repeat(16) }).success).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
    ['with a character outside the unreserved set', `${VERIFIER}+`],
    ['not a string', 42],
  ])('refuses a verifier %s, naming what a verifier is', (_, codeVerifier) => {
    const parsed = z.safeParse(desktopExchangeBody, { code: 'c', code_verifier: codeVerifier });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['code_verifier', t.verifierInvalid]]);
  });
});
