/**
 * The vocabulary and preferences API through the local stack (docs/desktop-api.md#vocabulary): the
 * version as ETag (304, 412 with the current list, 428), two desktop apps editing at once ending with
 * both edits through the reference client's merge, what each plan may do (Free, a Pro trial, Pro, and
 * Free again after a downgrade), every bad input refused with nothing changed, and the export.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ORPHAN_AFTER_MS, readList, replaceList } from '../../functions/vocabulary/store';
import { merge, pull, push, type Synced } from '../../infra/scripts/desktop-vocabulary';
import type { AccountExport, DesktopConsent } from '../../shared/api-types';
import { PRICE_IDS } from '../../shared/plans';
import { tableName } from '../../shared/tables';
import { texts } from '../../shared/texts';
import { vocabularyTexts } from '../../shared/texts/vocabulary';
import { VOCABULARY_LIMITS } from '../../shared/vocabulary';
import { AuthApi } from '../support/auth-api';
import { useTestStack } from '../support/local-stack';
import { desktopSession, newMember } from '../support/sessions';
import { payCheckout, portalAction } from '../support/stripe-pages';

const stack = useTestStack();
const t = vocabularyTexts;

type Answer = { status: number; etag: string | null; body: Record<string, unknown> };

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const read = async (who: AuthApi, path = '/api/vocabulary', headers: Record<string, string> = {}) => answer(await who.call('GET', path, undefined, headers));
const write = async (who: AuthApi, body: unknown, ifMatch?: string, path = '/api/vocabulary') => answer(await who.call('PUT', path, body, ifMatch === undefined ? {} : { 'if-match': ifMatch }));

const entry = (phrase: string, soundsLike: string[] = []) => ({ phrase, soundsLike });

async function member(name: string) {
  return newMember(stack, name, 'engine42');
}

/** A member on a Pro trial: an account's first checkout (docs/decisions.md#8). */
async function onTrial(name: string) {
  const m = await member(name);
  await payCheckout((await m.who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, m.email);
  expect((await m.who.get('/api/user-profile')).body).toMatchObject({ plan: 'pro', subscription: { status: 'trialing' } });
  return m;
}

/** Ends the subscription at once in the portal: the account is Free again. */
async function downgrade(who: AuthApi) {
  await portalAction((await who.get('/api/manage-subscription')).body.url as string, 'cancel_now');
  expect((await who.get('/api/user-profile')).body).toMatchObject({ plan: 'free' });
}

describe('the version as ETag', () => {
  it('answers 304 to the version held, 428 to a write without If-Match, 412 with the current list to a stale one, and serves the desktop app the same list', async () => {
    const { who } = await onTrial('etag');
    const empty = await read(who);
    expect(empty).toMatchObject({ status: 200, etag: '"0"', body: { version: 0, entries: [], editable: true } });
    expect(await read(who, '/api/vocabulary', { 'if-none-match': '"0"' })).toMatchObject({ status: 304, etag: '"0"', body: {} });

    const list = [entry('Zebediah', ['zeb a dye a', 'zebedee']), entry('Voxpen'), entry('Quillon')];
    expect(await write(who, { entries: list })).toEqual({ status: 428, etag: null, body: { message: t.ifMatchRequired } });
    expect((await read(who)).body).toMatchObject({ version: 0, entries: [] });

    const saved = await write(who, { entries: list }, '"0"');
    expect(saved).toMatchObject({ status: 200, etag: '"1"', body: { version: 1, entries: list, editable: true, message: t.saved } });
    expect(await read(who, '/api/vocabulary', { 'if-none-match': '"0"' })).toMatchObject({ status: 200, etag: '"1"', body: { version: 1, entries: list } });
    expect((await read(who, '/api/vocabulary', { 'if-none-match': 'W/"1"' })).status).toBe(304);

    // Written against version 0 again (another device's stale copy), or with a weak tag: refused, the current list in the answer.
    for (const stale of ['"0"', 'W/"1"', '"banana"']) {
      expect(await write(who, { entries: [entry('Overwrite')] }, stale)).toEqual({ status: 412, etag: '"1"', body: { message: t.versionChanged, version: 1, entries: list, editable: true } });
    }
    expect((await write(who, { entries: list.slice(1) }, '"0", "1"')).body).toMatchObject({ version: 2, entries: list.slice(1) });

    // The desktop app's header session reads the same list, and writes with it.
    const desktop = await desktopSession(stack.api, who);
    const pulled = await pull(stack.api, desktop.accessToken);
    expect(pulled).toEqual({ version: 2, entries: list.slice(1), editable: true });
    expect(await pull(stack.api, desktop.accessToken, pulled)).toBe(pulled);
    const pushed = await push(stack.api, desktop.accessToken, pulled, [...pulled.entries, entry('Ashgrove')]);
    expect(pushed.version).toBe(3);
    expect((await read(who)).body.entries).toEqual([...list.slice(1), entry('Ashgrove')]);
    // `*` matches whatever version there is (RFC 9110 §13.1.1): an overwrite, sent knowingly.
    expect(await write(who, { entries: [] }, '*')).toMatchObject({ status: 200, etag: '"4"', body: { version: 4, entries: [] } });
  });

  it('lets one of several writes sent at once against the same version through; the rest get 412 and change nothing', async () => {
    const { who } = await onTrial('race');
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => write(who, { entries: [entry(`Word ${i}`)] }, '"0"')));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 412)).toHaveLength(4);
    const now = await read(who);
    expect(now.body).toEqual({ version: 1, entries: won[0]!.body.entries, editable: true });
    // No page of a losing write is left behind in the account's partition.
    const userId = ((await who.get('/api/user-profile')).body as { userId: string }).userId;
    const items = await stack.db.send(new QueryCommand({ TableName: tableName('vocabulary'), KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId } }));
    expect(items.Items!.map((i) => String(i.item).split('#')[0]).sort()).toEqual(['list', 'page']);
  });

  it('merges two desktop apps editing at once through the reference client: both edits kept, each app’s deletions kept', async () => {
    const { who } = await onTrial('two-apps');
    const start = [entry('Alder'), entry('Birchwood', ['birch wood']), entry('Cedarfall')];
    expect((await write(who, { entries: start }, '"0"')).status).toBe(200);
    const [laptop, desktop] = [(await desktopSession(stack.api, who)).accessToken, (await desktopSession(stack.api, who)).accessToken];
    const [laptopBase, desktopBase] = await Promise.all([pull(stack.api, laptop), pull(stack.api, desktop)]);

    // The laptop removes Birchwood and adds Zebediah; the desktop, from the same version, adds Quillon and a variant of Cedarfall.
    const laptopSaved = await push(stack.api, laptop, laptopBase, [entry('Alder'), entry('Cedarfall'), entry('Zebediah')]);
    expect(laptopSaved.version).toBe(2);
    const desktopSaved = await push(stack.api, desktop, desktopBase, [entry('Alder'), entry('Birchwood', ['birch wood']), entry('Cedarfall', ['cedar fall']), entry('Quillon')]);
    expect(desktopSaved.version).toBe(3);
    expect(desktopSaved.entries).toEqual([entry('Alder'), entry('Cedarfall', ['cedar fall']), entry('Zebediah'), entry('Quillon')]);
    expect(await pull(stack.api, laptop, laptopSaved)).toEqual(desktopSaved);
  });
});

