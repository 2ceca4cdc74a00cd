/** Passkeys: the /account section, "Sign in with a passkey" on /signin, their API answers and the mail they send. */
import { PRODUCT_NAME } from '../product';

export const passkeyTexts = {
  heading: 'Passkeys',
  intro: 'Sign in with your fingerprint, face or device PIN instead of a password. A passkey stays on your device or in your password manager; we keep only its public key.',
  nameLabel: 'Passkey name (optional)',
  nameHint: 'So you can tell your passkeys apart, e.g. "Work laptop". Left blank, it is named after this browser and system.',
  /** A passkey added without a name: the browser and system that made it. */
  defaultName: (browser: string, os: string | undefined) => (os ? `${browser} on ${os}` : browser),
  add: 'Add a passkey',
  adding: 'Waiting for your device…',
  added: (name: string) => `Passkey "${name}" added. You can now sign in with it.`,
  addedUnnamed: 'Passkey added. You can now sign in with it.',
  loading: 'Loading your passkeys...',
  loadFailed: 'Could not load your passkeys.',
  removing: 'Removing...',
  none: 'No passkeys yet.',
  /** A passkey the product has no name for (its name was lost). */
  unnamed: 'Passkey',
  addedAt: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Not used yet',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove passkey ${name}`,
  removed: (name: string) => `Passkey "${name}" removed. It no longer signs in to your account.`,
  /** The browser or the person stopped the ceremony (NotAllowedError): nothing was saved. */
  cancelled: 'No passkey was saved: the request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys.',
  alreadyOnDevice: 'This device already holds a passkey for your account.',
  failed: 'The passkey could not be saved. Please try again.',
  verifyFirst: 'Confirm your email address before adding a passkey.',
  nameRequired: 'Please name your passkey',
  nameTooLong: 'Please keep the name to 60 characters or fewer',
  /** /signin */
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey…',
  signInFailed: 'That passkey is not registered with an account here, or it could not be checked. Try again, or sign in another way.',
  signInCancelled: 'Passkey sign-in was cancelled.',
  api: {
    notFound: 'That passkey is not on your account (it may have been removed already).',
    addFromAccount: 'Passkeys are added from your account page while signed in.',
    invalidCredential: 'The passkey could not be checked. Please try again.',
  },
  mail: {
    addedSubject: `A passkey was added to your ${PRODUCT_NAME} account`,
    removedSubject: `A passkey was removed from your ${PRODUCT_NAME} account`,
    added: (name: string) => `A passkey named "${name}" was added to your ${PRODUCT_NAME} account. It can now sign in to your account.`,
    removed: (name: string) => `The passkey named "${name}" was removed from your ${PRODUCT_NAME} account. It can no longer sign in.`,
  },
};
