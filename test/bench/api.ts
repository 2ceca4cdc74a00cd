/**
 * `npm run bench:api`: what the desktop app's vocabulary read costs (it asks at start and hourly:
 * docs/desktop-api.md#vocabulary). A Pro trial account holds 1,000 entries; `GET /api/vocabulary` is
 * timed as the app sends it (a bearer token; then with If-None-Match, a 304) beside two no-op routes in
 * the same run, through one local gateway in one process: a bare one (the gateway and middy wrapper
 * alone) and one that only checks the session as the vocabulary route does. Warm: the first rounds are
 * discarded; then BENCH_API_ROUNDS rounds (default 300), each sending every route once, in turn, so all
 * meet the same load. Prints bytes and p50/p95 per route and a verdict line; never fails on time.
 *
 * The verdict: the full list's answer within VERDICT_MS of the session no-op at p50 (its own work: a
 * strongly consistent Query of the list, the users item, the JSON), and the 304 smaller than 200 bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayService } from '../../infra/local/gateway';
import { holdPort } from '../../infra/local/ports';
import { ANY_PORTS, startLocalStack } from '../../infra/local/stack';
import { PRICE_IDS } from '../../shared/plans';
import { functions, type RouteDef } from '../../shared/routes';
import { TEST_PASSWORD_COST } from '../support/local-stack';
import { AuthApi } from '../support/auth-api';
import { verificationTokenFor } from '../support/outbox';
import { payCheckout } from '../support/stripe-pages';
import { VOCABULARY_LIMITS, type VocabularyEntry } from '../../shared/vocabulary';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'SILENT';

const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 300);
const WARM_ROUNDS = 20;
const VERDICT_MS = 25;

/** A writer's list as it grows: names and terms of 5–16 letters, a third with one or two "sounds like" variants. Deterministic. */
function writersList(count: number): VocabularyEntry[] {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const word = (min: number, max: number) => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const length = min + Math.floor(next() * (max - min + 1));
    const w = Array.from({ length }, () => letters[Math.floor(next() * 26)]).join('');
    return w[0]!.toUpperCase() + w.slice(1);
  };
  return Array.from({ length: count }, (_, i) => ({
    phrase: `${word(5, 12)}${i}`,
    soundsLike: i % 3 === 0 ? Array.from({ length: 1 + (i % 2) }, () => `${word(3, 7).toLowerCase()} ${word(3, 7).toLowerCase()}`) : [],
  }));
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function proAccessToken(api: string, web: string, outboxDir: string): Promise<string> {
  const who = new AuthApi(api, web);
  const email = `bench-vocabulary-${Date.now()}@example.com`;
  if ((await who.signUp(email, 'bench-password-1')).status !== 'OK') throw new Error('bench sign-up failed');
  if ((await who.verifyEmail(await verificationTokenFor(outboxDir, email))).status !== 'OK') throw new Error('bench verification failed');
  await payCheckout((await who.post('/api/create-checkout-session', { priceId: PRICE_IDS.monthly })).body.url as string, email);
  const token = who.jar.get('sAccessToken');
  if (!token) throw new Error('no access token');
  return token;
}

async function main() {
  const outboxDir = mkdtempSync(join(tmpdir(), 'voxpen-bench-api-'));
  const stack = await startLocalStack({ ports: ANY_PORTS, outboxDir, passwordCost: TEST_PASSWORD_COST });
  const { ports } = stack;
  const routes = [
    { method: 'GET', path: '/api/vocabulary', fn: 'vocabulary' },
    { method: 'GET', path: '/api/noop', fn: 'noop' },
    { method: 'GET', path: '/api/noop-session', fn: 'sessionNoop' },
  ] as unknown as RouteDef[];
  const gateway = await gatewayService({
    port: await holdPort(),
    routes,
    functions: { vocabulary: functions.vocabulary, noop: { entry: 'test/bench/noop-handler.ts' }, sessionNoop: { entry: 'test/bench/session-noop-handler.ts' } },
    corsOrigins: [],
  }).start();
  try {
    const api = `http://localhost:${ports.api}`;
    const token = await proAccessToken(api, `http://localhost:${ports.web}`, outboxDir);
    const entries = writersList(VOCABULARY_LIMITS.entries);
    const put = await fetch(`${api}/api/vocabulary`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-match': '"0"' }, body: JSON.stringify({ entries }) });
    if (put.status !== 200) throw new Error(`saving the list answered ${put.status}: ${await put.text()}`);
    const bearer = { authorization: `Bearer ${token}` };
    const cases = [
      { name: 'no-op (no session)', path: '/api/noop', headers: {}, status: 200 },
      { name: 'no-op (session check)', path: '/api/noop-session', headers: bearer, status: 200 },
      { name: 'GET /api/vocabulary (1,000)', path: '/api/vocabulary', headers: bearer, status: 200 },
      { name: '  If-None-Match: 304', path: '/api/vocabulary', headers: { ...bearer, 'if-none-match': '"1"' }, status: 304 },
    ];
    const times = cases.map(() => [] as number[]);
    const bytes = cases.map(() => 0);
    for (let round = 0; round < WARM_ROUNDS + ROUNDS; round++) {
      for (const [i, c] of cases.entries()) {
        const started = performance.now();
        const res = await fetch(`${gateway.url}${c.path}`, { headers: c.headers });
        const body = Buffer.from(await res.arrayBuffer());
        const ms = performance.now() - started;
        if (res.status !== c.status) throw new Error(`${c.name} answered ${res.status}: ${body.toString()}`);
        if (round >= WARM_ROUNDS) times[i]!.push(ms);
        bytes[i] = body.length + [...res.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
      }
    }
    console.log(`bench:api: ${ROUNDS} rounds (after ${WARM_ROUNDS} warm-up), each route once a round, sequential, one local gateway in this process`);
    console.log(['route'.padEnd(30), 'bytes (body+headers)'.padStart(21), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9)].join(''));
    for (const [i, c] of cases.entries()) console.log([c.name.padEnd(30), String(bytes[i]).padStart(21), percentile(times[i]!, 0.5).toFixed(2).padStart(9), percentile(times[i]!, 0.95).toFixed(2).padStart(9)].join(''));
    const over = percentile(times[2]!, 0.5) - percentile(times[1]!, 0.5);
    const ok = over <= VERDICT_MS && bytes[3]! < 200;
    console.log(
      `verdict: ${ok ? 'OK' : 'OVER'}: the 1,000-entry list (${(bytes[2]! / 1024).toFixed(1)} KB) adds ${over.toFixed(2)} ms at p50 to the session no-op (budget ${VERDICT_MS} ms); the hourly 304 is ${bytes[3]} bytes (budget < 200)`,
    );
  } finally {
    await gateway.stop();
    await stack.stop();
    rmSync(outboxDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
