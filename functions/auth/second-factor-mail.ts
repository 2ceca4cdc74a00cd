/**
 * The security notices (docs/security.md#notices) a change to how an account signs in sends to its
 * proven address: a password changed or reset, two-step verification on or off, another
 * authenticator app, new recovery codes, a recovery code used. Each says what happened, when, from
 * which device (the browser and system of the request that made it), and what to do if it was not
 * the owner: a link that starts a password reset. The owner learns of each even when it was not them
 * (a stolen session, a stolen password), and from an address only they can read. Sent after the
 * change: a mail that cannot go out is logged, and the change stands.
 */
import { PRODUCT_NAME } from '../../shared/product';
import { securityNoticeTexts as t, type SecurityEvent } from '../../shared/texts/security-notices';
import { coreConnection } from '../lib/core-api';
import { coreUser, provenEmailOf } from '../lib/core-users';
import { logger } from '../lib/logger';
import { sendMail, type Mail } from '../lib/mail';
import { appInfo } from './app-info';
import { browserOf } from './session-clients';

export type SecondFactorEvent = SecurityEvent;

/** Where and when a change was made: the request's user agent, and the moment (epoch ms). */
export interface NoticeContext {
  userAgent?: string;
  at?: number;
}

export function deviceName(userAgent: string | undefined): string {
  const { browser, os } = browserOf(userAgent) as { browser?: string; os?: string };
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? (os ? `a browser on ${os}` : t.unknownDevice);
}

/** The page that starts a reset for `to` (the address is filled in; nothing is sent until its owner asks). */
export function resetLink(to: string, webOrigin = appInfo().websiteDomain!): string {
  return `${new URL('/auth/reset-password', webOrigin).href}?email=${encodeURIComponent(to)}`;
}

/** What every notice ends with: when, from which device, and the reset link for when it was not the owner. */
export function noticeFooter(to: string, context: NoticeContext = {}, webOrigin?: string): string[] {
  const at = new Date(context.at ?? Date.now());
  return [t.when(at.toUTCString()), t.from(deviceName(context.userAgent)), '', t.notYou(resetLink(to, webOrigin)), '', t.signOff];
}

export function securityNoticeMail(to: string, event: SecurityEvent, context: NoticeContext = {}, extra: string[] = [], webOrigin?: string): Mail {
  const { subject, line } = t.events[event];
  return {
    kind: `security-${event}`,
    to,
    subject: `${subject} (${PRODUCT_NAME})`,
    text: ['Hello,', '', line, ...extra, '', ...noticeFooter(to, context, webOrigin)].join('\n'),
  };
}

export function secondFactorMail(to: string, event: SecondFactorEvent, codesLeft?: number, context?: NoticeContext): Mail {
  return securityNoticeMail(to, event, context, codesLeft === undefined ? [] : ['', t.codesLeft(codesLeft)]);
}

/** The address the core has proven for the account, if any: notices go nowhere else. */
async function provenAddressOf(userId: string): Promise<string | undefined> {
  return provenEmailOf(await coreUser(await coreConnection(), userId));
}

export async function mailSecondFactorEvent(userId: string, event: SecondFactorEvent, codesLeft?: number, context?: NoticeContext, send: (mail: Mail) => Promise<void> = sendMail): Promise<void> {
  try {
    const to = await provenAddressOf(userId);
    if (!to) {
      logger.warn('security notice not sent: no proven address', { event });
      return;
    }
    await send(secondFactorMail(to, event, codesLeft, context));
  } catch (error) {
    logger.error('security notice not sent', { event, error: { name: (error as Error).name, message: (error as Error).message } });
  }
}

/** The same notice for any security event (a password changed or reset): the name says what it is for. */
export const mailSecurityNotice = (userId: string, event: SecurityEvent, context?: NoticeContext) => mailSecondFactorEvent(userId, event, undefined, context);
