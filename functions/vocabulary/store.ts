/**
 * The vocabulary table's one writer (docs/architecture.md#vocabulary). An account's partition holds:
 * - `list`, the head: the list's version, the write whose pages hold its entries, and how many;
 * - `page#<write>#<n>`: the entries, packed in order, at most PAGE_BYTES a page, so no item nears
 *   DynamoDB's 400 KB whatever the list holds (1,000 entries at every limit are about 700 KB);
 * - `preferences`: one small item with its own version.
 * A list is replaced whole, as PUT /api/vocabulary sends it: the new pages are written first under a
 * write id of their own (invisible: the head names another), then the head is swapped to them with one
 * conditional write on the version (the only step a reader sees), then the old pages go. A write
 * stopped before the swap leaves pages no head names; the next write deletes them once they are older
 * than any write can take (ORPHAN_AFTER_MS), and deletion takes the whole partition. Each step is safe
 * to repeat, and a lost race is a STALE outcome, never a mixed list.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { FUNCTION_TIMEOUT_SECONDS } from '../../shared/routes';
import { tableName } from '../../shared/tables';
import { DEFAULT_PREFERENCES, type Preferences, type VocabularyEntry } from '../../shared/vocabulary';
import { deleteKeys, ifConditionHolds, queryAll } from '../lib/dynamo';

const HEAD = 'list';
const PAGE = 'page#';
const PREFERENCES = 'preferences';
/** A page's entries as JSON are at most this many bytes (an item's other attributes are a few dozen). */
export const PAGE_BYTES = 64 * 1024;
/** Pages no head names, older than a write can run (the function's timeout, twice over), were left by a write that stopped. */
export const ORPHAN_AFTER_MS = 2 * FUNCTION_TIMEOUT_SECONDS * 1000;
/** A read that raced a write's cleanup (the head it read names pages just deleted) reads again. */
const READ_ATTEMPTS = 3;

interface Head {
  version: number;
  write: string;
  pages: number;
}

interface StoredItem {
  item: string;
  version?: number;
  write?: string;
  pages?: number;
  entries?: VocabularyEntry[];
}

export interface StoredList {
  version: number;
  entries: VocabularyEntry[];
}

const table = () => tableName('vocabulary');

/** `<ms in base 36>-<random>`: unique per write, and its age is in its name. */
function newWriteId(now: number): string {
  return `${now.toString(36)}-${randomUUID().slice(0, 8)}`;
}

function writtenAt(write: string): number {
  return parseInt(write.split('-')[0]!, 36);
}

const pageOf = (key: string) => {
  const [write, n] = key.slice(PAGE.length).split('#');
  return { write: write!, n: Number(n) };
};

/** The head and every page, current or not: one Query (sort keys `list` < `page#…`), strongly consistent. */
async function listItems(db: DynamoDBDocumentClient, userId: string, keysOnly = false): Promise<{ head?: Head; pages: StoredItem[] }> {
  const items = await queryAll<StoredItem>(db, {
    TableName: table(),
    KeyConditionExpression: 'userId = :u AND #item BETWEEN :head AND :pagesEnd',
    ExpressionAttributeNames: { '#item': 'item', ...(keysOnly ? { '#v': 'version', '#w': 'write', '#p': 'pages' } : {}) },
    ExpressionAttributeValues: { ':u': userId, ':head': HEAD, ':pagesEnd': `${PAGE}\uffff` },
    ...(keysOnly ? { ProjectionExpression: '#item, #v, #w, #p' } : {}),
    ConsistentRead: true,
  });
  const head = items.find((i) => i.item === HEAD);
  return { head: head && { version: head.version!, write: head.write!, pages: head.pages! }, pages: items.filter((i) => i.item.startsWith(PAGE)) };
}

/** The list as it stands: version 0 and no entries for an account that never saved one. */
export async function readList(db: DynamoDBDocumentClient, userId: string): Promise<StoredList> {
  for (let attempt = 1; ; attempt++) {
    const { head, pages } = await listItems(db, userId);
    if (!head) return { version: 0, entries: [] };
    const current = pages.filter((p) => pageOf(p.item).write === head.write).sort((a, b) => pageOf(a.item).n - pageOf(b.item).n);
    if (current.length === head.pages) return { version: head.version, entries: current.flatMap((p) => p.entries ?? []) };
    if (attempt >= READ_ATTEMPTS) throw new Error(`vocabulary head ${head.version} names ${head.pages} pages, ${current.length} found`);
  }
}

/** The list's version alone (the head's, 0 for none): one strongly consistent GetItem of a small item, for a client asking whether its copy is current. */
export async function readListVersion(db: DynamoDBDocumentClient, userId: string): Promise<number> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: { userId, item: HEAD }, ProjectionExpression: '#v', ExpressionAttributeNames: { '#v': 'version' }, ConsistentRead: true }));
  return (out.Item as { version?: number } | undefined)?.version ?? 0;
}

