import { beforeEach, describe, expect, it } from 'vitest';
import { RETURN_TO_KEY, rememberReturnTo } from '../return-to';
import { afterSignInPath, captureDesktopSignIn, DESKTOP_ORIGIN_KEY, DESKTOP_PARAMS_KEY, pendingDesktopSignIn } from './desktop-handoff';

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

describe('afterSignInPath', () => {
  it('goes to the dashboard when nothing is remembered', () => {
    expect(afterSignInPath()).toBe('/dashboard');
  });

  it('goes to the remembered return path once (spec §4: back to /pricing)', () => {
    rememberReturnTo('/pricing');
    expect(afterSignInPath()).toBe('/pricing');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
    expect(afterSignInPath()).toBe('/dashboard');
  });

  it('lets a pending desktop sign-in win, with its challenge and state, and uses the return path up all the same', () => {
    rememberReturnTo('/pricing');
    captureDesktopSignIn(`?origin=desktop&${DESKTOP_QUERY}`);
    expect(afterSignInPath()).toBe(`/launch?${DESKTOP_QUERY}`);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it.each(['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/\r/evil.example', 'https://evil.example/pricing', 'pricing'])('never goes to %s, however it got into storage', (path) => {
    rememberReturnTo(path);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
    sessionStorage.setItem(RETURN_TO_KEY, path);
    expect(afterSignInPath()).toBe('/dashboard');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });
});
