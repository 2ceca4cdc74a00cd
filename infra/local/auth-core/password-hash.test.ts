import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword, verifyAgainstNothing } from './password-hash';

// A cheap cost keeps the unit test fast; the format and comparison are what is under test.
const cheap = { N: 1024, r: 8, p: 1 };

describe('password hashes', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse', cheap);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct hors', stored)).toBe(false);
  });

  it('never contains the password, and salts each hash', async () => {
    const a = await hashPassword('engine42', cheap);
    const b = await hashPassword('engine42', cheap);
    expect(a).not.toContain('engine42');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$1024$8$1$')).toBe(true);
  });

  it('keeps verifying hashes made at another cost', async () => {
    const stored = await hashPassword('pw', { N: 2048, r: 8, p: 2 });
    expect(await verifyPassword('pw', stored)).toBe(true);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('pw', 'plain-text')).toBe(false);
    expect(await verifyPassword('pw', 'scrypt$x$8$1$aa$bb')).toBe(false);
    expect(await verifyAgainstNothing('pw', cheap)).toBe(false);
  });
});
