/**
 * `npm run bench:lambda`: per function, the minified bundle size and the cold-start cost: a fresh Node
 * process requires the bundle and invokes it once against the local stack (median of 9, or of
 * BENCH_LAMBDA_RUNS), beside an empty handler bundled the same way (the floor, run beside each), and
 * each one's cold start as a multiple of the floor's. Each group's budget (BUDGETS below,
 * docs/testing.md#lambda-budgets) gets a verdict line, PASS or OVER with its figures, and the run exits
 * non-zero when any is OVER: a budget broken without a word is how the SDK Lambdas grew past theirs.
 *
 * A cold start is timed as a Lambda has one: from the process's spawn to the first invocation's answer
 * (the child writes its line when the handler resolves; the line's arrival here is the mark), for the
 * floor and every function alike. A Lambda never exits, and a process that has used Node's fetch
 * (undici) waits at exit, ~70–110 ms, for V8 to finish optimising undici's WebAssembly parser, which
 * the floor never loads; timed to exit, the ratio charged functions for what a Lambda never pays. The
 * exit-inclusive time is still printed (`to exit ms`) so that nothing is hidden.
 *
 * To look into one function: BENCH_LAMBDA_ONLY=usage,users benchmarks only those (beside the floor);
 * BENCH_LAMBDA_CPU_PROF=<dir> writes a V8 CPU profile of each of a function's cold starts, from spawn to
 * exit, into <dir>/<name> (the floor's runs are not profiled; open one in Chrome's DevTools). A profiled
 * process runs slower, so such a run's times are a profile's and are not judged against the budgets.
 */
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LAMBDA_ESBUILD_OPTIONS } from '../../infra/constructs/bundling';
import { ANY_PORTS, startLocalStack } from '../../infra/local/stack';
import Stripe from 'stripe';
import { LOCAL_STRIPE_SECRET } from '../../infra/local/stripe/catalog';
import { PRICE_IDS } from '../../shared/plans';
import { verificationTokenFor } from '../support/outbox';
import { functions, routes, type FunctionName } from '../../shared/routes';

// Locally we run Node 20 knowingly (Lambda runs 22); the AWS SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// Pairs per function: 9 by default, as 5 left the ratio swinging by ±0.5 on two shared cores under load.
const RUNS = Number(process.env.BENCH_LAMBDA_RUNS ?? 9);
const ONLY = process.env.BENCH_LAMBDA_ONLY === undefined ? undefined : [...new Set(process.env.BENCH_LAMBDA_ONLY.split(',').map((name) => name.trim()).filter(Boolean))];
const CPU_PROF_DIR = process.env.BENCH_LAMBDA_CPU_PROF;

interface Budget {
  /** The minified bundle, KB. */
  kb: number;
  /** Spawn to first answer, as a multiple of the floor's in the same run. */
  coldRatio?: number;
}

/**
 * Each group's budget (docs/testing.md#lambda-budgets). The auth Lambda carries supertokens-node and
 * its recipes; the account group asks the core over its HTTP API (docs/architecture.md#the-auth-core)
 * for what only it knows; every other Lambda checks tokens with jose (docs/decisions.md#14).
 */
const BUDGETS: Record<'auth' | 'account' | 'others', Budget> = {
  auth: { kb: 800, coldRatio: 2.2 },
  account: { kb: 500, coldRatio: 2 },
  others: { kb: 280 },
};

/**
 * The deletion sweeper is of the account group and shares its bundle budget, but has no route and no
 * caller waiting (its schedule runs it), so its cold start is printed on its own line and not judged.
 */
const SCHEDULED: Partial<Record<FunctionName, { group: keyof typeof BUDGETS }>> = { deletionSweeper: { group: 'account' } };

/** The budget a function is judged by, and what its verdict lines call it. */
function budgetOf(fn: FunctionName): { budget: Budget; label: string } {
  const scheduled = SCHEDULED[fn];
  if (scheduled) return { budget: { kb: BUDGETS[scheduled.group].kb }, label: `${fn} (${scheduled.group} group, scheduled)` };
  return { budget: fn === 'auth' || fn === 'account' ? BUDGETS[fn] : BUDGETS.others, label: fn };
}
const work = mkdtempSync(join(tmpdir(), 'voxpen-bench-lambda-'));

async function bundle(name: string, entry: string): Promise<string> {
  const outfile = join(work, name, 'index.js');
  await build({ ...LAMBDA_ESBUILD_OPTIONS, entryPoints: [entry], outfile, sourcemap: true, logLevel: 'error' });
  return outfile;
}

