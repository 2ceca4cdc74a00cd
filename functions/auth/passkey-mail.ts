/** The notices a passkey added to or removed from an account sends to its proven address. */
import { PRODUCT_NAME } from '../../shared/product';
import { passkeyTexts } from '../../shared/texts/passkeys';
import type { Mail } from '../lib/mail';

export function passkeyMail(to: string, event: 'added' | 'removed', name: string): Mail {
  const t = passkeyTexts.mail;
  return {
    kind: `passkey-${event}`,
    to,
    subject: event === 'added' ? t.addedSubject : t.removedSubject,
    text: ['Hello,', '', event === 'added' ? t.added(name) : t.removed(name), '', t.notYou, '', `The ${PRODUCT_NAME} team`].join('\n'),
  };
}
