/**
 * Safe operator output: a visitor's control characters never reach the operator's terminal
 * raw (`npm run contact:list` shows them escaped, `--json` keeps them exact), new messages carrying them
 * are refused by the API, and `--json` output is complete when piped, however slowly it is read.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeContactMessage, type StoredContactMessage } from '../../functions/contact/messages';
import { texts } from '../../shared/texts';
import { startTestStack } from '../support/local-stack';

const run = promisify(execFile);
let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

const CONTACT_LIST = ['node_modules/.bin/tsx', 'infra/scripts/contact-list.ts'];
const commandEnv = () => ({ ...process.env, DYNAMODB_ENDPOINT: stack.env.DYNAMODB_ENDPOINT });

/** Clears the screen, sets the window title, turns the text red, and a CSI in its one-code (C1) form. */
const ESCAPES = '\u001b[2J\u001b[H\u001b]0;pwned\u0007\u001b[31mred\u001b[0m \u009b1mbold';
/** What a name with CRLF tried: a second, forged entry under the first one's header. */
const FORGED_NAME = 'Mallory <m@example.com>  (id fake)\r\n2026-01-01T00:00:00.000Z  Your bank';

/** Raw control characters other than the line feeds that end lines (C0, DEL, C1). */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

async function postContact(body: unknown): Promise<{ status: number; body: { message: string; fields?: Record<string, string> } }> {
  const res = await fetch(`${stack.api}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { message: string; fields?: Record<string, string> } };
}

describe('POST /api/contact refuses control characters', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello' };

  it.each([
    ['a name with CRLF', { ...valid, name: FORGED_NAME }, 'name', texts.contact.nameControl],
    ['a name with an escape', { ...valid, name: `Ada${ESCAPES}` }, 'name', texts.contact.nameControl],
    ['an email with an escape', { ...valid, email: 'ada\u001b[2J@example.com' }, 'email', texts.contact.emailInvalid],
    ['a message with terminal escapes', { ...valid, message: `Hi ${ESCAPES}` }, 'message', texts.contact.messageControl],
    ['a message with a bare carriage return', { ...valid, message: 'Hi\rthere' }, 'message', texts.contact.messageControl],
  ])('answers 400 to %s, naming the field', async (_label, body, field, message) => {
    const answer = await postContact(body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ [field]: message });
  });

  it('takes a message with line feeds, tabs and Windows line ends (stored as line feeds)', async () => {
    const answer = await postContact({ ...valid, email: 'crlf@example.com', message: 'Line one\r\nLine\ttwo\nLine three' });
    expect(answer.status).toBe(201);
    const { stdout } = await run('node', [...CONTACT_LIST, '--json'], { env: commandEnv() });
    const found = (JSON.parse(stdout) as StoredContactMessage[]).find((m) => m.email === 'crlf@example.com');
    expect(found?.message).toBe('Line one\nLine\ttwo\nLine three');
  });
});

describe('npm run contact:list with a hostile message stored before validation refused it', () => {
  let hostile: StoredContactMessage;

  beforeAll(async () => {
    // As an old message would be: written straight to the table, past today's validation.
    hostile = await storeContactMessage(
      stack.db,
      { name: FORGED_NAME, email: 'mallory\u001b[8m@example.com', message: `First line\r\n${ESCAPES}\r\nThird line\u2028end` },
      { ipHash: 'hostile-sender-hash-0000000000000000000000' },
    );
  });

  it('prints no raw control character, each shown as an escape, and forges no second entry', async () => {
    const { stdout } = await run('node', CONTACT_LIST, { env: commandEnv() });
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stdout).not.toContain('\u2028');
    expect(stdout).toContain('\\x1b[2J\\x1b[H\\x1b]0;pwned\\x07\\x1b[31mred\\x1b[0m \\x9b1mbold');
    expect(stdout).toContain('Mallory <m@example.com>  (id fake)\\r\\n2026-01-01T00:00:00.000Z  Your bank <mallory\\x1b[8m@example.com>');
    // The message keeps its own lines, each indented under its header, the CR shown.
    expect(stdout).toContain('    First line\\r\n');
    expect(stdout).toContain('    Third line\\u2028end');
    // Only real entries start a line with a timestamp: the forged one does not.
    const headers = stdout.split('\n').filter((line) => /^\d{4}-\d{2}-\d{2}T/.test(line));
    expect(headers.filter((line) => line.includes('Your bank'))).toHaveLength(1);
    expect(headers.some((line) => line.startsWith('2026-01-01T00:00:00.000Z'))).toBe(false);
    expect(stdout).toContain(hostile.id);
  });

  it('keeps --json exact: the stored text parses back character for character', async () => {
    const { stdout } = await run('node', [...CONTACT_LIST, '--json'], { env: commandEnv() });
    expect(stdout).not.toMatch(RAW_CONTROL);
    const found = (JSON.parse(stdout) as StoredContactMessage[]).find((m) => m.id === hostile.id);
    expect(found).toEqual(hostile);
  });
});

describe('npm run contact:list --json, piped', () => {
  const COUNT = 2_000;

  beforeAll(async () => {
    const base = Date.now() - 60_000;
    for (let start = 0; start < COUNT; start += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          storeContactMessage(
            stack.db,
            { name: `Sender ${start + i}`, email: `sender${start + i}@example.com`, message: `Message ${start + i}: ${'lorem ipsum '.repeat(30)}` },
            { ipHash: `bulk-sender-${start + i}`, now: new Date(base + start + i) },
          ),
        ),
      );
    }
  }, 120_000);

  it('writes all 2,000 messages even to a reader that is slow to start, and a JSON parser takes them whole', async () => {
    const child = spawn('node', [...CONTACT_LIST, '--json', '--limit', '5000'], { env: commandEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    // Nobody reads for a while: the pipe's buffer fills and the command must wait for it, not exit.
    child.stdout.pause();
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    child.stdout.resume();
    expect(await exited, stderr).toBe(0);

    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.length).toBeGreaterThan(64 * 1024 * 10);
    const messages = JSON.parse(text) as StoredContactMessage[];
    const bulk = messages.filter((m) => m.name.startsWith('Sender '));
    expect(bulk).toHaveLength(COUNT);
    expect(new Set(bulk.map((m) => m.email)).size).toBe(COUNT);
  }, 60_000);
});
