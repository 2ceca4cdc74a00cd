import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../shared/texts';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { guardSignIn } from './sign-in-guard';

let dynamo: TestDynamo;
let db: TestDynamo['db'];
beforeAll(async () => {
  dynamo = await startTestDynamo();
  db = dynamo.db;
});
afterAll(() => dynamo?.stop());

type Input = Parameters<ReturnType<typeof guardSignIn>>[0];
const attempt = (email: string, password: string) => ({ formFields: [{ id: 'email', value: email }, { id: 'password', value: password }] }) as unknown as Input;

/** A stand-in for SuperTokens' own sign-in: one right password. */
function guarded(clock: { now: number }) {
  let calls = 0;
  const original = (async (input: Input) => {
    calls++;
    return input.formFields[1]!.value === 'right1' ? ({ status: 'OK' } as never) : { status: 'WRONG_CREDENTIALS_ERROR' as const };
  }) as Parameters<typeof guardSignIn>[0];
  return { signIn: guardSignIn(original, { db: () => db, now: () => clock.now }), calls: () => calls };
}

describe('sign-in guard', () => {
  it('refuses the 11th attempt in 15 minutes without checking the password, until the window ends', async () => {
    const clock = { now: Date.parse('2026-05-01T10:00:00Z') };
    const { signIn, calls } = guarded(clock);
    for (let i = 0; i < 10; i++) expect((await signIn(attempt('Eve@Example.com ', 'wrong1'))).status).toBe('WRONG_CREDENTIALS_ERROR');
    clock.now += 60_000;
    expect(await signIn(attempt('eve@example.com', 'right1'))).toEqual({ status: 'GENERAL_ERROR', message: texts.auth.tooManyAttempts(14) });
    expect(calls()).toBe(10);
    clock.now += 14 * 60_000;
    expect((await signIn(attempt('eve@example.com', 'right1'))).status).toBe('OK');
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const clock = { now: Date.parse('2026-05-02T10:00:00Z') };
    const { signIn } = guarded(clock);
    for (let i = 0; i < 9; i++) await signIn(attempt('fay@example.com', 'wrong1'));
    expect((await signIn(attempt('fay@example.com', 'right1'))).status).toBe('OK');
    for (let i = 0; i < 10; i++) expect((await signIn(attempt('fay@example.com', 'wrong1'))).status).toBe('WRONG_CREDENTIALS_ERROR');
  });
});
