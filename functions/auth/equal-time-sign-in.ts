/**
 * Sign-in with an unknown email takes as long to refuse as a wrong password for a known one, so
 * response times do not tell which emails have accounts.
 *
 * supertokens-node 24's signInPOST first looks the email up (listUsersByAccountInfo) and answers
 * WRONG_CREDENTIALS_ERROR at once when no user has it: the core never hashes a password, and the
 * answer comes back about ten times sooner than a wrong password's. So the recipe function that asks
 * the core to check a password (verifyCredentials) marks the request's userContext, and a
 * WRONG_CREDENTIALS_ERROR without that mark pays for one password hash here.
 *
 * The dummy hash costs what the local core's does (infra/local/auth-core/password-hash.ts: scrypt
 * N=2^14, r=8, p=5); a deployed SuperTokens core hashes with its own algorithm and cost, which this
 * only approximates.
 */
import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import type { APIInterface, RecipeInterface } from 'supertokens-node/recipe/emailpassword';

export const DUMMY_SCRYPT_COST = { N: 2 ** 14, r: 8, p: 5 } as const;

const PASSWORD_CHECKED = 'voxpenPasswordChecked';

type SignInPOST = NonNullable<APIInterface['signInPOST']>;
type VerifyCredentials = RecipeInterface['verifyCredentials'];

/** One scrypt hash of the password with a throw-away salt, at the core's cost; the result is ignored. */
export function hashLikeTheCore(password: string): Promise<void> {
  const options: ScryptOptions = { ...DUMMY_SCRYPT_COST, maxmem: 256 * DUMMY_SCRYPT_COST.N * DUMMY_SCRYPT_COST.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), randomBytes(16), 32, options, (error) => (error ? reject(error) : resolve())));
}

/** For `override.functions`: records in the request's userContext that a password went to the core. */
export function markPasswordChecks(verifyCredentials: VerifyCredentials): VerifyCredentials {
  return (input) => {
    input.userContext[PASSWORD_CHECKED] = true;
    return verifyCredentials(input);
  };
}

/** For `override.apis`: a refusal that checked no password hashes one before answering. */
export function equalTimeSignIn(original: SignInPOST, hash: (password: string) => Promise<void> = hashLikeTheCore): SignInPOST {
  return async (input) => {
    const result = await original(input);
    if (result.status === 'WRONG_CREDENTIALS_ERROR' && input.userContext[PASSWORD_CHECKED] !== true) {
      const password = input.formFields.find((f) => f.id === 'password')?.value;
      await hash(typeof password === 'string' ? password : '');
    }
    return result;
  };
}
