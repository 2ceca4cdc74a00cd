import { PRODUCT_NAME } from '../product';

/** The desktop platforms /launch names (the app asking to be signed in runs on the visitor's computer). */
export type DesktopPlatformName = 'Windows' | 'Mac' | 'Linux';

/** The desktop sign-in handoff (docs/decisions.md#4: a single-use code, exchanged for the app's own session). */
export const desktopTexts = {
  /** /launch asks before it hands a session over (RFC 8252 §8.6: a native app is approved by the user). */
  confirmTitle: 'Sign in to the desktop app?',
  confirmApp: (platform: DesktopPlatformName | undefined) => (platform ? `${PRODUCT_NAME} for ${platform} on this computer` : `The ${PRODUCT_NAME} desktop app on this computer`),
  confirmAppLabel: 'App',
  confirmAccountLabel: 'Account',
  confirmAccountUnknown: 'Your signed-in account',
  confirmNote: 'Continue only if you started this sign-in from the app yourself. Nothing is handed to the app until you do.',
  continue: 'Continue to the app',
  cancel: 'Cancel',
  invalidRedirect: 'Invalid redirect URL',
  signInFirst: 'Authentication required. Please sign in first.',
  invalidCode: 'This sign-in code is invalid or has expired. Please sign in again from the desktop app.',
  /** spec §2 /launch, §8. */
  checking: 'Connecting your desktop app...',
  allSet: "You're all set!",
  returning: 'Returning you to the desktop app...',
  redirectFailed: 'Failed to redirect to desktop app. Please try again.',
  goHome: 'Go to Home',
  /** PKCE (RFC 7636, S256 only), which every desktop sign-in must use: shown by /launch and answered by the API. */
  challengeMissing: 'This sign-in link has no code challenge (PKCE with S256 is required). Please update the desktop app and try again.',
  challengeMethodUnsupported: 'This sign-in link uses an unsupported code challenge method: only S256 is accepted. Please update the desktop app and try again.',
  challengeMalformed: 'This sign-in link has a malformed code challenge (an S256 challenge is 43 base64url characters). Please sign in again from the desktop app.',
  verifierInvalid: 'The code verifier is missing or malformed: it must be 43 to 128 characters of letters, digits, "-", ".", "_" or "~".',
  verifierMismatch: 'The code verifier does not match this sign-in code, which is now used up. Please sign in again from the desktop app.',
} as const;
