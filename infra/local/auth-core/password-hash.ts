/**
 * Password hashes: scrypt (memory-hard) with a fresh 16-byte salt per hash, compared in constant
 * time. The stored string names its own cost (`scrypt$N$r$p$salt$hash`), so the cost can change
 * without invalidating existing users. Passwords are never stored, logged or returned.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** One of OWASP's equivalent scrypt settings (N=2^14, r=8, p=5): 16 MiB per hash, about a quarter second here. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 5 };

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const [alg, n, r, p, salt, key] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (alg !== 'scrypt' || !salt || !key || !Object.values(cost).every((v) => Number.isInteger(v) && v > 0)) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.cost);
  return candidate.length === parsed.key.length && timingSafeEqual(candidate, parsed.key);
}

/**
 * Does the work of a real check and answers false: signing in with an unknown email costs as much
 * as a wrong password, so response times do not reveal which emails have accounts.
 */
export async function verifyAgainstNothing(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<false> {
  await derive(password, randomBytes(16), cost);
  return false;
}