describe('`npm run desktop:sync`', () => {
  it('signs in as the desktop app, adds and removes the words given, pushes them and prints the list saved', async () => {
    const { who } = await onTrial('sync-command');
    expect((await write(who, { entries: [entry('Voxpen'), entry('Quillon')] }, '"0"')).status).toBe(200);
    const command = spawn('node', ['node_modules/.bin/tsx', 'infra/scripts/desktop-sync.ts', '--site', stack.web, '--add', 'Zebediah=zeb a dye a|zebedee', '--remove', 'quillon'], {
      env: { ...process.env, VOXPEN_API_PORT: new URL(stack.api).port },
    });
    let output = '';
    command.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    command.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = once(command, 'exit');
    try {
      await vi.waitFor(() => expect(output).toMatch(/http:\S+\/signin\?\S+/), { timeout: 15_000 });
      // The browser's part, as /launch does it: the consent, then the loopback address it answers opened.
      const params = new URL(/http:\S+\/signin\?\S+/.exec(output)![0]).searchParams;
      const consent = await who.call('POST', '/api/auth/desktop/consent', {
        redirect_url: params.get('redirect_url'),
        code_challenge: params.get('code_challenge'),
        code_challenge_method: params.get('code_challenge_method'),
        state: params.get('state'),
      });
      expect(consent.status).toBe(200);
      expect((await fetch(((await consent.json()) as DesktopConsent).redirectUrl)).status).toBe(200);
      const [code] = await exited;
      expect(output).toContain('Version 2: 2 words.\n  Voxpen\n  Zebediah  (sounds like: zeb a dye a, zebedee)\n');
      expect(code).toBe(0);
    } finally {
      command.kill();
    }
    expect((await read(who)).body).toEqual({ version: 2, entries: [entry('Voxpen'), entry('Zebediah', ['zeb a dye a', 'zebedee'])], editable: true });
  });
});