/** Which route each function is invoked on, and with what, so the invocation does real work. */
const SAMPLE_REQUESTS: Partial<Record<FunctionName, { method: string; path: string; body?: unknown; signedIn?: boolean }>> = {
  contact: { method: 'POST', path: '/api/contact', body: { name: 'Bench', email: 'bench@example.com', message: 'Cold start' } },
  // A signed-in user's bearer token: the cold start includes fetching the core's keys.
  users: { method: 'POST', path: '/api/ensure-user-exists', signedIn: true },
  usage: { method: 'POST', path: '/api/usage', body: { words: 1, seconds: 1 }, signedIn: true },
  // A real checkout: a Stripe customer and session made at the stand-in.
  billing: { method: 'POST', path: '/api/create-checkout-session', body: { priceId: PRICE_IDS.monthly }, signedIn: true },
  // The whole export: the core (the user's login methods, over its HTTP API), the users item, usage, contact messages.
  account: { method: 'GET', path: '/api/account/export', signedIn: true },
  // The desktop app's start-up read: the list and the plan.
  vocabulary: { method: 'GET', path: '/api/vocabulary', signedIn: true },
};

/** A Stripe event signed as Stripe signs it, new each run so it is applied rather than deduplicated. */
function signedStripeEvent(run: number): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ id: `evt_bench_${Date.now()}_${run}`, object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), data: { object: {} } });
  const signature = new Stripe(LOCAL_STRIPE_SECRET.secretKey).webhooks.generateTestHeaderString({ payload: body, secret: LOCAL_STRIPE_SECRET.webhookSecret });
  return { body, headers: { 'stripe-signature': signature } };
}

