/**
 * The notices a change to the second step sends to the account's proven address: a factor added or
 * removed, a recovery code used, new recovery codes made. The owner learns of each even when it was
 * not them (a stolen session, a stolen recovery code), and from an address only they can read.
 * Sent after the change: a mail that cannot go out is logged, and the change stands.
 */
import supertokens from 'supertokens-node';
import { PRODUCT_NAME } from '../../shared/product';
import { logger } from '../lib/logger';
import { sendMail, type Mail } from '../lib/mail';

export type SecondFactorEvent = 'totp-added' | 'totp-removed' | 'recovery-code-used' | 'recovery-codes-replaced';

const WHAT: Record<SecondFactorEvent, { subject: string; line: string }> = {
  'totp-added': { subject: 'Two-step verification is on', line: `Two-step verification with an authenticator app was turned on for your ${PRODUCT_NAME} account. Signing in now asks for a code from the app.` },
  'totp-removed': { subject: 'Two-step verification is off', line: `Two-step verification was turned off for your ${PRODUCT_NAME} account. Signing in no longer asks for a code, and your recovery codes no longer work.` },
  'recovery-code-used': { subject: 'A recovery code was used', line: `A recovery code was used to sign in to your ${PRODUCT_NAME} account. Each code works once.` },
  'recovery-codes-replaced': { subject: 'New recovery codes', line: `New recovery codes were made for your ${PRODUCT_NAME} account. The earlier codes no longer work.` },
};

export function secondFactorMail(to: string, event: SecondFactorEvent, codesLeft?: number): Mail {
  const { subject, line } = WHAT[event];
  const left = codesLeft === undefined ? [] : ['', `Recovery codes left: ${codesLeft}.`];
  return {
    kind: `second-factor-${event}`,
    to,
    subject: `${subject} (${PRODUCT_NAME})`,
    text: ['Hello,', '', line, ...left, '', 'If this was not you, change your password now (that signs every device out) and turn two-step verification on again from your account page.', '', `The ${PRODUCT_NAME} team`].join('\n'),
  };
}

/** The address the core has proven for the account, if any: notices go nowhere else. */
async function provenAddressOf(userId: string): Promise<string | undefined> {
  const user = await supertokens.getUser(userId);
  return user?.loginMethods.find((m) => m.verified && m.email)?.email;
}

export async function mailSecondFactorEvent(userId: string, event: SecondFactorEvent, codesLeft?: number, send: (mail: Mail) => Promise<void> = sendMail): Promise<void> {
  try {
    const to = await provenAddressOf(userId);
    if (!to) {
      logger.warn('second-factor notice not sent: no proven address', { event });
      return;
    }
    await send(secondFactorMail(to, event, codesLeft));
  } catch (error) {
    logger.error('second-factor notice not sent', { event, error: { name: (error as Error).name, message: (error as Error).message } });
  }
}
