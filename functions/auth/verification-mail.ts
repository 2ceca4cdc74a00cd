/** The mails that prove an address: the link to confirm it, and the notice to an address being replaced. */
import { PRODUCT_NAME } from '../../shared/product';
import type { Mail } from '../lib/mail';

/** The site's own page for the link (the SDK's default is under /auth); the token is all it needs. */
export function verificationPageLink(sdkLink: string): string {
  const link = new URL(sdkLink);
  const token = link.searchParams.get('token') ?? '';
  return `${link.origin}/verify-email?token=${encodeURIComponent(token)}`;
}

export function verificationMail(to: string, link: string, purpose: 'sign-up' | 'email-change'): Mail {
  const why =
    purpose === 'sign-up'
      ? `Someone created a ${PRODUCT_NAME} account with this address. To confirm it is yours, open this link:`
      : `Someone asked to use this address for a ${PRODUCT_NAME} account. To confirm it is yours, open this link:`;
  return {
    kind: 'email-verification',
    to,
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    text: ['Hello,', '', why, '', link, '', 'The link works once and expires in 24 hours. If this was not you, ignore this email: nothing changes.', '', `The ${PRODUCT_NAME} team`].join('\n'),
  };
}

/** To the address being replaced: it still signs in until the new one is confirmed. */
export function emailChangeNoticeMail(to: string): Mail {
  return {
    kind: 'email-change-notice',
    to,
    subject: `Your ${PRODUCT_NAME} email address is being changed`,
    text: [
      'Hello,',
      '',
      `Someone signed in to your ${PRODUCT_NAME} account asked to change its email address. Nothing changes until the new address is confirmed from a link we sent to it; until then this address still signs in.`,
      '',
      'If this was not you, sign in and change your password: that signs every device out.',
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}

/** To the address replaced, once the change is done: it no longer signs in. */
export function emailChangedNoticeMail(to: string): Mail {
  return {
    kind: 'email-changed-notice',
    to,
    subject: `Your ${PRODUCT_NAME} email address has been changed`,
    text: [
      'Hello,',
      '',
      `The email address of your ${PRODUCT_NAME} account has been changed to a new address, confirmed from the link we sent to it. This address no longer signs in.`,
      '',
      'If this was not you, reply to this email straight away so we can help you get your account back.',
      '',
      `The ${PRODUCT_NAME} team`,
    ].join('\n'),
  };
}
