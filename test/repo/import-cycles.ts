/**
 * The module graph of the repository's own TypeScript, as `madge --circular` reads it: every relative
 * import, type-only ones included (a cycle of types still ties two modules' meanings together), and
 * the strongly connected parts of that graph, each a cycle to break.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import type { SourceFile } from './table-owners';

const IMPORT_FROM = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier in `from` names, or undefined when it is no file of ours. */
export function resolveImport(root: string, from: string, specifier: string, exists = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isFile()): string | undefined {
  const base = normalize(join(dirname(from), specifier)).split('\\').join('/');
  return EXTENSIONS.map((ext) => base + ext).find(exists);
}

/** Module → the modules it imports (relative imports only: packages cannot import us back). */
export function moduleGraph(root: string, files: readonly SourceFile[], exists?: (path: string) => boolean): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { path, text } of files) {
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT_FROM)) {
      const specifier = m[1] ?? m[2] ?? m[3]!;
      if (!specifier.startsWith('.')) continue;
      const target = resolveImport(root, path, specifier, exists);
      if (target && target !== path) targets.add(target);
    }
    graph.set(path, targets);
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one module: each is at least one cycle. */
export function tangles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
