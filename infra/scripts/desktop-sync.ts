/**
 * `npm run desktop:sync [-- --add 'Voxpen=vox pen|box pen' --remove Zebediah --site https://voxpen.app]`:
 * signs in as the desktop app does (infra/scripts/desktop-client.ts), pulls the account's vocabulary,
 * applies the edits given, pushes them with If-Match (merging on 412: ./desktop-vocabulary.ts) and
 * prints the list as saved. Without `--site`, the local product (`npm start`).
 */
import { apiOrigin } from '../../shared/api-base';
import { parseFlags, runCommand } from './command';
import { desktopSignIn } from './desktop-client';
import { pull, push, type Entry } from './desktop-vocabulary';

const USAGE = "Usage: npm run desktop:sync -- [--add 'phrase=sounds like|another'] [--remove phrase] [--site <origin>] [--api <origin>]";

/** `phrase=variant|variant`, or a phrase alone. */
function entryOf(text: string): Entry {
  const [phrase = '', variants] = text.split('=', 2);
  return { phrase: phrase.trim(), soundsLike: variants ? variants.split('|').map((v) => v.trim()).filter(Boolean) : [] };
}

async function main(): Promise<number> {
  const values = parseFlags({ site: { type: 'string' }, api: { type: 'string' }, add: { type: 'string', multiple: true }, remove: { type: 'string', multiple: true } }, USAGE);
  if (!values) return 2;
  const site = values.site ?? `http://localhost:${process.env.VOXPEN_WEB_PORT ?? 5173}`;
  const api = values.api ?? apiOrigin(new URL(site), `http://localhost:${process.env.VOXPEN_API_PORT ?? 4000}`);
  const session = await desktopSignIn(site, api, (url) => console.log(`Open this address in your browser and sign in:\n\n  ${url}\n`));
  const base = await pull(api, session.accessToken);
  const removed = new Set((values.remove ?? []).map((p) => p.toLowerCase()));
  const added = (values.add ?? []).map(entryOf);
  const addedKeys = new Set(added.map((e) => e.phrase.toLowerCase()));
  const local = [...base.entries.filter((e) => !removed.has(e.phrase.toLowerCase()) && !addedKeys.has(e.phrase.toLowerCase())), ...added];
  const saved = added.length || removed.size ? await push(api, session.accessToken, base, local) : base;
  console.log(`Version ${saved.version}: ${saved.entries.length} word${saved.entries.length === 1 ? '' : 's'}${saved.editable ? '' : ' (read only on this plan)'}.`);
  for (const entry of saved.entries) console.log(`  ${entry.phrase}${entry.soundsLike.length ? `  (sounds like: ${entry.soundsLike.join(', ')})` : ''}`);
  return 0;
}

runCommand('desktop:sync', main);
