/**
 * `npm run test:repeat -- <file> [n]`: one test file run n times (10 unless given), each in a fresh
 * vitest process, its own stack and ports included, as `npm test` runs it: for hunting a flake. Prints
 * each run's result and time, the output of each run that failed, and how many failed; exits 1 if any did.
 */
import { spawn } from 'node:child_process';

const [given, count = '10', ...rest] = process.argv.slice(2);
const runs = Number(count);
if (!given || !Number.isInteger(runs) || runs < 1 || rest.length) {
  console.error('usage: npm run test:repeat -- <test file> [times, default 10]');
  process.exit(2);
}
const file: string = given;

function once(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/vitest', ['run', file], { env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const failed: number[] = [];
for (let i = 1; i <= runs; i++) {
  const started = Date.now();
  const { code, output } = await once();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`run ${i}/${runs}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
  if (code !== 0) {
    failed.push(i);
    console.log(output);
  }
}
console.log(`\n${file}: ${runs - failed.length} of ${runs} runs passed${failed.length ? `; failed: run ${failed.join(', ')}` : ''}`);
process.exitCode = failed.length ? 1 : 0;
