import { beforeEach, describe, expect, it } from 'vitest';
import { RETURN_TO_KEY, rememberReturnTo } from '../return-to';
import { afterSignInPath, DESKTOP_ORIGIN_KEY, DESKTOP_REDIRECT_KEY } from './desktop-handoff';

beforeEach(() => sessionStorage.clear());

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

  it('lets a pending desktop sign-in win, and uses the return path up all the same', () => {
    rememberReturnTo('/pricing');
    sessionStorage.setItem(DESKTOP_ORIGIN_KEY, 'desktop');
    sessionStorage.setItem(DESKTOP_REDIRECT_KEY, 'http://localhost:7777/cb');
    expect(afterSignInPath()).toBe(`/launch?redirect_url=${encodeURIComponent('http://localhost:7777/cb')}`);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/pricing', 'pricing'])('never goes to %s, however it got into storage', (path) => {
    rememberReturnTo(path);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
    sessionStorage.setItem(RETURN_TO_KEY, path);
    expect(afterSignInPath()).toBe('/dashboard');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
  });
});
