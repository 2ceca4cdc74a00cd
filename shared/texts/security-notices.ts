/** The security notices mailed to an account's proven address after a change to how it signs in (docs/security.md#notices). */
import { PRODUCT_NAME } from '../product';

export const securityNoticeTexts = {
  events: {
    'password-changed': { subject: `Your ${PRODUCT_NAME} password was changed`, line: `The password of your ${PRODUCT_NAME} account was changed, and every other device signed in to it was signed out.` },
    'password-reset': { subject: `Your ${PRODUCT_NAME} password was reset`, line: `The password of your ${PRODUCT_NAME} account was reset with a link sent to this address, and every device signed in to it was signed out.` },
    'two-step-on': {
      subject: 'Two-step verification is on',
      line: `Two-step verification with an authenticator app was turned on for your ${PRODUCT_NAME} account: signing in now asks for a code from the app. Every other device signed in to your account was signed out, and ten new recovery codes were made.`,
    },
    'authenticator-added-codes-kept': {
      subject: 'An authenticator app was added',
      line: `Another authenticator app was added to your ${PRODUCT_NAME} account: its codes now complete the second step too. Your recovery codes were not changed.`,
    },
    'authenticator-added-codes-replaced': {
      subject: 'An authenticator app was added',
      line: `Another authenticator app was added to your ${PRODUCT_NAME} account: its codes now complete the second step too. New recovery codes were made, and the earlier ones no longer work.`,
    },
    'two-step-off': { subject: 'Two-step verification is off', line: `Two-step verification was turned off for your ${PRODUCT_NAME} account. Signing in no longer asks for a code, and your recovery codes no longer work.` },
    'recovery-codes-replaced': { subject: 'New recovery codes', line: `New recovery codes were made for your ${PRODUCT_NAME} account. The earlier codes no longer work.` },
    'recovery-code-used': { subject: 'A recovery code was used', line: `A recovery code was used to sign in to your ${PRODUCT_NAME} account. Each code works once.` },
  },
  when: (moment: string) => `When: ${moment}`,
  from: (device: string) => `From: ${device}`,
  unknownDevice: 'a device we could not name',
  notYou: (resetLink: string) => `If this was not you, someone may have your password or a signed-in device. Reset your password now (it signs every device out): ${resetLink}`,
  codesLeft: (n: number) => `Recovery codes left: ${n}.`,
  signOff: `The ${PRODUCT_NAME} team`,
} as const;

export type SecurityEvent = keyof typeof securityNoticeTexts.events;
