/**
 * `npm test`: the type check, then every vitest project (arguments go to vitest), and the time each
 * took. The time is printed so a slower suite is seen the day it grows; it never fails the run
 * (budgets live in the benchmarks, docs/testing.md).
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

const started = Date.now();
const typecheck = await run('npm', ['run', '--silent', 'typecheck']);
const typechecked = Date.now();
const tests = typecheck === 0 ? await run('node_modules/.bin/vitest', ['run', ...process.argv.slice(2)]) : undefined;
const finished = Date.now();

const parts = [`typecheck ${seconds(typechecked - started)}`, ...(tests === undefined ? [] : [`vitest ${seconds(finished - typechecked)}`])];
console.log(`\nnpm test: ${seconds(finished - started)} in all (${parts.join(', ')})${typecheck || tests ? ', FAILED' : ''}`);
process.exitCode = typecheck || tests || 0;
