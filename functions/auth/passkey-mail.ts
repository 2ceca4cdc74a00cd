/** The notices a passkey added to or removed from an account sends to its proven address (docs/security.md#notices). */
import { passkeyTexts } from '../../shared/texts/passkeys';
import type { Mail } from '../lib/mail';
import { noticeFooter, type NoticeContext } from './second-factor-mail';

export function passkeyMail(to: string, event: 'added' | 'removed', name: string, context?: NoticeContext): Mail {
  const t = passkeyTexts.mail;
  return {
    kind: `passkey-${event}`,
    to,
    subject: event === 'added' ? t.addedSubject : t.removedSubject,
    text: ['Hello,', '', event === 'added' ? t.added(name) : t.removed(name), '', ...noticeFooter(to, context)].join('\n'),
  };
}
