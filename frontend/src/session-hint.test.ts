import { describe, expect, it } from 'vitest';
import { hasSessionHint, readSessionHint } from './session-hint';

/** The front token as the web SDK writes it: base64 of UTF-8 JSON. */
const frontToken = (payload: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload))));

describe('the front-token cookie', () => {
  it('tells whose session it is and until when its access token holds', () => {
    const cookie = `theme=dark; sFrontToken=${frontToken({ uid: 'u-1', ate: 1_700_000_000_000, up: { name: 'Zoë' } })}; other=1`;
    expect(hasSessionHint(cookie)).toBe(true);
    expect(readSessionHint(cookie)).toEqual({ userId: 'u-1', accessTokenExpiresAt: 1_700_000_000_000 });
  });

  it("tells the account's email, from the access token's email claim it carries", () => {
    const cookie = `sFrontToken=${frontToken({ uid: 'u-1', ate: 1_700_000_000_000, up: { sub: 'u-1', email: 'ada@example.com' } })}`;
    expect(readSessionHint(cookie)).toEqual({ userId: 'u-1', accessTokenExpiresAt: 1_700_000_000_000, email: 'ada@example.com' });
  });

  it('tells whether the address is proven, from the email verification claim (st-ev) when the token has one', () => {
    const withClaim = (v: unknown) => `sFrontToken=${frontToken({ uid: 'u-1', ate: 1, up: { 'st-ev': { v, t: 1 } } })}`;
    expect(readSessionHint(withClaim(false))?.emailVerified).toBe(false);
    expect(readSessionHint(withClaim(true))?.emailVerified).toBe(true);
    expect(readSessionHint(withClaim('yes'))).toEqual({ userId: 'u-1', accessTokenExpiresAt: 1 });
  });

  it('tells nothing without the cookie, or from one it cannot read', () => {
    expect(readSessionHint('theme=dark')).toBeUndefined();
    expect(readSessionHint('sFrontToken=not base64!')).toBeUndefined();
    expect(readSessionHint(`sFrontToken=${frontToken({ uid: 'u-1' })}`)).toBeUndefined();
  });
});
