/** The password-reset email (spec §7: reset via the /auth/reset-password page). */
import { PRODUCT_NAME } from '../../shared/product';
import type { Mail } from '../lib/mail';

export function passwordResetMail(to: string, link: string): Mail {
  return {
    kind: 'password-reset',
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
      '',
      link,
      '',
      'The link works once and expires in an hour. If you did not ask for this, ignore this email: your password stays as it is.',
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}
