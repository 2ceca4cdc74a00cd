/**
 * `npm test`: the type check beside every vitest project (arguments go to vitest), and the time each
 * took. The type check runs alongside the tests rather than before them: it takes one core for about
 * half a minute, in which the node phase's two workers would otherwise wait. The time is printed so a
 * slower suite is seen the day it grows (with each phase's and the slowest files, test/support/phase-times.ts);
 * it never fails the run (budgets live in the benchmarks, docs/testing.md).
 */
import { spawn } from 'node:child_process';

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
};

const args = process.argv.slice(2);
// The phase times beside the usual output, unless the caller chose reporters of their own.
const reporters = args.some((a) => a.startsWith('--reporter')) ? [] : ['--reporter=default', '--reporter=./test/support/phase-times.ts'];

const started = Date.now();
let typechecked = started;
const typechecking = run('npm', ['run', '--silent', 'typecheck']).then((code) => {
  typechecked = Date.now();
  return code;
});
const tests = await run('node_modules/.bin/vitest', ['run', ...reporters, ...args]);
const testsDone = Date.now();
const typecheck = await typechecking;
const finished = Date.now();

const parts = [`typecheck ${seconds(typechecked - started)}${typecheck ? ' FAILED' : ''}`, `vitest ${seconds(testsDone - started)}${tests ? ' FAILED' : ''}`];
console.log(`\nnpm test: ${seconds(finished - started)} in all (${parts.join(', ')}, side by side)${typecheck || tests ? ', FAILED' : ''}`);
process.exitCode = typecheck || tests || 0;
