import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT, listContactMessages, monthOf, type StoredContactMessage } from '../../functions/contact/messages';
import { CONTACT_MESSAGE_MAX } from '../../shared/schemas/contact';
import { texts } from '../../shared/texts';
import { useTestStack } from '../support/local-stack';

const run = promisify(execFile);
const stack = useTestStack();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { message: string; id?: string; fields?: Record<string, string> };
}

/** POSTs from a chosen loopback address (the whole 127/8 is loopback), so each test is its own sender. */
function postContact(body: unknown, fromIp: string): Promise<Answer> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const url = new URL('/api/contact', stack.api);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress: fromIp, headers: { 'content-type': 'application/json' } },
      (res) => {
        let data = '';
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(data) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const lastMonth = monthOf(new Date(Date.now() - 31 * 24 * 3600 * 1000));
const stored = () => listContactMessages(stack.db, { since: lastMonth, limit: 1000 });
const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Do you offer discounts for schools?' };

describe('POST /api/contact', () => {
  it('stores a valid message, keeps no raw IP address, and contact:list prints it', async () => {
    const answer = await postContact({ ...valid, email: '  ada@example.com ' }, '127.0.0.2');
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(texts.contact.sent);

    const item = (await stored()).find((m) => m.id === answer.body.id);
    expect(item).toMatchObject({ ...valid, id: answer.body.id });
    expect(Date.now() - Date.parse(item!.receivedAt)).toBeLessThan(60_000);
    expect(item!.ipHash).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(item)).not.toContain('127.0.0.2');

    const { stdout } = await run('node', ['node_modules/.bin/tsx', 'infra/scripts/contact-list.ts'], {
      env: { ...process.env, DYNAMODB_ENDPOINT: stack.env.DYNAMODB_ENDPOINT },
    });
    expect(stdout).toContain('Ada Lovelace <ada@example.com>');
    expect(stdout).toContain('Do you offer discounts for schools?');
    expect(stdout).toContain(answer.body.id);
  });

  it.each([
    ['no name', 'name', { ...valid, name: undefined }, texts.contact.nameRequired],
    ['a blank name', 'name', { ...valid, name: '   ' }, texts.contact.nameRequired],
    ['no email', 'email', { ...valid, email: undefined }, texts.contact.emailInvalid],
    ["'ada@'", 'email', { ...valid, email: 'ada@' }, texts.contact.emailInvalid],
    ["'ada example.com'", 'email', { ...valid, email: 'ada example.com' }, texts.contact.emailInvalid],
    ['an empty message', 'message', { ...valid, message: '' }, texts.contact.messageRequired],
    ['a number as message', 'message', { ...valid, message: 42 }, texts.contact.messageRequired],
    ['a 5001-character message', 'message', { ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }, texts.contact.messageTooLong],
  ])('answers 400 to %s, naming the field %s, and stores nothing', async (_label, field, body, message) => {
    const before = (await stored()).length;
    const answer = await postContact(body, '127.0.0.3');
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ [field]: message });
    expect(answer.body.message).toContain(field);
    expect((await stored()).length).toBe(before);
  });

  it('takes a message of exactly 5000 characters', async () => {
    const answer = await postContact({ ...valid, message: 'y'.repeat(CONTACT_MESSAGE_MAX) }, '127.0.0.3');
    expect(answer.status).toBe(201);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const answer = await postContact('name=Ada', '127.0.0.3');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(texts.api.malformedJson);
  });

  it('refuses the sixth message within the hour from one address with 429, and still takes another address', async () => {
    const ip = '127.0.0.4';
    for (let i = 1; i <= CONTACT_RATE_LIMIT.limit; i++) {
      expect((await postContact({ ...valid, message: `Message ${i}` }, ip)).status).toBe(201);
    }
    const refused = await postContact({ ...valid, message: 'Message 6' }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(texts.contact.tooMany(60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);

    const messages = (await stored()).map((m: StoredContactMessage) => m.message);
    expect(messages).toContain('Message 5');
    expect(messages).not.toContain('Message 6');
    expect((await postContact({ ...valid, message: 'From next door' }, '127.0.0.5')).status).toBe(201);
  });
});
