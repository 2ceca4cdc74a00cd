import { beforeEach, describe, expect, it } from 'vitest';
import { PLAN_CHOICE_KEY, RETURN_TO_KEY, rememberPlanChoice, rememberReturnTo } from '../return-to';
import { captureDesktopSignIn } from './desktop-handoff';
import { afterSignInPath, hasSignedInBefore, signInHeading, signInIntent, signInPathKeepingIntent, signUpHeading } from './sign-in-intent';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const DESKTOP_QUERY = 'redirect_url=http%3A%2F%2Flocalhost%3A7777%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s+1';

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

describe('a plan chosen while signed out', () => {
  it('takes the finished sign-in to /pricing with the plan and period, which /pricing uses up there, and beats a return path', () => {
    rememberReturnTo('/pricing');
    rememberPlanChoice({ plan: 'pro', interval: 'annually' });
    expect(afterSignInPath()).toBe('/pricing?plan=pro&interval=annually');
    expect(sessionStorage.getItem(PLAN_CHOICE_KEY)).toBe('pro:annually');
  });

  it('loses to a pending desktop sign-in, and ignores a choice it does not know', () => {
    rememberPlanChoice({ plan: 'pro', interval: 'monthly' });
    captureDesktopSignIn(`?origin=desktop&${DESKTOP_QUERY}`);
    expect(afterSignInPath()).toBe(`/launch?${DESKTOP_QUERY}`);
    sessionStorage.clear();
    sessionStorage.setItem(PLAN_CHOICE_KEY, 'enterprise:weekly');
    expect(signInIntent()).toBeUndefined();
  });
});

describe('the headings', () => {
  it('say what the visitor came for, and welcome back only a browser that has signed in before', () => {
    expect(signInHeading(undefined, false)).toBe('Sign in to Voxpen');
    expect(signUpHeading(undefined)).toBe('Start writing with your voice');
    expect(hasSignedInBefore()).toBe(false);
    afterSignInPath();
    expect(hasSignedInBefore()).toBe(true);
    expect(signInHeading(signInIntent(), hasSignedInBefore())).toBe('Welcome back to Voxpen');

    rememberPlanChoice({ plan: 'pro', interval: 'annually' });
    expect(signInHeading(signInIntent(), true)).toBe('Sign in to continue to Pro (annual)');
    expect(signUpHeading(signInIntent())).toBe('Create your account to continue to Pro (annual)');
    captureDesktopSignIn(`?origin=desktop&${DESKTOP_QUERY}`);
    expect(signInHeading(signInIntent(), true)).toBe('Sign in to connect the Voxpen app');
    expect(signUpHeading(signInIntent())).toBe('Create your account to connect the Voxpen app');
  });

  it("keeps a desktop sign-in on sign-up's way back to /signin", () => {
    expect(signInPathKeepingIntent()).toBe('/signin');
    captureDesktopSignIn(`?origin=desktop&${DESKTOP_QUERY}`);
    expect(signInPathKeepingIntent()).toBe(`/signin?origin=desktop&${DESKTOP_QUERY}`);
  });
});
