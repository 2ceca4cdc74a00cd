import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openRefreshToken, sealRefreshToken } from './refresh-token';

const key = randomBytes(32);
// A handle long enough that it cannot turn up in the sealed text by chance (a two-letter one did, 1 run in 30).
const info = {
  sessionHandle: 'session-handle-3f9c2a',
  tenantId: 'public',
  parentRefreshTokenHash1: 'p1',
  antiCsrfToken: null,
};

describe('refresh tokens', () => {
  it('opens what it sealed, and every token is different', () => {
    const a = sealRefreshToken(key, info);
    expect(openRefreshToken(key, a)).toEqual(info);
    expect(sealRefreshToken(key, info)).not.toBe(a);
    expect(a).not.toContain(info.sessionHandle);
  });

  it('refuses a token altered, sealed under another key, or made up', () => {
    const token = sealRefreshToken(key, info);
    const raw = Buffer.from(token, 'base64url');
    raw[20] = raw[20]! ^ 1;
    expect(openRefreshToken(key, raw.toString('base64url'))).toBeUndefined();
    expect(openRefreshToken(randomBytes(32), token)).toBeUndefined();
    expect(openRefreshToken(key, 'made-up')).toBeUndefined();
  });
});
