/** Reads the local mail outbox (functions/lib/mail.ts) the way a developer would. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutboxMessage } from '../../functions/lib/mail';

export function outboxMessages(dir: string): OutboxMessage[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMessage);
}

/** The newest message to `to` (of `kind`, when given), waiting briefly for it to be written. */
export async function latestMailTo(dir: string, to: string, timeoutMs = 5000, kind?: string): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = outboxMessages(dir).filter((m) => m.to === to && (kind === undefined || m.kind === kind)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function linkIn(mail: OutboxMessage): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return new URL(match[0]);
}

/** The token of the newest verification link mailed to `email` (a link to /verify-email?token=…). */
export async function verificationTokenFor(outboxDir: string, email: string): Promise<string> {
  const link = linkIn(await latestMailTo(outboxDir, email.toLowerCase(), 5000, 'email-verification'));
  const token = link.searchParams.get('token');
  if (link.pathname !== '/verify-email' || !token) throw new Error(`the verification mail links to ${link.pathname}, not /verify-email?token=`);
  return token;
}
