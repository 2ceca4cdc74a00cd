/**
 * `npm run contact:list [-- --limit 50] [--since 2026-01] [--json] [--stack VoxpenStack --region eu-west-1]`
 * Prints the contact-form messages, newest first: the local data by default, the deployed table with
 * `--stack` and AWS credentials in the shell.
 */
import { listContactMessages, monthOf, type StoredContactMessage } from '../../functions/contact/messages';
import { escapeControl, jsonForTerminal, parseFlags, runCommand, TARGET_OPTIONS } from './command';
import { openTarget } from './target-table';

const USAGE = 'Usage: npm run contact:list -- [--limit 50] [--since 2026-01] [--json] [--stack <name> --region <region>]';

function defaultSince(now: Date): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1)));
}

/**
 * One message as text. Every stored field is shown with its control characters escaped (`\x1b`, `\r`,
 * …; see escapeControl): a visitor's text must not clear the operator's screen, retitle the window or
 * forge a second entry. Only the message keeps its line feeds, each line indented under the header.
 */
function format(m: StoredContactMessage): string {
  const body = escapeControl(m.message, { keepNewlines: true })
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  const [receivedAt, name, email, id, sender] = [m.receivedAt, m.name, m.email, m.id, m.ipHash.slice(0, 10)].map((field) => escapeControl(String(field)));
  return `${receivedAt}  ${name} <${email}>  (id ${id}, sender ${sender})\n${body}\n`;
}

async function main(): Promise<number> {
  const values = parseFlags(
    {
      limit: { type: 'string', default: '50' },
      since: { type: 'string' },
      json: { type: 'boolean', default: false },
      ...TARGET_OPTIONS,
    },
    USAGE,
  );
  if (!values) return 2;
  const limit = Number(values.limit);
  const since = values.since ?? defaultSince(new Date());
  if (!Number.isInteger(limit) || limit < 1 || !/^\d{4}-\d{2}$/.test(since)) {
    console.error(`--limit must be a positive whole number and --since a month like 2026-01.\n${USAGE}`);
    return 2;
  }

  const target = await openTarget('contactMessages', { stack: values.stack, region: values.region });
  try {
    const messages = await listContactMessages(target.db, { since, limit });
    if (values.json) {
      console.log(jsonForTerminal(messages));
    } else if (messages.length === 0) {
      console.log(`No contact messages since ${since} in ${target.description}.`);
    } else {
      console.log(`${messages.length} contact message(s) since ${since}, newest first, from ${target.description}:\n`);
      for (const m of messages) console.log(format(m));
    }
    return 0;
  } finally {
    await target.close();
  }
}

runCommand('contact:list', main);
