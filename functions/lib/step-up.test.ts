/**
 * The step-up's rule: which proof an account owes and what each answer is. The checks are fakes with
 * an injected clock, so the edges (the 10-minute sign-in, a limit) are tried exactly; the real checks
 * (the core, the limits) are tried in test/integration (two-step, passkeys, account-password).
 */
import { describe, expect, it } from 'vitest';
import { stepUpTexts } from '../../shared/texts/step-up';
import { proofRefusal, proveOwner, RECENT_SIGN_IN_MS, type LimitedAnswer, type ProofDeps } from './step-up';

const SIGNED_IN_AT = Date.parse('2026-06-01T10:00:00Z');
const caller = { userId: 'u-1', sessionHandle: 'live-session', address: '198.51.100.7' };

function deps(account: { passwordEmail?: string; authenticatorApp: boolean } | undefined, now: number, asked: string[] = []): ProofDeps {
  const answer = (right: boolean): LimitedAnswer => ({ status: right ? 'OK' : 'WRONG' });
  return {
    proofsOf: async () => account,
    checkPassword: async (email, password) => (asked.push(`password:${email}`), answer(password === 'engine42')),
    checkCode: async (_userId, code) => (asked.push(`code:${code}`), answer(code === '123456')),
    checkPasskey: async (_userId, { credential }) => (asked.push(`passkey:${credential.id}`), { status: credential.id === 'own-passkey' ? 'OK' : 'WRONG' }),
    sessionCreatedAt: async (handle) => (handle === 'live-session' ? SIGNED_IN_AT : undefined),
    now: () => now,
  };
}

describe('the step-up proof', () => {
  it('asks an account with a password for it, and takes nothing else instead (not a code, not a fresh sign-in)', async () => {
    const withPassword = { passwordEmail: 'ada@example.com', authenticatorApp: true };
    const asked: string[] = [];
    expect(await proveOwner(deps(withPassword, SIGNED_IN_AT, asked), caller, {})).toEqual({ status: 'PROOF_REQUIRED', owed: 'password' });
    expect(await proveOwner(deps(withPassword, SIGNED_IN_AT, asked), caller, { code: '123456' })).toEqual({ status: 'PROOF_REQUIRED', owed: 'password' });
    expect(await proveOwner(deps(withPassword, SIGNED_IN_AT, asked), caller, { password: 'nope-1234' })).toEqual({ status: 'WRONG_PASSWORD' });
    expect(await proveOwner(deps(withPassword, SIGNED_IN_AT, asked), caller, { password: 'engine42' })).toEqual({ status: 'OK', proved: 'password' });
    expect(asked).toEqual(['password:ada@example.com', 'password:ada@example.com']);
  });

  it('asks an account without a password (Google) for a code from its app when it has one, however recent the sign-in', async () => {
    const google = { authenticatorApp: true };
    expect(await proveOwner(deps(google, SIGNED_IN_AT + 1000), caller, {})).toEqual({ status: 'PROOF_REQUIRED', owed: 'code' });
    expect(await proveOwner(deps(google, SIGNED_IN_AT + 1000), caller, { code: '000000' })).toEqual({ status: 'WRONG_CODE' });
    expect(await proveOwner(deps(google, SIGNED_IN_AT + 60 * 60_000), caller, { code: '123 456' })).toEqual({ status: 'OK', proved: 'code' });
  });

  it('takes an assertion of its own passkey from an account without a password, with or without an app, and refuses any other without falling back', async () => {
    const assertionOf = (id: string) => ({ passkey: { webauthnGeneratedOptionsId: 'options-1', credential: { id, type: 'public-key' as const, response: {} } } });
    const asked: string[] = [];
    expect(await proveOwner(deps({ authenticatorApp: true }, SIGNED_IN_AT + 60 * 60_000, asked), caller, assertionOf('own-passkey'))).toEqual({ status: 'OK', proved: 'passkey' });
    expect(await proveOwner(deps({ authenticatorApp: false }, SIGNED_IN_AT + 60 * 60_000, asked), caller, assertionOf('own-passkey'))).toEqual({ status: 'OK', proved: 'passkey' });
    // Within the 10 minutes too: a wrong passkey is a refusal, not "nothing given".
    expect(await proveOwner(deps({ authenticatorApp: false }, SIGNED_IN_AT + 1000, asked), caller, assertionOf('someone-elses'))).toEqual({ status: 'WRONG_PASSKEY' });
    expect(asked).toEqual(['passkey:own-passkey', 'passkey:own-passkey', 'passkey:someone-elses']);
    // A password holder proves with the password: a passkey is not looked at.
    expect(await proveOwner(deps({ passwordEmail: 'ada@example.com', authenticatorApp: false }, SIGNED_IN_AT, asked), caller, assertionOf('own-passkey'))).toEqual({ status: 'PROOF_REQUIRED', owed: 'password' });
    expect(asked).toHaveLength(3);
    expect(proofRefusal({ status: 'WRONG_PASSKEY' })).toMatchObject({ statusCode: 400, message: stepUpTexts.wrongPasskey, fields: { passkey: stepUpTexts.wrongPasskey } });
  });

  it('takes a sign-in within the last 10 minutes from an account with neither, to the millisecond; not from a session that has ended', async () => {
    const bare = { authenticatorApp: false };
    expect(await proveOwner(deps(bare, SIGNED_IN_AT + RECENT_SIGN_IN_MS), caller, {})).toEqual({ status: 'OK', proved: 'recent-sign-in' });
    expect(await proveOwner(deps(bare, SIGNED_IN_AT + RECENT_SIGN_IN_MS + 1), caller, {})).toEqual({ status: 'SIGN_IN_AGAIN' });
    expect(await proveOwner(deps(bare, SIGNED_IN_AT + 1000), { ...caller, sessionHandle: 'ended' }, {})).toEqual({ status: 'SIGN_IN_AGAIN' });
  });

  it('passes a limited check on as the limit, and an account that is gone as unknown', async () => {
    const limited: ProofDeps = { ...deps({ passwordEmail: 'ada@example.com', authenticatorApp: false }, SIGNED_IN_AT), checkPassword: async () => ({ status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 600 }) };
    expect(await proveOwner(limited, caller, { password: 'engine42' })).toEqual({ status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 600 });
    expect(await proveOwner(deps(undefined, SIGNED_IN_AT), caller, { password: 'engine42' })).toEqual({ status: 'UNKNOWN_USER' });
  });

  it('answers each refusal with its status, sentence and field', () => {
    expect(proofRefusal({ status: 'PROOF_REQUIRED', owed: 'password' }, 'currentPassword')).toMatchObject({ statusCode: 400, message: stepUpTexts.passwordRequired, fields: { currentPassword: stepUpTexts.passwordRequired } });
    expect(proofRefusal({ status: 'WRONG_CODE' })).toMatchObject({ statusCode: 400, fields: { code: stepUpTexts.wrongCode } });
    expect(proofRefusal({ status: 'SIGN_IN_AGAIN' })).toMatchObject({ statusCode: 403, message: stepUpTexts.signInAgain });
    expect(proofRefusal({ status: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 600 })).toMatchObject({ statusCode: 429, headers: { 'retry-after': '600' } });
  });
});
