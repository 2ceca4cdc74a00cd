/**
 * Refresh tokens: opaque to everyone but this core. Each is sealed with AES-256-GCM under a stored
 * key and carries its session, the hash of the token it replaced (so a not-yet-confirmed child can
 * be told from a stolen ancestor) and its anti-CSRF token. The session keeps only the double SHA-256
 * of its current refresh token, never a token.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface RefreshTokenInfo {
  sessionHandle: string;
  tenantId: string;
  /** SHA-256 of the refresh token this one replaced; null for a session's first token. */
  parentRefreshTokenHash1: string | null;
  antiCsrfToken: string | null;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sealRefreshToken(key: Buffer, info: RefreshTokenInfo): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plain = JSON.stringify({ h: info.sessionHandle, t: info.tenantId, p: info.parentRefreshTokenHash1, c: info.antiCsrfToken, n: randomBytes(16).toString('base64url') });
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The token's contents, or undefined for anything this core did not seal. */
export function openRefreshToken(key: Buffer, token: string): RefreshTokenInfo | undefined {
  try {
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 12 + 16 + 2) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    const body = JSON.parse(plain) as { h?: unknown; t?: unknown; p?: unknown; c?: unknown };
    if (typeof body.h !== 'string' || typeof body.t !== 'string') return undefined;
    return {
      sessionHandle: body.h,
      tenantId: body.t,
      parentRefreshTokenHash1: typeof body.p === 'string' ? body.p : null,
      antiCsrfToken: typeof body.c === 'string' ? body.c : null,
    };
  } catch {
    return undefined;
  }
}
