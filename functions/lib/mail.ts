/**
 * The one way the product sends email. Configuration decides where it goes: with `MAIL_OUTBOX_DIR`
 * set (the local stack sets it) each message is written there as JSON and printed to the console, so
 * a developer can follow the link; otherwise it goes through Amazon SES from `MAIL_FROM`.
 */
import { callAws, type AwsService } from './aws-request';
import { MAIL_LIMITS } from './deadline';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What kind of mail this is (e.g. `password-reset`), for logs: never the address or the body. */
  kind: string;
}

export interface MailSender {
  send(mail: Mail): Promise<void>;
}

/** What the outbox holds per message; tests and developers read these files. */
export interface OutboxMessage extends Omit<Mail, 'kind'> {
  kind: string;
  sentAt: string;
}

export function outboxSender(dir: string, print: (line: string) => void = console.log): MailSender {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      const file = join(dir, `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`);
      const message: OutboxMessage = { ...mail, sentAt };
      await writeFile(file, `${JSON.stringify(message, null, 2)}\n`);
      // Local development only (this sender exists only when an outbox is configured): the body
      // carries the link a developer needs to click, reset tokens included.
      print(`[mail] ${mail.subject} → ${mail.to} (saved to ${file})\n${mail.text}`);
    },
  };
}

export const SES: AwsService = { signingName: 'ses', endpointId: 'SESV2', host: (region) => `email.${region}.amazonaws.com` };

/** SES v2's SendEmail (POST /v2/email/outbound-emails, ./aws-request.ts), as its SDK client sends it. */
export function sesSender(from: string, env: NodeJS.ProcessEnv = process.env): MailSender {
  return {
    async send(mail) {
      const request = {
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: mail.text, Charset: 'UTF-8' },
              ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
            },
          },
        },
      };
      const out = await callAws<{ MessageId?: string }>(SES, { path: '/v2/email/outbound-emails', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) }, MAIL_LIMITS, env);
      logger.info('mail sent', { kind: mail.kind, messageId: out.MessageId });
    },
  };
}

export function mailSenderFromEnv(env: NodeJS.ProcessEnv = process.env): MailSender {
  if (env.MAIL_OUTBOX_DIR) return outboxSender(env.MAIL_OUTBOX_DIR);
  if (!env.MAIL_FROM) throw new Error('Mail is not configured: set MAIL_FROM (or MAIL_OUTBOX_DIR locally)');
  return sesSender(env.MAIL_FROM, env);
}

let defaultSender: MailSender | undefined;

/** Sends through the sender configured for this Lambda, made once per cold start. */
export function sendMail(mail: Mail): Promise<void> {
  defaultSender ??= mailSenderFromEnv();
  return defaultSender.send(mail);
}
