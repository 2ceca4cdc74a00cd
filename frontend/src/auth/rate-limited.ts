/**
 * The auth API answers a limited request with 429 and `{ message }` (functions/auth/auth-limits.ts).
 * The web SDK throws any non-2xx answer as the raw Response, which pages would show as a generic
 * failure; as an STGeneralError, the product's pages (auth-client.ts) show the server's sentence.
 */
import type { RecipeInterface } from 'supertokens-web-js/recipe/emailpassword';
import type { RecipeInterface as VerificationInterface } from 'supertokens-web-js/recipe/emailverification';
import type { RecipeInterface as TotpInterface } from 'supertokens-web-js/recipe/totp';
import { authTexts } from '../../../shared/texts/auth';

function isTooMany(error: unknown): error is Response {
  return typeof error === 'object' && error !== null && (error as Response).status === 429 && typeof (error as Response).json === 'function';
}

async function sentenceOf(answer: Response): Promise<string | undefined> {
  try {
    const body = (await answer.clone().json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON (e.g. a proxy's own 429): Retry-After alone still makes a sentence.
  }
  const seconds = Number(answer.headers.get('retry-after'));
  return seconds > 0 ? authTexts.tooManyAttempts(Math.ceil(seconds / 60)) : undefined;
}

/**
 * An STGeneralError as the SDK makes one (supertokens-website/utils/error: the message and the flag its
 * isThisError reads), built here rather than with `new STGeneralError`: Vite's dev server hands a
 * default import of 'supertokens-web-js/utils/error' the CommonJS exports object, not the class, so
 * `new` threw a TypeError and the page showed its generic failure instead of the sentence.
 */
function generalError(message: string): Error {
  return Object.assign(new Error(message), { isSuperTokensGeneralError: true });
}

async function limitsAsGeneralErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const sentence = isTooMany(error) ? await sentenceOf(error) : undefined;
    if (sentence) throw generalError(sentence);
    throw error;
  }
}

/** For EmailPassword's `override.functions`: the calls the auth limits can refuse. */
export function withLimitSentences(original: RecipeInterface): RecipeInterface {
  return {
    ...original,
    signIn: (input) => limitsAsGeneralErrors(() => original.signIn(input)),
    signUp: (input) => limitsAsGeneralErrors(() => original.signUp(input)),
    doesEmailExist: (input) => limitsAsGeneralErrors(() => original.doesEmailExist(input)),
    sendPasswordResetEmail: (input) => limitsAsGeneralErrors(() => original.sendPasswordResetEmail(input)),
  };
}

/** For EmailVerification's `override.functions`: asking for a link again is limited per account. */
export function withResendLimitSentence(original: VerificationInterface): VerificationInterface {
  return { ...original, sendVerificationEmail: (input) => limitsAsGeneralErrors(() => original.sendVerificationEmail(input)) };
}

/** For TOTP's `override.functions`: code checks are limited per account and per address. */
export function withCodeLimitSentences(original: TotpInterface): TotpInterface {
  return {
    ...original,
    verifyCode: (input) => limitsAsGeneralErrors(() => original.verifyCode(input)),
    verifyDevice: (input) => limitsAsGeneralErrors(() => original.verifyDevice(input)),
  };
}