describe('what each plan may do', () => {
  it('lets Free read an empty list, refuses its write with the plan that includes it, and takes only the preferences Free includes', async () => {
    const { who } = await member('free');
    expect((await read(who)).body).toEqual({ version: 0, entries: [], editable: false });
    expect(await write(who, { entries: [entry('Voxpen')] }, '"0"')).toEqual({ status: 403, etag: null, body: { message: t.vocabularyIsPro } });

    expect(await read(who, '/api/preferences')).toMatchObject({ status: 200, etag: '"0"', body: { version: 0, language: 'en-US', style: 'clean', exportFormat: 'text' } });
    expect(await write(who, { language: 'fr-CA', style: 'polished', exportFormat: 'docx' }, '"0"', '/api/preferences')).toEqual({
      status: 403,
      etag: null,
      body: { message: t.styleIsPro, fields: { style: t.styleIsPro, exportFormat: t.exportFormatIsPro('Word') } },
    });
    expect(await write(who, { language: 'fr-CA', style: 'verbatim', exportFormat: 'markdown' }, '"0"', '/api/preferences')).toMatchObject({
      status: 200,
      etag: '"1"',
      body: { version: 1, language: 'fr-CA', style: 'verbatim', exportFormat: 'markdown', message: t.preferencesSaved },
    });
    expect((await read(who, '/api/preferences', { 'if-none-match': '"1"' })).status).toBe(304);
    expect(await write(who, { language: 'de-DE', style: 'clean', exportFormat: 'text' }, undefined, '/api/preferences')).toMatchObject({ status: 428 });
    expect(await write(who, { language: 'de-DE', style: 'clean', exportFormat: 'text' }, '"0"', '/api/preferences')).toEqual({
      status: 412,
      etag: '"1"',
      body: { message: t.versionChanged, version: 1, language: 'fr-CA', style: 'verbatim', exportFormat: 'markdown' },
    });
  });

  it('lets a trial and Pro write everything; after a downgrade the list is kept and read but not editable, and Pro again edits it', async () => {
    const { who, email } = await onTrial('downgrade');
    expect((await write(who, { entries: [entry('Voxpen', ['vox pen'])] }, '"0"')).status).toBe(200);
    expect((await write(who, { language: 'en-GB', style: 'polished', exportFormat: 'pdf' }, '"0"', '/api/preferences')).status).toBe(200);

    await downgrade(who);
    expect((await read(who)).body).toEqual({ version: 1, entries: [entry('Voxpen', ['vox pen'])], editable: false });
    expect(await write(who, { entries: [] }, '"1"')).toEqual({ status: 403, etag: null, body: { message: t.vocabularyKept } });
    expect((await write(who, { language: 'en-US', style: 'polished', exportFormat: 'pdf' }, '"1"', '/api/preferences')).status).toBe(403);
    expect((await read(who, '/api/preferences')).body).toMatchObject({ version: 1, style: 'polished', exportFormat: 'pdf' });

    // Pro again (a second checkout is paid, no trial): the kept list is editable.
    await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
    expect((await who.get('/api/user-profile')).body).toMatchObject({ plan: 'pro', subscription: { status: 'active' } });
    expect((await read(who)).body).toMatchObject({ version: 1, editable: true });
    expect((await write(who, { entries: [entry('Voxpen', ['vox pen']), entry('Quillon')] }, '"1"')).body).toMatchObject({ version: 2, editable: true });
  });

  it('refuses a write from a session that has ended or an address not yet proven, like every other write', async () => {
    const { who } = await onTrial('ended');
    const token = who.jar.get('sAccessToken')!;
    await who.signOut();
    const res = await fetch(`${stack.api}/api/vocabulary`, { method: 'PUT', headers: { cookie: `sAccessToken=${token}`, rid: 'anti-csrf', 'content-type': 'application/json', 'if-match': '"0"' }, body: JSON.stringify({ entries: [entry('Ghost')] }) });
    expect(res.status).toBe(401);

    const unproven = new AuthApi(stack.api, stack.web);
    expect((await unproven.signUp(`unproven-${Date.now()}@example.com`, 'engine42')).status).toBe('OK');
    const refused = await write(unproven, { entries: [entry('Ghost')] }, '"0"');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ claimValidationErrors: [{ id: 'st-ev' }] });
  });
});

