/**
 * Passkeys in the browser, through the web SDK's WebAuthn recipe: adding one to the signed-in account
 * (the API uses the account's own address, and takes the name given here with the credential), and
 * signing in with a discoverable one, no email typed. The outcomes are the page's to word.
 */
import type { PasskeyAssertion, StepUpProof } from '../../../shared/schemas/step-up';
import { authSdk } from './auth-sdk';
import { addToBody, proofFields, proofRefusalOf } from './step-up';

export type AddPasskeyOutcome = { status: 'OK' } | { status: 'CANCELLED' | 'UNSUPPORTED' | 'ALREADY_ON_DEVICE' | 'FAILED' };
export type PasskeySignInOutcome = { status: 'OK'; userId: string } | { status: 'CANCELLED' | 'UNSUPPORTED' | 'FAILED' };

/** The browser's own refusal (the person cancelled, or the request timed out) reads as cancelled. */
const refusedByBrowser = (error: unknown) => error instanceof DOMException || (error as { name?: string } | undefined)?.name === 'NotAllowedError';

/**
 * Adds a passkey with the step-up proof (docs/security.md#step-up) in both of its requests: the
 * options (so a wrong password is answered before the browser's dialog makes a credential) and the
 * sign-up that stores it. A refused proof throws ProofRefused, for the form to show beside its field.
 */
export async function addPasskey(name: string, email: string, proof: StepUpProof = {}): Promise<AddPasskeyOutcome> {
  const { WebAuthn } = await authSdk();
  const withProof = addToBody(proofFields(proof), (path) => path.endsWith('/webauthn/options/register'));
  // The name travels with the credential (the sign-up call; the options call needs none): the API
  // stores it only if the passkey is added.
  const withName = addToBody({ passkeyName: name, ...proofFields(proof) }, (path) => path.endsWith('/webauthn/signup'));
  let result: Awaited<ReturnType<typeof WebAuthn.registerCredentialWithSignUp>>;
  try {
    result = await WebAuthn.registerCredentialWithSignUp({
      email,
      shouldTryLinkingWithSessionUser: true,
      options: { preAPIHook: async (context) => withName(await withProof(context)) },
      userContext: {},
    });
  } catch (error) {
    throw (await proofRefusalOf(error)) ?? error;
  }
  switch (result.status) {
    case 'OK':
      return { status: 'OK' };
    case 'AUTHENTICATOR_ALREADY_REGISTERED':
      return { status: 'ALREADY_ON_DEVICE' };
    case 'WEBAUTHN_NOT_SUPPORTED':
      return { status: 'UNSUPPORTED' };
    case 'FAILED_TO_REGISTER_USER':
      return { status: refusedByBrowser(result.error) ? 'CANCELLED' : 'FAILED' };
    default:
      return { status: 'FAILED' };
  }
}

export type PasskeyProofOutcome = { status: 'OK'; proof: Required<Pick<StepUpProof, 'passkey'>> } | { status: 'CANCELLED' | 'UNSUPPORTED' | 'FAILED' };

/**
 * A step-up proof made with one of the account's passkeys (docs/security.md#step-up), for an account
 * without a password: sign-in options from the SDK's own path (their challenge is good once), the
 * browser's passkey dialog, and the assertion as `passkey` for the change's request to carry. The
 * server says whether the passkey is this account's; nothing is signed in here.
 */
export async function passkeyProof(): Promise<PasskeyProofOutcome> {
  const { WebAuthn } = await authSdk();
  const options = await WebAuthn.getSignInOptions({ userContext: {} });
  if (options.status !== 'OK') return { status: 'FAILED' };
  const { webauthnGeneratedOptionsId, challenge, timeout, userVerification } = options;
  const asserted = await WebAuthn.authenticateCredential({ authenticationOptions: { webauthnGeneratedOptionsId, challenge, timeout, userVerification }, userContext: {} });
  switch (asserted.status) {
    case 'OK':
      return { status: 'OK', proof: { passkey: { webauthnGeneratedOptionsId, credential: asserted.authenticationResponse as unknown as PasskeyAssertion['credential'] } } };
    case 'WEBAUTHN_NOT_SUPPORTED':
      return { status: 'UNSUPPORTED' };
    default:
      return { status: refusedByBrowser(asserted.error) ? 'CANCELLED' : 'FAILED' };
  }
}

/**
 * `secondFactor`: the passkey completes the second step of this session's sign-in (/auth/mfa), so the
 * session is kept; otherwise it is a sign-in of its own, never linked to a session this browser may hold.
 */
export async function signInWithPasskey({ secondFactor = false }: { secondFactor?: boolean } = {}): Promise<PasskeySignInOutcome> {
  const { WebAuthn } = await authSdk();
  const result = await WebAuthn.authenticateCredentialWithSignIn({ shouldTryLinkingWithSessionUser: secondFactor, userContext: {} });
  switch (result.status) {
    case 'OK':
      return { status: 'OK', userId: result.user.id };
    case 'WEBAUTHN_NOT_SUPPORTED':
      return { status: 'UNSUPPORTED' };
    case 'FAILED_TO_AUTHENTICATE_USER':
      return { status: refusedByBrowser(result.error) ? 'CANCELLED' : 'FAILED' };
    default:
      return { status: 'FAILED' };
  }
}
