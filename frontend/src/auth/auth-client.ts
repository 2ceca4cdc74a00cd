/**
 * The auth calls the product's own pages make, as plain results. SuperTokens' general errors come
 * back as `GENERAL_ERROR` with the server's message, and so do the auth limits' 429 answers (e.g.
 * 'Too many attempts', turned into general errors by ./rate-limited.ts).
 *
 * The web SDK loads with the first call (./auth-sdk.ts), not with the pages: a form costs nothing
 * until it is submitted.
 */
import { authSdk } from './auth-sdk';

export type FieldErrors = { id: string; error: string }[];

export type SignInResult =
  | { status: 'OK'; userId: string }
  | { status: 'WRONG_CREDENTIALS_ERROR' }
  | { status: 'FIELD_ERROR'; formFields: FieldErrors }
  | { status: 'SIGN_IN_NOT_ALLOWED' }
  | { status: 'GENERAL_ERROR'; message: string };

export type SignUpResult =
  | { status: 'OK'; userId: string }
  | { status: 'FIELD_ERROR'; formFields: FieldErrors }
  | { status: 'SIGN_UP_NOT_ALLOWED' }
  | { status: 'GENERAL_ERROR'; message: string };

export type GoogleResult =
  | { status: 'OK'; userId: string; createdNewUser: boolean }
  | { status: 'NO_EMAIL_GIVEN_BY_PROVIDER' }
  /** `reason`: the API's sentence saying how the address's account signs in (docs/security.md#one-account-per-address). */
  | { status: 'SIGN_IN_UP_NOT_ALLOWED'; reason?: string }
  | { status: 'GENERAL_ERROR'; message: string };

/** STGeneralError.isThisError, without importing any of the SDK into the pages' chunks. */
function isGeneralError(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && (error as { isSuperTokensGeneralError?: unknown }).isSuperTokensGeneralError === true;
}

async function generalErrors<T>(call: () => Promise<T>): Promise<T | { status: 'GENERAL_ERROR'; message: string }> {
  try {
    return await call();
  } catch (error) {
    if (isGeneralError(error)) return { status: 'GENERAL_ERROR', message: error.message };
    throw error;
  }
}

const credentials = (email: string, password: string) => [
  { id: 'email', value: email },
  { id: 'password', value: password },
];

export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  return generalErrors(async () => {
    const res = await (await authSdk()).EmailPassword.signIn({ formFields: credentials(email, password) });
    if (res.status === 'OK') return { status: 'OK', userId: res.user.id };
    if (res.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', formFields: res.formFields };
    return { status: res.status };
  });
}

/** The account's name rides with the sign-up: the API records it with the account (the session can do nothing else until the address is proven). */
export async function signUpWithPassword(email: string, password: string, name?: string): Promise<SignUpResult> {
  return generalErrors(async () => {
    const res = await (await authSdk()).EmailPassword.signUp({ formFields: [...credentials(email, password), ...(name ? [{ id: 'name', value: name }] : [])] });
    if (res.status === 'OK') return { status: 'OK', userId: res.user.id };
    if (res.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', formFields: res.formFields };
    return { status: res.status };
  });
}

/** spec §7: Google's address for this browser, with the state kept in session storage; back at /auth/callback. */
export async function googleSignInUrl(): Promise<string> {
  const { ThirdParty } = await authSdk();
  return ThirdParty.getAuthorisationURLWithQueryParamsAndSetState({
    thirdPartyId: 'google',
    frontendRedirectURI: `${window.location.origin}/auth/callback`,
  });
}

/** What the callback answers when its address did not come from Google (no `state` to check). */
export const NOT_FROM_GOOGLE = 'This address carries no Google sign-in to finish.';

/**
 * Finishes Google sign-in on /auth/callback (state checked by the SDK, spec §5). Google always sends
 * the state back: without one in the address there is nothing to finish, said without loading the SDK
 * (which would throw, and log, for want of a sign-in started in this tab).
 */
export async function finishGoogleSignIn(search: string = window.location.search): Promise<GoogleResult> {
  if (!new URLSearchParams(search).get('state')) return { status: 'GENERAL_ERROR', message: NOT_FROM_GOOGLE };
  return generalErrors(async () => {
    const res = await (await authSdk()).ThirdParty.signInAndUp();
    if (res.status === 'OK') return { status: 'OK', userId: res.user.id, createdNewUser: res.createdNewRecipeUser };
    if (res.status === 'SIGN_IN_UP_NOT_ALLOWED') return { status: res.status, reason: res.reason };
    return { status: res.status };
  });
}

export type ResetRequestResult = { status: 'OK' } | { status: 'FIELD_ERROR'; formFields: FieldErrors } | { status: 'PASSWORD_RESET_NOT_ALLOWED' } | { status: 'GENERAL_ERROR'; message: string };

export type NewPasswordResult =
  | { status: 'OK' }
  | { status: 'FIELD_ERROR'; formFields: FieldErrors }
  | { status: 'RESET_PASSWORD_INVALID_TOKEN_ERROR' }
  | { status: 'GENERAL_ERROR'; message: string };

/** Asks for a reset link for `email` (the API answers OK whether or not the account exists). */
export async function requestPasswordReset(email: string): Promise<ResetRequestResult> {
  return generalErrors(async () => {
    const res = await (await authSdk()).EmailPassword.sendPasswordResetEmail({ formFields: [{ id: 'email', value: email }] });
    if (res.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', formFields: res.formFields };
    return { status: res.status };
  });
}

/** Sets a new password with the token in this page's address (`?token=`, read by the SDK). */
export async function submitNewPassword(password: string): Promise<NewPasswordResult> {
  return generalErrors(async () => {
    const res = await (await authSdk()).EmailPassword.submitNewPassword({ formFields: [{ id: 'password', value: password }] });
    if (res.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', formFields: res.formFields };
    return { status: res.status };
  });
}

export async function signOut(): Promise<void> {
  await (await authSdk()).Session.signOut();
}

export type VerifyEmailResult = { status: 'OK' | 'EMAIL_VERIFICATION_INVALID_TOKEN_ERROR' } | { status: 'GENERAL_ERROR'; message: string };
export type SendVerificationResult = { status: 'OK' | 'EMAIL_ALREADY_VERIFIED_ERROR' } | { status: 'GENERAL_ERROR'; message: string };

/** Uses the verification link's token in this page's address (`?token=`, read by the SDK). */
export async function verifyEmailFromLink(): Promise<VerifyEmailResult> {
  return generalErrors(async () => ({ status: (await (await authSdk()).EmailVerification.verifyEmail()).status }));
}

/** "Send the link again": limited per account (the API's 429 comes back as a GENERAL_ERROR with its sentence). */
export async function sendVerificationEmail(): Promise<SendVerificationResult> {
  return generalErrors(async () => ({ status: (await (await authSdk()).EmailVerification.sendVerificationEmail()).status }));
}

/** Asks the API, which asks the core and renews the session's claim: true once the address is proven, from any browser. */
export async function isEmailVerified(): Promise<boolean> {
  return (await (await authSdk()).EmailVerification.isEmailVerified()).isVerified;
}
