import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_COST } from '../../infra/local/auth-core/password-hash';
import { DUMMY_SCRYPT_COST, equalTimeSignIn, markPasswordChecks } from './equal-time-sign-in';

type SignIn = Parameters<typeof equalTimeSignIn>[0];
type Input = Parameters<SignIn>[0];
type Verify = Parameters<typeof markPasswordChecks>[0];

const attempt = () => ({ formFields: [{ id: 'email', value: 'a@example.com' }, { id: 'password', value: 'pw-1' }], userContext: {} }) as unknown as Input;

/** A stand-in for the SDK's sign-in: asks verifyCredentials (through the marker) only for a known email. */
function signInThatChecks(checks: boolean): SignIn {
  const verify = markPasswordChecks((async () => ({ status: 'WRONG_CREDENTIALS_ERROR' })) as unknown as Verify);
  return (async (input: Input) => {
    if (checks) await verify({ email: 'a@example.com', password: 'pw-1', tenantId: 'public', userContext: input.userContext });
    return { status: 'WRONG_CREDENTIALS_ERROR' };
  }) as SignIn;
}

describe('equal-time sign-in', () => {
  it('hashes at the cost the local core hashes passwords', () => {
    expect(DUMMY_SCRYPT_COST).toEqual(DEFAULT_SCRYPT_COST);
  });

  it('hashes the password once when a refusal checked none, and not when the core checked it', async () => {
    const hashed: string[] = [];
    const hash = async (password: string) => void hashed.push(password);
    await equalTimeSignIn(signInThatChecks(false), hash)(attempt());
    expect(hashed).toEqual(['pw-1']);
    await equalTimeSignIn(signInThatChecks(true), hash)(attempt());
    expect(hashed).toEqual(['pw-1']);
  });
});
