/**
 * Least privilege checked from the code itself: every table a Lambda's bundled code names
 * (`tableName('…')`, shared/tables.ts) is granted to it in shared/routes.ts, and a table it only
 * writes with UpdateItem is granted as such. Locally every function shares one DynamoDB with no IAM,
 * so a missing grant shows only deployed, as AccessDenied on the path that needs it: the checkout
 * confirmation's plan push to the usage month was such a path.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { functions } from '../../shared/routes';

const root = resolve(import.meta.dirname, '../..');

/** The repository's own modules a function's bundle carries (packages left out, as they name no table). */
async function ownModules(entry: string): Promise<string[]> {
  const result = await build({ entryPoints: [resolve(root, entry)], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' });
  // The modules whose code made it into the bundle: an import tree-shaken away names nothing.
  const carried = Object.values(result.metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, use]) => use.bytesInOutput > 0).map(([file]) => file));
  return carried.filter((file) => !file.includes('node_modules') && /\.tsx?$/.test(file));
}

/** Tables named in a module's source: `tableName('usage')`. */
function tablesNamedIn(file: string): string[] {
  const source = readFileSync(resolve(root, file), 'utf8');
  return [...source.matchAll(/tableName\(\s*'([A-Za-z]+)'/g)].map((match) => match[1]!);
}

const named = new Map<string, Map<string, string[]>>();

beforeAll(async () => {
  for (const [name, def] of Object.entries(functions)) {
    const byTable = new Map<string, string[]>();
    for (const file of await ownModules(def.entry)) for (const table of new Set(tablesNamedIn(file))) byTable.set(table, [...(byTable.get(table) ?? []), file]);
    named.set(name, byTable);
  }
}, 60_000);

describe('table grants', () => {
  for (const [name, def] of Object.entries(functions)) {
    it(`${name}: every table its code names is granted`, () => {
      const granted = new Set<string>([...def.tables, ...('readTables' in def ? def.readTables : []), ...('updateTables' in def ? def.updateTables : [])]);
      const missing = [...named.get(name)!].filter(([table]) => !granted.has(table)).map(([table, files]) => `${table} (named in ${files.join(', ')})`);
      expect(missing).toEqual([]);
    });
  }
});
