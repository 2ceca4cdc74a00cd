/**
 * The frontend's effects, counted: an effect is React's escape hatch to what it does not own (a
 * timer, a window event, focus, the network outside a route loader). Data belongs to the router's
 * loaders and actions, derived state to render; what is left must say why it is an effect.
 */
import type { SourceFile } from './table-owners';

/** At most this many effect calls in the frontend's non-test code. */
export const EFFECT_BUDGET = 12;

/** A call of React's effect hooks; `useEffectEvent` is no effect, and a name in an import is no call. */
const EFFECT_CALL = /\buse(?:Layout|Insertion)?Effect\s*\(/;

export interface EffectCall {
  file: string;
  line: number;
  /** The comment right above the call (contiguous comment lines), empty when there is none. */
  why: string;
}

/** Test files and their support modules are not the product's code. */
export const isTestFile = (path: string) => /\.test(?:-support)?\.tsx?$/.test(path);

/** The comment lines directly above line `index` (0-based), nearest last. */
function commentAbove(lines: readonly string[], index: number): string {
  const comment: string[] = [];
  let inBlock = false;
  for (let i = index - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (inBlock) {
      comment.unshift(line);
      if (line.startsWith('/*')) inBlock = false;
      continue;
    }
    if (line.startsWith('//')) comment.unshift(line);
    else if (line.endsWith('*/')) {
      comment.unshift(line);
      inBlock = !line.startsWith('/*');
    } else break;
  }
  return comment.join('\n');
}

/** Every effect call in `files` (non-test code only), with the comment above it. */
export function effectCalls(files: readonly SourceFile[]): EffectCall[] {
  return files
    .filter((f) => !isTestFile(f.path))
    .flatMap(({ path, text }) => {
      const lines = text.split('\n');
      return lines.flatMap((line, i) => {
        const code = line.replace(/\/\/.*$/, '').trim();
        if (!EFFECT_CALL.test(code) || code.startsWith('*') || code.startsWith('import')) return [];
        return [{ file: path, line: i + 1, why: commentAbove(lines, i) }];
      });
    });
}

/** A why-comment names itself an effect and says for what: "An effect: the timer is the browser's clock…". */
export const saysWhy = (call: EffectCall) => /\beffect\b/i.test(call.why) && call.why.replace(/[/*]/g, '').trim().split(/\s+/).length >= 5;
