/**
 * The auth calls the product's own pages make, as plain results. SuperTokens' general errors come
 * back as `GENERAL_ERROR` with the server's message, and so do the auth limits' 429 answers (e.g.
 * 'Too many attempts', turned into general errors by ./rate-limited.ts).
 */
import EmailPassword from 'supertokens-auth-react/recipe/emailpassword';
import Session from 'supertokens-auth-react/recipe/session';
import ThirdParty from 'supertokens-auth-react/recipe/thirdparty';
import STGeneralError from 'supertokens-web-js/utils/error';

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
  | { status: 'NO_EMAIL_GIVEN_BY_PROVIDER' | 'SIGN_IN_UP_NOT_ALLOWED' }
  | { status: 'GENERAL_ERROR'; message: string };

async function generalErrors<T>(call: () => Promise<T>): Promise<T | { status: 'GENERAL_ERROR'; message: string }> {
  try {
    return await call();
  } catch (error) {
    if (STGeneralError.isThisError(error)) return { status: 'GENERAL_ERROR', message: error.message };
    throw error;
  }
}

const credentials = (email: string, password: string) => [
  { id: 'email', value: email },
  { id: 'password', value: password },
];

export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  return generalErrors(async () => {
    const res = await EmailPassword.signIn({ formFields: credentials(email, password) });
    if (res.status === 'OK') return { status: 'OK', userId: res.user.id };
    if (res.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', formFields: res.formFields };
    return { status: res.status };
  });
}

export async function signUpWithPassword(email: string, password: string): Promise<SignUpResult> {
  return generalErrors(async () => {
    const res = await EmailPassword.signUp({ formFields: credentials(email, password) });
    if (res.status === 'OK') return { status: 'OK', userId: res.user.id };
    if (res.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', formFields: res.formFields };
    return { status: res.status };
  });
}

/** spec §7: Google's address for this browser, with the state kept in session storage; back at /auth/callback. */
export async function googleSignInUrl(): Promise<string> {
  return ThirdParty.getAuthorisationURLWithQueryParamsAndSetState({
    thirdPartyId: 'google',
    frontendRedirectURI: `${window.location.origin}/auth/callback`,
  });
}

/** Finishes Google sign-in on /auth/callback (state checked by the SDK, spec §5). */
export async function finishGoogleSignIn(): Promise<GoogleResult> {
  return generalErrors(async () => {
    const res = await ThirdParty.signInAndUp();
    if (res.status === 'OK') return { status: 'OK', userId: res.user.id, createdNewUser: res.createdNewRecipeUser };
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
    const res = await EmailPassword.sendPasswordResetEmail({ formFields: [{ id: 'email', value: email }] });
    if (res.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', formFields: res.formFields };
    return { status: res.status };
  });
}

/** Sets a new password with the token in this page's address (`?token=`, read by the SDK). */
export async function submitNewPassword(password: string): Promise<NewPasswordResult> {
  return generalErrors(async () => {
    const res = await EmailPassword.submitNewPassword({ formFields: [{ id: 'password', value: password }] });
    if (res.status === 'FIELD_ERROR') return { status: 'FIELD_ERROR', formFields: res.formFields };
    return { status: res.status };
  });
}

export async function signOut(): Promise<void> {
  await Session.signOut();
}