function sampleEvent(fn: FunctionName | string, run: number, accessToken: string) {
  const sample = SAMPLE_REQUESTS[fn as FunctionName];
  const route = sample ? routes.find((r) => r.path === sample.path && r.method === sample.method) : routes.find((r) => r.fn === fn);
  const path = route ? route.path.replace('{proxy+}', 'loginmethods') : '/';
  const method = route?.method === 'ANY' ? 'GET' : (route?.method ?? 'GET');
  const stripeEvent = fn === 'stripeWebhook' ? signedStripeEvent(run) : undefined;
  const body = stripeEvent?.body ?? (sample?.body === undefined ? undefined : JSON.stringify(sample.body));
  const auth: Record<string, string> = sample?.signedIn ? { authorization: `Bearer ${accessToken}` } : {};
  // A usage report needs its key, a new one each run so each is counted rather than replayed.
  const idempotency: Record<string, string> = sample?.path === '/api/usage' && sample.method === 'POST' ? { 'idempotency-key': randomUUID() } : {};
  // The sweeper is invoked by its EventBridge schedule, with the event the schedule sends.
  if (fn === 'deletionSweeper') return { version: '0', id: `bench-${run}`, 'detail-type': 'Scheduled Event', source: 'aws.events', time: new Date().toISOString(), region: 'local', resources: [], detail: {} };
  return {
    version: '2.0',
    routeKey: `${route?.method ?? 'GET'} ${route?.path ?? '/'}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', host: 'localhost', rid: 'emailpassword', ...auth, ...idempotency, ...stripeEvent?.headers },
    requestContext: { http: { method, path, protocol: 'HTTP/1.1', sourceIp: `10.9.${run}.1`, userAgent: 'bench' }, requestId: `bench-${run}`, stage: '$default', timeEpoch: Date.now() },
    body,
    isBase64Encoded: false,
  };
}

/** Signs a bench user up through the local API, in header mode as the desktop app does, for its access token. */
/** A signed-in, proven account's access token (header mode): sign up, use the mailed link, sign in. */
async function benchAccessToken(api: string, outboxDir: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const formFields = [{ id: 'email', value: email }, { id: 'password', value: 'bench-password-1' }];
  const post = (path: string, rid: string, body: unknown) =>
    fetch(`${api}/api/auth${path}`, { method: 'POST', headers: { 'content-type': 'application/json', rid, 'st-auth-mode': 'header' }, body: JSON.stringify(body) });
  const signedUp = await post('/signup', 'emailpassword', { formFields });
  if (!signedUp.ok) throw new Error(`bench sign-up answered ${signedUp.status}`);
  // Every product route refuses a session whose address is not proven (403 st-ev): prove it as its owner does.
  const verified = await post('/user/email/verify', 'emailverification', { method: 'token', token: await verificationTokenFor(outboxDir, email) });
  if (!verified.ok) throw new Error(`bench verification answered ${verified.status}`);
  const signedIn = await post('/signin', 'emailpassword', { formFields });
  const token = signedIn.headers.get('st-access-token');
  if (!token) throw new Error(`bench sign-in answered ${signedIn.status} without an access token`);
  return token;
}

const PROBE_MARK = 'bench-probe:';
const PROBE = `
const t0 = performance.now();
const mod = require(process.argv[1]);
const t1 = performance.now();
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 10000 };
Promise.resolve(mod.handler(JSON.parse(process.argv[2]), context)).then((res) => {
  const t2 = performance.now();
  // A route answers a status; the sweeper's run answers its counts, with no status.
  const status = res && res.statusCode !== undefined ? res.statusCode : res ? 'done ' + JSON.stringify(res) : 'done';
  console.log('${PROBE_MARK}' + JSON.stringify({ requireMs: t1 - t0, invokeMs: t2 - t1, status }));
}, (e) => { console.log('${PROBE_MARK}' + JSON.stringify({ requireMs: t1 - t0, invokeMs: performance.now() - t1, status: 'threw ' + e.message })); });
`;

interface Sample {
  requireMs: number;
  invokeMs: number;
  /** From spawn to the first answer's line arriving here: what a cold Lambda's first caller waits. */
  answerMs: number;
  /** From spawn to the process's exit, which a Lambda never reaches. */
  exitMs: number;
  status: unknown;
}

/** One fresh process: require the bundle, invoke it once. */
function oneColdStart(file: string, fn: string, run: number, env: Record<string, string>, accessToken: string): Promise<Sample> {
  return new Promise((resolveSample, reject) => {
    const started = performance.now();
    const profile = CPU_PROF_DIR && !fn.startsWith('(') ? ['--cpu-prof', `--cpu-prof-dir=${join(resolve(CPU_PROF_DIR), fn)}`] : [];
    const child = spawn(process.execPath, [...profile, '-e', PROBE, file, JSON.stringify(sampleEvent(fn, run, accessToken))], {
      env: { ...process.env, ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'SILENT' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    let answer: { line: string; at: number } | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (answer) return;
      // The probe's line, written when the handler resolves, once it is whole; any other line is the function's own output.
      const line = stdout.split('\n').slice(0, -1).find((l) => l.startsWith(PROBE_MARK));
      if (line !== undefined) answer = { line, at: performance.now() };
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const exitMs = performance.now() - started;
      if (!answer) return reject(new Error(`${fn}: the probe exited ${code} without answering\n${stderr}`));
      resolveSample({ ...JSON.parse(answer.line.slice(PROBE_MARK.length)), answerMs: answer.at - started, exitMs });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * RUNS cold starts of `file`, each beside one of the empty floor's, so both meet the same load
 * on a shared machine: the ratio is the median of each pair's, not of two medians taken minutes apart.
 */
async function coldStart(file: string, fn: string, floorFile: string, env: Record<string, string>, accessToken: string) {
  const samples: Sample[] = [];
  const floors: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Which of the pair goes first alternates, so neither always meets what the other left behind.
    if (i % 2 === 0) floors.push(await oneColdStart(floorFile, '(empty floor)', i, env, accessToken));
    samples.push(await oneColdStart(file, fn, i, env, accessToken));
    if (i % 2 === 1) floors.push(await oneColdStart(floorFile, '(empty floor)', i, env, accessToken));
  }
  return {
    requireMs: median(samples.map((s) => s.requireMs)),
    firstInvokeMs: median(samples.map((s) => s.invokeMs)),
    answerMs: median(samples.map((s) => s.answerMs)),
    floorMs: median(floors.map((s) => s.answerMs)),
    ratio: median(samples.map((s, i) => s.answerMs / floors[i]!.answerMs)),
    exitMs: median(samples.map((s) => s.exitMs)),
    floorExitMs: median(floors.map((s) => s.exitMs)),
    exitRatio: median(samples.map((s, i) => s.exitMs / floors[i]!.exitMs)),
    status: samples[0]!.status,
  };
}

/** One line per budget of the function: PASS or OVER, with its figure and its budget. */
function verdictLines(fn: FunctionName, kb: number, ratio: number): string[] {
  const { budget, label } = budgetOf(fn);
  const lines = [`${kb <= budget.kb ? 'PASS' : 'OVER'}  ${label} bundle ${kb.toFixed(1)} KB (budget ${budget.kb} KB)`];
  if (SCHEDULED[fn]) lines.push(`----  ${label} cold start ${ratio.toFixed(2)}× the floor: no caller waits for it, not judged`);
  else if (budget.coldRatio !== undefined) {
    // A profiled run's times are a profile's: said, not judged.
    if (CPU_PROF_DIR) lines.push(`----  ${label} cold start ${ratio.toFixed(2)}× the floor, profiled: not judged (budget ${budget.coldRatio}×)`);
    else lines.push(`${ratio <= budget.coldRatio ? 'PASS' : 'OVER'}  ${label} cold start ${ratio.toFixed(2)}× the floor (budget ${budget.coldRatio}×)`);
  }
  return lines;
}

async function main() {
  const unknown = ONLY?.filter((name) => !(name in functions)) ?? [];
  if (ONLY?.length === 0 || unknown.length) throw new Error(`BENCH_LAMBDA_ONLY: ${unknown.length ? `no function ${unknown.join(', ')}` : 'names no function'}; there are ${Object.keys(functions).join(', ')}`);
  const chosen = (Object.entries(functions) as [FunctionName, { entry: string }][]).filter(([n]) => !ONLY || ONLY.includes(n));
  const outboxDir = mkdtempSync(join(tmpdir(), 'voxpen-bench-outbox-'));
  const stack = await startLocalStack({ ports: ANY_PORTS, seed: true, outboxDir });
  const { ports } = stack;
  try {
    const accessToken = await benchAccessToken(`http://localhost:${ports.api}`, outboxDir);
    const emptyEntry = join(work, 'empty.ts');
    writeFileSync(emptyEntry, "export const handler = async () => ({ statusCode: 200, body: '' });\n");
    const targets: [string, string][] = [['(empty floor)', emptyEntry], ...chosen.map(([n, d]): [string, string] => [n, resolve(d.entry)])];
    console.log(`bench:lambda: ${RUNS} cold starts each (fresh node ${process.version} process: require bundle + one invocation against the local stack), medians`);
    console.log('cold ms: spawn to first answer (× floor: median of paired ratios, the budgets\' measure); to exit ms: spawn to exit, which a Lambda never reaches\n');
    // The profiler slows the functions' processes and not the floor's: their times are a profile's, not a cold start's.
    if (CPU_PROF_DIR) console.log(`Profiled (CPU profiles in ${resolve(CPU_PROF_DIR)}): the functions run slower than unprofiled, so no time is judged against its budget.\n`);
    console.log(['function'.padEnd(16), 'bundle KB'.padStart(10), 'require ms'.padStart(11), '1st invoke ms'.padStart(14), 'cold ms'.padStart(9), 'floor ms'.padStart(9), '× floor'.padStart(9), 'to exit ms'.padStart(11), 'floor'.padStart(7), '× floor'.padStart(9), '  status'].join(''));
    const floorFile = await bundle('empty', emptyEntry);
    const verdicts: string[] = [];
    for (const [name, entry] of targets) {
      const file = await bundle(name.replace(/\W/g, ''), entry);
      const kb = statSync(file).size / 1024;
      const r = await coldStart(file, name, floorFile, stack.env, accessToken);
      console.log([name.padEnd(16), kb.toFixed(1).padStart(10), r.requireMs.toFixed(1).padStart(11), r.firstInvokeMs.toFixed(1).padStart(14), r.answerMs.toFixed(0).padStart(9), r.floorMs.toFixed(0).padStart(9), r.ratio.toFixed(2).padStart(9), r.exitMs.toFixed(0).padStart(11), r.floorExitMs.toFixed(0).padStart(7), r.exitRatio.toFixed(2).padStart(9), `  ${r.status}`].join(''));
      if (!name.startsWith('(')) verdicts.push(...verdictLines(name as FunctionName, kb, r.ratio));
    }
    console.log(`\nbudgets (docs/testing.md#lambda-budgets):\n${verdicts.join('\n')}`);
    const over = verdicts.filter((line) => line.startsWith('OVER')).length;
    console.log(over ? `\n${over} budget(s) OVER` : '\nevery budget PASS');
    if (over) process.exitCode = 1;
  } finally {
    await stack.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
