/**
 * Who writes which table, read from the source: a file names a table with `tableName('key')` (or
 * `localTableName`), and writes it when it also sends a write command or deletes keys in bulk.
 * Tests are left out: they may arrange any state they like.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tables, type TableKey } from '../../shared/tables';

export interface SourceFile {
  path: string;
  text: string;
}

const NAMES_TABLE = /\b(?:localTableName|tableName)\(\s*['"`](\w+)['"`]/g;
const WRITES = /\bnew\s+(?:Put|Update|Delete|TransactWrite|BatchWrite)(?:Item)?Command\b|\bdeleteKeys\(/;
const IMPORT_FROM = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** Every non-test TypeScript file under `dirs` (relative to `root`). */
export function sourceFiles(root: string, dirs: readonly string[]): SourceFile[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(/[\\/]/).includes('node_modules'))
      .map((file) => {
        const path = `${dir}/${file.split(/[\\/]/).join('/')}`;
        return { path, text: readFileSync(join(root, path), 'utf8') };
      }),
  );
}

/** The tables a file names. */
export function tablesNamedBy(text: string): TableKey[] {
  return [...new Set([...text.matchAll(NAMES_TABLE)].map((m) => m[1] as TableKey))];
}

const ownerOf = (key: TableKey): string => (tables[key] as { owner?: string } | undefined)?.owner ?? '(no owner)';
const within = (path: string, folder: string) => path.startsWith(`${folder}/`);

/** `path writes key (owner: folder)` for every file that writes a table it does not own. */
export function foreignWriters(files: readonly SourceFile[]): string[] {
  return files.flatMap(({ path, text }) =>
    WRITES.test(text) ? tablesNamedBy(text).filter((key) => !within(path, ownerOf(key))).map((key) => `${path} writes ${key} (owner: ${ownerOf(key)})`) : [],
  );
}

/** `path names key (owner: folder)` for every file outside a table's owner that names it. */
export function foreignReaders(files: readonly SourceFile[]): string[] {
  return files.flatMap(({ path, text }) => tablesNamedBy(text).filter((key) => !within(path, ownerOf(key))).map((key) => `${path} names ${key} (owner: ${ownerOf(key)})`));
}

/** The folders under functions/ each folder imports (its own and those outside functions/ left out). */
/** Each relative import of a file under functions/<folder>/: the folder it reaches and the module path. */
function folderReaches(files: readonly SourceFile[]): { path: string; folder: string; target: string[] }[] {
  const reaches: { path: string; folder: string; target: string[] }[] = [];
  for (const { path, text } of files) {
    const parts = path.split('/');
    if (parts[0] !== 'functions' || parts.length < 3) continue;
    for (const match of text.matchAll(IMPORT_FROM)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.')) continue;
      const target = new URL(specifier, `file:///${path}`).pathname.slice(1).split('/');
      // `../usage` (the folder's index) is functions/usage: two parts.
      if (target[0] !== 'functions' || target.length < 2) continue;
      reaches.push({ path, folder: parts[1]!, target });
    }
  }
  return reaches;
}

/** Which function folders each function folder imports (itself left out). */
export function folderImports(files: readonly SourceFile[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { path } of files) {
    const parts = path.split('/');
    if (parts[0] === 'functions' && parts.length >= 3 && !graph.has(parts[1]!)) graph.set(parts[1]!, new Set());
  }
  for (const { folder, target } of folderReaches(files)) {
    if (target[1] !== folder) graph.get(folder)!.add(target[1]!);
  }
  return graph;
}

/**
 * Imports that reach past a sibling folder's `index.ts` into its modules. `lib/` is the shared
 * toolbox and has no single surface; every other folder offers its siblings one file.
 */
export function surfaceBypasses(files: readonly SourceFile[]): string[] {
  return folderReaches(files)
    .filter(({ folder, target }) => target[1] !== folder && target[1] !== 'lib' && !(target.length === 2 || (target.length === 3 && target[2] === 'index')))
    .map(({ path, target }) => `${path} imports ${target.join('/')} (not functions/${target[1]}/index.ts)`);
}

export function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (path: string[]) => {
    for (const next of graph.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = path.slice(at);
        const first = cycle.indexOf([...cycle].sort()[0]!);
        const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
        found.add([...rotated, rotated[0]].join(' → '));
      } else walk([...path, next]);
    }
  };
  for (const node of graph.keys()) walk([node]);
  return [...found].sort();
}
