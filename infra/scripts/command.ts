/** What every operator command shares: its flags parsed strictly, and its exit code. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Where a command reads or writes: the local data, or with `--stack` the deployed table. */
export const TARGET_OPTIONS = {
  stack: { type: 'string' },
  region: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The flags (of `args`, else the process's), or undefined after printing what was wrong and the usage line. */
export function parseFlags<O extends NonNullable<ParseArgsConfig['options']>>(options: O, usage: string, args?: string[], err: (text: string) => void = console.error) {
  try {
    return parseArgs({ options, strict: true, ...(args ? { args } : {}) }).values;
  } catch (error) {
    err(`${(error as Error).message}\n${usage}`);
    return undefined;
  }
}

/**
 * Exits with the code once everything written to stdout and stderr has left the process. Piped
 * (`| jq`, `| wc -c`) stdout is asynchronous, and `process.exit` right after a large write cut the
 * output at the pipe's buffer (`contact:list --json` stopped at 64 KB). An empty write's
 * callback runs after every write queued before it.
 */
export async function exitWhenFlushed(code: number, streams: NodeJS.WritableStream[] = [process.stdout, process.stderr]): Promise<never> {
  process.exitCode = code;
  await Promise.all(streams.map((stream) => new Promise<void>((done) => void stream.write('', () => done()))));
  process.exit(code);
}

/**
 * Runs a command's main and exits with its code after its output is flushed; an unexpected failure
 * prints one line, no stack.
 */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => exitWhenFlushed(code),
    (error) => {
      console.error(`${name} failed: ${(error as Error).message}`);
      return exitWhenFlushed(1);
    },
  );
}

/**
 * Text from outside (a visitor's contact message) made safe for an operator's terminal: every control
 * character (C0, DEL, C1) and the Unicode line and paragraph separators and bidirectional controls shown
 * as an escape (`\x1b`, `\r`, `\n`, `\t`, `\u202e`). `keepNewlines` lets line feeds through (a message's
 * own lines, each then indented by the caller). `--json` output needs none of this: JSON.stringify
 * escapes control characters itself and keeps the text exact.
 */
export function escapeControl(text: string, { keepNewlines = false } = {}): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (ch) => {
    if (ch === '\n') return keepNewlines ? '\n' : '\\n';
    if (ch === '\r') return '\\r';
    if (ch === '\t') return '\\t';
    const code = ch.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * JSON for stdout, exact (it parses back to the very same value) and safe on a terminal too:
 * JSON.stringify escapes C0 controls itself but leaves DEL, the C1 controls (U+009B is a CSI to many
 * terminals), the line separators and the bidirectional controls raw; those can only occur inside
 * strings, where `\uXXXX` means the same character.
 */
export function jsonForTerminal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