describe('bad input', () => {
  it('refuses malformed JSON, wrong types, over-long, too many and duplicate entries with field errors, changing nothing', async () => {
    const { who } = await onTrial('bad');
    expect((await write(who, { entries: [entry('Voxpen')] }, '"0"')).status).toBe(200);

    const malformed = await fetch(`${stack.api}/api/vocabulary`, { method: 'PUT', headers: { cookie: who.jar.header(), origin: stack.web, rid: 'anti-csrf', 'content-type': 'application/json', 'if-match': '"1"' }, body: '{"entries": [' });
    expect(await answer(malformed)).toMatchObject({ status: 400, body: { message: texts.api.malformedJson } });

    const L = VOCABULARY_LIMITS;
    const cases: [unknown, Record<string, string>][] = [
      [{}, { entries: t.entriesRequired }],
      [{ entries: 'Voxpen' }, { entries: t.entriesRequired }],
      [{ entries: [{ phrase: 42 }] }, { 'entries.0.phrase': t.phraseRequired }],
      [{ entries: [{ phrase: 'Voxpen', soundsLike: 'vox pen' }] }, { 'entries.0.soundsLike': t.soundsLikeList }],
      [{ entries: [{ phrase: 'Voxpen', soundsLike: [7] }] }, { 'entries.0.soundsLike.0': t.notAString }],
      [{ entries: [entry('   ')] }, { 'entries.0.phrase': t.phraseRequired }],
      [{ entries: [entry('x'.repeat(L.phraseChars + 1))] }, { 'entries.0.phrase': t.phraseTooLong }],
      [{ entries: [entry('Voxpen', ['a', 'b', 'c', 'd', 'e', 'f'])] }, { 'entries.0.soundsLike': t.tooManySoundsLike }],
      [{ entries: [entry('Voxpen', ['y'.repeat(L.soundsLikeChars + 1)])] }, { 'entries.0.soundsLike.0': t.soundsLikeTooLong }],
      [{ entries: [entry('Voxpen', [' '])] }, { 'entries.0.soundsLike.0': t.soundsLikeEmpty }],
      [{ entries: Array.from({ length: L.entries + 1 }, (_, i) => entry(`Word ${i}`)) }, { entries: t.tooManyEntries }],
      [{ entries: [entry('Voxpen'), entry('Quillon'), entry('VOXPEN')] }, { 'entries.2.phrase': t.duplicate('VOXPEN') }],
    ];
    for (const [body, fields] of cases) {
      const refused = await write(who, body, '"1"');
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(refused.body.fields).toEqual(fields);
    }
    const prefs: [unknown, Record<string, string>][] = [
      [{ language: 'en', style: 'clean', exportFormat: 'text' }, { language: t.unknownLanguage }],
      [{ language: 'en-US', style: 'fancy', exportFormat: 'text' }, { style: t.unknownStyle }],
      [{ language: 'en-US', style: 'clean', exportFormat: 'rtf' }, { exportFormat: t.unknownExportFormat }],
      [{ style: 'clean' }, { language: t.unknownLanguage, exportFormat: t.unknownExportFormat }],
    ];
    for (const [body, fields] of prefs) expect(await write(who, body, '"0"', '/api/preferences')).toMatchObject({ status: 400, body: { fields } });

    expect((await read(who)).body).toEqual({ version: 1, entries: [entry('Voxpen')], editable: true });
    expect((await read(who, '/api/preferences')).body).toMatchObject({ version: 0 });
  });

  it('keeps a list at every limit (1,000 entries, every phrase and variant at its longest) in items far below 400 KB', async () => {
    const { who, userId } = await onTrial('limits');
    const L = VOCABULARY_LIMITS;
    const longest = Array.from({ length: L.entries }, (_, i) => entry(`${i}`.padEnd(L.phraseChars, 'p'), Array.from({ length: L.soundsLike }, (_, j) => `${j}`.padEnd(L.soundsLikeChars, 's'))));
    expect((await write(who, { entries: longest }, '"0"')).status).toBe(200);
    expect((await read(who)).body.entries).toEqual(longest);
    const items = (await stack.db.send(new QueryCommand({ TableName: tableName('vocabulary'), KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId } }))).Items!;
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) expect(Buffer.byteLength(JSON.stringify(item))).toBeLessThan(70 * 1024);
  });
});

