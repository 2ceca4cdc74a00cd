import { describe, expect, it } from 'vitest';
import { json } from './response';
import { frontToken, withAccessToken } from './session-tokens';

const claims = { sub: 'user-1', sessionHandle: 'h', exp: 1_900_000_000 };
const renewed = { token: `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`, expiry: 1_900_000_000_000 };

describe('withAccessToken', () => {
  it("gives the web app the renewed token in the SDK's cookie and front token, keeping the answer's own cookies", () => {
    const answer = { ...json(200, { ok: true }), cookies: ['other=1', 'sAccessToken=old'] };
    const out = withAccessToken(answer, renewed, 'cookie', true, Date.UTC(2026, 10, 23));
    expect(out.body).toBe(answer.body);
    expect(out.cookies).toEqual(['other=1', `sAccessToken=${renewed.token}; Expires=Tue, 23 Nov 2027 00:00:00 GMT; HttpOnly; Path=/; SameSite=Lax; Secure`]);
    expect(out.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'front-token': frontToken(renewed), 'access-control-expose-headers': 'front-token' });
    expect(out.headers!['st-access-token']).toBeUndefined();
  });

  it('gives a desktop app (header mode) the token in st-access-token and sets no cookie', () => {
    const out = withAccessToken(json(200, {}), renewed, 'header', false);
    expect(out.cookies).toBeUndefined();
    expect(out.headers).toMatchObject({ 'st-access-token': renewed.token, 'access-control-expose-headers': 'front-token, st-access-token' });
  });

  it('builds the front token the frontend SDK decodes: user id, expiry in ms and the payload', () => {
    expect(JSON.parse(Buffer.from(frontToken(renewed), 'base64').toString())).toEqual({ uid: 'user-1', ate: renewed.expiry, up: claims });
  });
});
