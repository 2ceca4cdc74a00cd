/** /account and its API (account self-service). */
import { PRODUCT_NAME } from '../product';
import type { DesktopPlatformName } from './desktop';

export const accountTexts = {
  renamed: 'Your name has been saved.',
  nameRequired: 'Please enter your name',
  nameTooLong: 'Please keep your name to 200 characters or fewer',
  passwordChanged: 'Your password has been changed. Every other device signed in to your account (browsers and the desktop app) has been signed out.',
  wrongPassword: 'Your current password is not correct.',
  noPassword: 'This account signs in with Google and has no password to change.',
  /** A change of address asked for: the same answer whether or not another account has the address. */
  emailChangeSent: (email: string) => `We sent a link to ${email}. Your address changes once you open it; until then you sign in with your current one.`,
  emailChangeGoogle: 'This account signs in with Google, so its email address is your Google address: change it at Google.',
  emailUnchanged: 'That is already your email address.',
  /** The same change asked again while it stood unfinished (a link used, the rest interrupted): finished now. */
  emailChanged: (email: string) => `Your email address is now ${email}. Sign in with it from now on.`,
  signedOutEverywhere: 'You have been signed out of all devices.',
  /** The typed confirmation a deletion needs, exactly. */
  deleteConfirmation: 'delete my account',
  confirmationMismatch: 'Type "delete my account" to confirm.',
  deleted: 'Your account and its data have been deleted. Goodbye, and thank you for using Voxpen.',
  /**
   * DELETE /api/account stopped part way (a dependency slow): signed out everywhere, and the rest
   * follows within minutes. Billing is said to be stopped only when its step is done.
   */
  deletionUnderway: (billingEnded: boolean) =>
    `Your account is being deleted: you are signed out everywhere, billing ${billingEnded ? 'is stopped' : 'will be stopped'}, and your data will be gone within a few minutes. Nothing else is needed from you.`,
  sessionEnded: (name: string) => `${name} has been signed out.`,
  sessionIsThisOne: 'This is the session you are using: to end it, sign out.',
  sessionNotFound: 'That session is not signed in to your account (it may have ended already).',
  /** How /account names a session's client. */
  sessionName: {
    browser: (browser: string | undefined, os: string | undefined) => (browser && os ? `${browser} on ${os}` : browser || (os ? `A browser on ${os}` : 'A browser')),
    desktop: (os: DesktopPlatformName | undefined) => (os ? `${PRODUCT_NAME} for ${os}` : `The ${PRODUCT_NAME} desktop app`),
  },
} as const;
