/** What every operator command shares: its flags parsed strictly, and its exit code. */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Where a command reads or writes: the local data, or with `--stack` the deployed table. */
export const TARGET_OPTIONS = {
  stack: { type: 'string' },
  region: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** The flags, or undefined after printing what was wrong and the usage line. */
export function parseFlags<O extends NonNullable<ParseArgsConfig['options']>>(options: O, usage: string) {
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return undefined;
  }
}

/** Runs a command's main and exits with its code; an unexpected failure prints one line, no stack. */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`${name} failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
