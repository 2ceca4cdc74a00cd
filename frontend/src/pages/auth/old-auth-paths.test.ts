import { describe, expect, it } from 'vitest';
import { oldAuthPathTarget } from './old-auth-paths';

describe('the prebuilt pages’ addresses', () => {
  it.each([
    ['/auth', '', { to: '/signin' }],
    ['/auth/', '', { to: '/signin' }],
    ['/auth', '?show=signup', { to: '/signup' }],
    ['/auth', '?show=signin&redirectToPath=%2Fpricing', { to: '/signin', returnTo: '/pricing' }],
    ['/auth', '?show=signup&redirectToPath=/pricing', { to: '/signup', returnTo: '/pricing' }],
    // The prebuilt UI's page per factor: our one second-step page, its address's parameters kept.
    ['/auth/mfa/totp', '', { to: '/auth/mfa' }],
    ['/auth/mfa/totp', '?redirectToPath=/pricing', { to: '/auth/mfa?redirectToPath=%2Fpricing' }],
    ['/auth/callback/google', '?code=x&state=y', { to: '/signin' }],
    ['/auth/no-such-page', '?show=signup', { to: '/signin' }],
  ])('%s%s leads to %o', (pathname, search, target) => {
    expect(oldAuthPathTarget(pathname, search)).toEqual(target);
  });
});
