import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mailSenderFromEnv, outboxSender, sesSender, type OutboxMessage } from './mail';

const dir = mkdtempSync(join(tmpdir(), 'voxpen-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mail = { to: 'ada@example.com', subject: 'Reset your Voxpen password', text: 'Open http://localhost/reset?token=t1', kind: 'password-reset' };

describe('mail sender', () => {
  it('locally writes each message to the outbox and prints it with its link', async () => {
    const lines: string[] = [];
    await outboxSender(dir, (l) => lines.push(l)).send(mail);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')) as OutboxMessage;
    expect(saved).toMatchObject(mail);
    expect(lines.join('\n')).toContain('http://localhost/reset?token=t1');
  });

  it('deployed, sends through SES from the configured address', async () => {
    const sent: unknown[] = [];
    const client = { send: async (command: { input: unknown }) => (sent.push(command.input), { MessageId: 'm-1' }) } as unknown as SESv2Client;
    await sesSender(client, 'Voxpen <no-reply@voxpen.app>').send(mail);
    expect(sent).toEqual([
      {
        FromEmailAddress: 'Voxpen <no-reply@voxpen.app>',
        Destination: { ToAddresses: ['ada@example.com'] },
        Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } } },
      },
    ]);
  });

  it('refuses to start without a from-address or an outbox', () => {
    expect(() => mailSenderFromEnv({})).toThrow(/MAIL_FROM/);
  });
});
