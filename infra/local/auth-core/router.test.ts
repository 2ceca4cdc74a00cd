import { describe, expect, it } from 'vitest';
import { parsePath } from './router';

describe('CDI paths', () => {
  it('reads the app and tenant prefixes supertokens-node adds', () => {
    expect(parsePath('/public/recipe/signup')).toEqual({ appId: 'public', tenantId: 'public', path: '/recipe/signup' });
    expect(parsePath('/recipe/session/verify')).toEqual({ appId: 'public', tenantId: 'public', path: '/recipe/session/verify' });
    expect(parsePath('/appid-app1/tenant2/users/by-accountinfo')).toEqual({ appId: 'app1', tenantId: 'tenant2', path: '/users/by-accountinfo' });
    expect(parsePath('/appid-public/.well-known/jwks.json')).toEqual({ appId: 'public', tenantId: 'public', path: '/.well-known/jwks.json' });
    expect(parsePath('/')).toEqual({ appId: 'public', tenantId: 'public', path: '/' });
  });
});
