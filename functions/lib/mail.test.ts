import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mailSenderFromEnv, outboxSender, type OutboxMessage } from './mail';

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

  it('refuses to start without a from-address or an outbox', () => {
    expect(() => mailSenderFromEnv({})).toThrow(/MAIL_FROM/);
  });
});