/** Entries in order, cut into pages of at most PAGE_BYTES of JSON. */
export function paginate(entries: readonly VocabularyEntry[], maxBytes = PAGE_BYTES): VocabularyEntry[][] {
  const pages: VocabularyEntry[][] = [];
  let page: VocabularyEntry[] = [];
  let bytes = 2;
  for (const entry of entries) {
    const size = Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (page.length && bytes + size > maxBytes) {
      pages.push(page);
      page = [];
      bytes = 2;
    }
    page.push(entry);
    bytes += size;
  }
  if (page.length) pages.push(page);
  return pages;
}

export type ListWrite = { status: 'OK'; list: StoredList } | { status: 'STALE'; list: StoredList };

/**
 * Replaces the list, if it is still at one of `expected` versions (`'any'`: whatever it is). The version
 * read and the swap's condition are the same number, so a write made in between makes this one STALE.
 */
export async function replaceList(db: DynamoDBDocumentClient, userId: string, expected: readonly number[] | 'any', entries: readonly VocabularyEntry[], now: number): Promise<ListWrite> {
  const { head, pages: stored } = await listItems(db, userId, true);
  const version = head?.version ?? 0;
  if (expected !== 'any' && !expected.includes(version)) return { status: 'STALE', list: await readList(db, userId) };
  const write = newWriteId(now);
  const pages = paginate(entries);
  await Promise.all(pages.map((page, n) => db.send(new PutCommand({ TableName: table(), Item: { userId, item: `${PAGE}${write}#${n}`, entries: page } }))));
  const swapped = await ifConditionHolds(
    db.send(
      new PutCommand({
        TableName: table(),
        Item: { userId, item: HEAD, version: version + 1, write, pages: pages.length, updatedAt: now },
        ConditionExpression: head ? '#v = :v' : 'attribute_not_exists(userId)',
        ...(head ? { ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': version } } : {}),
      }),
    ),
  );
  const ours = pages.map((_, n) => ({ userId, item: `${PAGE}${write}#${n}` }));
  if (!swapped) {
    await deleteKeys(db, table(), ours);
    return { status: 'STALE', list: await readList(db, userId) };
  }
  // The pages the old head named, and any a stopped write left long enough ago: a write still under way is younger.
  const old = stored.filter(({ item }) => {
    const page = pageOf(item).write;
    return page === head?.write || (page !== write && now - writtenAt(page) > ORPHAN_AFTER_MS);
  });
  await deleteKeys(db, table(), old.map(({ item }) => ({ userId, item })));
  return { status: 'OK', list: { version: version + 1, entries: [...entries] } };
}

export async function readPreferences(db: DynamoDBDocumentClient, userId: string): Promise<Preferences> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: { userId, item: PREFERENCES }, ConsistentRead: true }));
  const item = out.Item as Preferences | undefined;
  return item ? { version: item.version, language: item.language, style: item.style, exportFormat: item.exportFormat } : DEFAULT_PREFERENCES;
}

export type PreferencesWrite = { status: 'OK'; preferences: Preferences } | { status: 'STALE'; preferences: Preferences };

/** Saves the preferences if they are still at one of `expected` versions: one conditional Put. */
export async function savePreferences(db: DynamoDBDocumentClient, userId: string, expected: readonly number[] | 'any', values: Omit<Preferences, 'version'>, now: number): Promise<PreferencesWrite> {
  const current = await readPreferences(db, userId);
  if (expected !== 'any' && !expected.includes(current.version)) return { status: 'STALE', preferences: current };
  const preferences: Preferences = { version: current.version + 1, language: values.language, style: values.style, exportFormat: values.exportFormat };
  const saved = await ifConditionHolds(
    db.send(
      new PutCommand({
        TableName: table(),
        Item: { userId, item: PREFERENCES, ...preferences, updatedAt: now },
        ConditionExpression: current.version === 0 ? 'attribute_not_exists(userId)' : '#v = :v',
        ...(current.version === 0 ? {} : { ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': current.version } }),
      }),
    ),
  );
  return saved ? { status: 'OK', preferences } : { status: 'STALE', preferences: await readPreferences(db, userId) };
}

/** Every item of the account's partition deleted (its deletion); answers how many. Safe to repeat. */
export async function deleteVocabularyOf(db: DynamoDBDocumentClient, userId: string): Promise<number> {
  const keys = await queryAll<{ item: string }>(db, {
    TableName: table(),
    KeyConditionExpression: 'userId = :u',
    ExpressionAttributeNames: { '#item': 'item' },
    ExpressionAttributeValues: { ':u': userId },
    ProjectionExpression: '#item',
    ConsistentRead: true,
  });
  await deleteKeys(db, table(), keys.map(({ item }) => ({ userId, item })));
  return keys.length;
}
