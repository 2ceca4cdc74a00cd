/** `npm run release`: see release-command.ts for what it does and checks. */
import { readFile } from 'node:fs/promises';
import { runCommand } from './command';
import { releaseCommand } from './release-command';
import { openTarget } from './target-table';

runCommand('Release', () =>
  releaseCommand(process.argv.slice(2), { out: console.log, err: console.error, env: process.env, openTarget, fetch, readFile: (path) => readFile(path) }),
);
