/**
 * An unknown email is refused about as slowly as a wrong password for a known one, so the time of a
 * refusal does not tell who has an account. This file's core hashes at the real cost (the other
 * stacks use a lighter one, docs/testing.md#password-cost): the comparison means nothing otherwise.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST } from '../../infra/local/auth-core/password-hash';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';

const stack = useTestStack({ passwordCost: DEFAULT_SCRYPT_COST });

const person = () => new AuthApi(stack.api, stack.web);
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const fields = (email: string, password: string) => ({ formFields: [{ id: 'email', value: email }, { id: 'password', value: password }] });
const signIn = (who: AuthApi, email: string, password: string) => who.call('POST', '/api/auth/signin', fields(email, password), { rid: 'emailpassword' });

async function statusOf(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

async function account(name: string): Promise<string> {
  const email = uniqueEmail(name);
  expect(await statusOf(await person().call('POST', '/api/auth/signup', fields(email, 'engine42'), { rid: 'emailpassword' }))).toBe('OK');
  return email;
}

describe('sign-in timing', () => {
  it('refuses an unknown email about as slowly as a wrong password for a known one', async () => {
    const [known] = [await account('timed')];
    const timed = async (email: string) => {
      const started = performance.now();
      expect(await statusOf(await signIn(person(), email, 'wrong-guess1'))).toBe('WRONG_CREDENTIALS_ERROR');
      return performance.now() - started;
    };
    await timed(known!); // warm-up: first requests pay for module and connection set-up
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Interleaved, so a burst of load elsewhere on the machine falls on both.
    for (let i = 0; i < 7; i++) {
      knownTimes.push(await timed(known!));
      unknownTimes.push(await timed(uniqueEmail('nobody')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Before: ~33 ms against ~312 ms (a ratio near 0.1). The dummy hash makes it about 1.
    expect(median(unknownTimes), `unknown ${unknownTimes.map(Math.round)} vs known ${knownTimes.map(Math.round)}`).toBeGreaterThanOrEqual(0.5 * median(knownTimes));
  }, 90_000); // 16 hashes at the real cost: a few seconds alone, far more beside a loaded machine's other work
});
