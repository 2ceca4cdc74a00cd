import { beforeEach, describe, expect, it } from 'vitest';
import { captureDesktopSignIn, DESKTOP_ORIGIN_KEY, DESKTOP_PARAMS_KEY, pendingDesktopSignIn } from './desktop-handoff';

beforeEach(() => sessionStorage.clear());

const DESKTOP_QUERY = 'redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s+1';

describe('captureDesktopSignIn', () => {
  it('keeps the redirect, challenge, method and state (and nothing else of the address) until /launch', () => {
    expect(captureDesktopSignIn(`?origin=desktop&utm_source=mail&${DESKTOP_QUERY}`)).toBe(true);
    expect(sessionStorage.getItem(DESKTOP_ORIGIN_KEY)).toBe('desktop');
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBe(DESKTOP_QUERY);
    expect(pendingDesktopSignIn()?.get('code_challenge_method')).toBe('S256');
    expect(pendingDesktopSignIn()?.get('state')).toBe('s 1');
  });

  it('keeps a sign-in without a challenge too: /launch is where it is refused, with its reason', () => {
    captureDesktopSignIn('?origin=desktop&redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb');
    expect(pendingDesktopSignIn()?.toString()).toBe('redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb');
  });

  it('forgets a pending sign-in when the address has no desktop sign-in', () => {
    captureDesktopSignIn(`?origin=desktop&${DESKTOP_QUERY}`);
    expect(captureDesktopSignIn('?code_challenge=x')).toBe(false);
    expect(pendingDesktopSignIn()).toBeUndefined();
    expect(sessionStorage.getItem(DESKTOP_PARAMS_KEY)).toBeNull();
  });
});
