/**
 * The reference desktop client of docs/desktop-api.md ("Vocabulary"): how a desktop app keeps the
 * account's vocabulary in step with its own copy. It pulls with If-None-Match (304: nothing to fetch),
 * pushes its whole list with If-Match the version it last read, and on 412 merges: the answer holds the
 * list as it is now, so the app's changes since its last read (added or edited phrases, and the phrases
 * it deleted) are applied to that list by phrase, and pushed again with the new version. Free of this
 * project's imports so a desktop developer can copy it; `npm run desktop:sync` and the integration tests
 * sync through it.
 */

export interface Entry {
  phrase: string;
  soundsLike: string[];
}

/** The list as the server last answered it: what the app's own changes are measured against. */
export interface Synced {
  version: number;
  entries: Entry[];
  editable: boolean;
}

export class SyncRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Phrases are one entry when they match ignoring case (the server's rule). */
const key = (phrase: string) => phrase.normalize('NFC').toLocaleLowerCase('en-US');
const MAX_SOUNDS_LIKE = 5;

function sameEntry(a: Entry, b: Entry): boolean {
  return a.phrase === b.phrase && a.soundsLike.length === b.soundsLike.length && a.soundsLike.every((s, i) => s === b.soundsLike[i]);
}

/**
 * A three-way merge by phrase: the server's list, less the phrases this app deleted since `base`,
 * with the entries it added or changed since `base` (a phrase both sides changed keeps this app's
 * spelling and both sides' "sounds like" variants, up to five). A phrase deleted elsewhere that this
 * app did not change stays deleted.
 */
export function merge(base: readonly Entry[], local: readonly Entry[], server: readonly Entry[]): Entry[] {
  const before = new Map(base.map((e) => [key(e.phrase), e]));
  const mine = new Map(local.map((e) => [key(e.phrase), e]));
  const deleted = new Set([...before.keys()].filter((k) => !mine.has(k)));
  const changed = local.filter((e) => {
    const was = before.get(key(e.phrase));
    return !was || !sameEntry(was, e);
  });
  const merged = new Map(server.filter((e) => !deleted.has(key(e.phrase))).map((e) => [key(e.phrase), e]));
  for (const entry of changed) {
    const theirs = merged.get(key(entry.phrase));
    const variants = [...entry.soundsLike];
    for (const v of theirs?.soundsLike ?? []) if (!variants.some((s) => key(s) === key(v))) variants.push(v);
    merged.set(key(entry.phrase), { phrase: entry.phrase, soundsLike: variants.slice(0, MAX_SOUNDS_LIKE) });
  }
  return [...merged.values()];
}

function headers(accessToken: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${accessToken}`, ...extra };
}

async function refusal(res: Response): Promise<SyncRefused> {
  const body = (await res.json().catch(() => ({}))) as { message?: string; fields?: Record<string, string> };
  return new SyncRefused(res.status, body.message ?? `answered ${res.status}`, body.fields);
}

/** GET /api/vocabulary; with `known`, If-None-Match its version, and `known` itself back on 304. */
export async function pull(api: string, accessToken: string, known?: Synced): Promise<Synced> {
  const res = await fetch(`${api}/api/vocabulary`, { headers: headers(accessToken, known ? { 'if-none-match': `"${known.version}"` } : {}) });
  if (res.status === 304 && known) return known;
  if (!res.ok) throw await refusal(res);
  const body = (await res.json()) as Synced;
  return { version: body.version, entries: body.entries, editable: body.editable };
}

/**
 * PUT /api/vocabulary with `local`, If-Match `base`'s version. On 412, merges into the list the answer
 * carries and tries again (another app may write in between, so a few times). Answers the list saved.
 */
export async function push(api: string, accessToken: string, base: Synced, local: Entry[], attempts = 5): Promise<Synced> {
  let from = base;
  let entries = local;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${api}/api/vocabulary`, {
      method: 'PUT',
      headers: headers(accessToken, { 'content-type': 'application/json', 'if-match': `"${from.version}"` }),
      body: JSON.stringify({ entries }),
    });
    if (res.ok) {
      const body = (await res.json()) as Synced;
      return { version: body.version, entries: body.entries, editable: body.editable };
    }
    if (res.status !== 412 || attempt >= attempts) throw await refusal(res);
    const current = (await res.json()) as Synced;
    entries = merge(from.entries, entries, current.entries);
    from = { version: current.version, entries: current.entries, editable: current.editable };
  }
}