describe('the export', () => {
  it('carries the vocabulary and the preferences', async () => {
    const { who } = await onTrial('export');
    const before = (await who.get('/api/account/export')).body as unknown as AccountExport;
    expect(before).toMatchObject({ vocabulary: [], preferences: { language: 'en-US', style: 'clean', exportFormat: 'text' } });
    expect((await write(who, { entries: [entry('Zebediah', ['zeb a dye a'])] }, '"0"')).status).toBe(200);
    expect((await write(who, { language: 'pt-BR', style: 'polished', exportFormat: 'google-docs' }, '"0"', '/api/preferences')).status).toBe(200);
    const after = (await who.get('/api/account/export')).body as unknown as AccountExport;
    expect(after).toMatchObject({ vocabulary: [entry('Zebediah', ['zeb a dye a'])], preferences: { language: 'pt-BR', style: 'polished', exportFormat: 'google-docs' } });
  });
});

describe('a write that stopped part way', () => {
  const items = async (userId: string) =>
    (await stack.db.send(new QueryCommand({ TableName: tableName('vocabulary'), KeyConditionExpression: 'userId = :u', ExpressionAttributeValues: { ':u': userId } }))).Items!.map((i) => String(i.item));

  it('leaves pages no reader sees, which the next write deletes once older than any write runs (a write under way is left alone)', async () => {
    const userId = `stopped-${Date.now()}`;
    const now = Date.now();
    expect((await replaceList(stack.db, userId, [0], [entry('Alder')], now)).status).toBe('OK');
    // Two writes that put their pages and never swapped the head: one stopped long ago, one still running.
    const stale = `${(now - ORPHAN_AFTER_MS - 1_000).toString(36)}-deadbeef`;
    const running = `${(now - 1_000).toString(36)}-cafebabe`;
    for (const write of [stale, running]) {
      await stack.db.send(new PutCommand({ TableName: tableName('vocabulary'), Item: { userId, item: `page#${write}#0`, entries: [entry('Never saved')] } }));
    }
    expect(await readList(stack.db, userId)).toEqual({ version: 1, entries: [entry('Alder')] });

    expect((await replaceList(stack.db, userId, [1], [entry('Alder'), entry('Birch')], now)).status).toBe('OK');
    const left = await items(userId);
    expect(left).not.toContain(`page#${stale}#0`);
    expect(left).toContain(`page#${running}#0`);
    expect(left.filter((i) => i.startsWith('page#') && !i.includes(running))).toHaveLength(1);
    expect(await readList(stack.db, userId)).toEqual({ version: 2, entries: [entry('Alder'), entry('Birch')] });
  });
});

describe('the reference client’s merge', () => {
  it('applies this app’s additions, edits and deletions to the list as it is now, leaving others’ changes', () => {
    const base: Synced = { version: 1, entries: [entry('a'), entry('b'), entry('c', ['see'])], editable: true };
    const local = [entry('a'), entry('C', ['sea']), entry('d')];
    const server = [entry('a'), entry('b', ['bee']), entry('c', ['see', 'si']), entry('e')];
    expect(merge(base.entries, local, server)).toEqual([entry('a'), entry('C', ['sea', 'see', 'si']), entry('e'), entry('d')]);
  });
});
