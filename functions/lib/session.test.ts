import { describe, expect, it } from 'vitest';
import { accessTokenOf } from './session';

describe('accessTokenOf', () => {
  it("prefers the desktop app's bearer header, else decodes the web app's cookie", () => {
    expect(accessTokenOf({ headers: { authorization: 'Bearer abc.def' }, cookies: ['sAccessToken=zzz'] })).toEqual({ token: 'abc.def', transfer: 'header' });
    expect(accessTokenOf({ headers: {}, cookies: ['theme=dark', 'sAccessToken=a%2Bb.c'] })).toEqual({ token: 'a+b.c', transfer: 'cookie' });
    expect(accessTokenOf({ headers: {}, cookies: ['sAccessToken='] })).toBeUndefined();
  });

  it('treats a cookie that is not valid percent-encoding as no token (401 for the caller, not a 500)', () => {
    expect(accessTokenOf({ headers: {}, cookies: ['sAccessToken=%E0%A4%A'] })).toBeUndefined();
  });
});
