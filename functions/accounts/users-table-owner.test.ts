/**
 * One owner per thing: the users table item is read and written by functions/accounts
 * alone, and no function folder imports a folder that imports it back. Read from the source, so a
 * new file that reaches around the owner fails here rather than in review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OWNER = 'accounts';
const NAMES_USERS_TABLE = /tableName\(\s*['"`]users['"`]/;
const WRITE_COMMAND = /\bnew\s+(PutCommand|UpdateCommand|DeleteCommand|TransactWriteCommand|BatchWriteCommand)\b/g;
const IMPORT_FROM = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** Every source file under functions/, tests left out: they may arrange any state they like. */
function sourceFiles(): { folder: string; path: string; text: string }[] {
  return readdirSync(FUNCTIONS, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ folder: file.split(sep)[0]!, path: `functions/${file.split(sep).join('/')}`, text: readFileSync(join(FUNCTIONS, file), 'utf8') }));
}

/** The folders under functions/ each folder imports, from its import and export-from statements. */
function folderImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { folder, path, text } of sourceFiles()) {
    const targets = graph.get(folder) ?? new Set<string>();
    graph.set(folder, targets);
    for (const match of text.matchAll(IMPORT_FROM)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.')) continue;
      const target = relative(FUNCTIONS, resolve(FUNCTIONS, dirname(path.slice('functions/'.length)), specifier)).split(sep);
      if (target[0] === '..' || target.length < 2 || target[0] === folder) continue;
      targets.add(target[0]!);
    }
  }
  return graph;
}

/** Each cycle once, as 'a → b → a', found by walking from every folder. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
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
  for (const folder of graph.keys()) walk([folder]);
  return [...found].sort();
}

describe('the users table', () => {
  it('is written only by functions/accounts', () => {
    const writers = sourceFiles()
      .filter(({ folder, text }) => folder !== OWNER && NAMES_USERS_TABLE.test(text))
      .flatMap(({ path, text }) => {
        const commands = [...new Set([...text.matchAll(WRITE_COMMAND)].map((m) => m[1]))];
        return commands.length ? [`${path} (${commands.join(', ')})`] : [];
      });
    expect(writers, 'files outside functions/accounts that write the users table').toEqual([]);
  });

  it('is read only by functions/accounts too', () => {
    const readers = sourceFiles()
      .filter(({ folder, text }) => folder !== OWNER && NAMES_USERS_TABLE.test(text))
      .map(({ path }) => path);
    expect(readers, 'files outside functions/accounts that name the users table').toEqual([]);
  });

  it('has an owner that depends on no function folder but lib', () => {
    expect([...(folderImports().get(OWNER) ?? [])].filter((folder) => folder !== 'lib')).toEqual([]);
  });
});

describe('function folders', () => {
  it('import no folder that imports them back', () => {
    expect(cyclesOf(folderImports()), 'import cycles between folders under functions/').toEqual([]);
  });
});
