/**
 * `npm run bench:auth`: throughput of the local auth core as the product sees it, through the real
 * supertokens-node SDK over loopback (DynamoDB: in-memory dynalite; both on free ports):
 *  - email-password sign-ins per second (each one scrypt check at the core's default cost),
 *  - session verifications per second as the product's own Lambdas do them (functions/lib/access-token.ts:
 *    jose against the core's cached JWKS), beside the SDK's own local check (getSession),
 *  - verifications per second that ask the core (`checkDatabase: true`), through the SDK and as the
 *    product's Lambdas ask it on the routes that need a live session (functions/lib/core-session.ts),
 *  - session refreshes per second.
 * Each measure stops at a count or a time limit, whichever comes first. Prints figures; never fails on them.
 */
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Session from 'supertokens-node/recipe/session';
import { createRemoteJWKSet } from 'jose';
import { cpus } from 'node:os';
import { verifyAccessToken } from '../../functions/lib/access-token';
import { DEFAULT_SCRYPT_COST } from '../../infra/local/auth-core/password-hash';
import { verifyWithCore } from '../../functions/lib/core-session';
import { initSdk, startCoreUnderTest, TEST_CORE_API_KEY } from '../support/auth-core';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

interface Figure {
  name: string;
  count: number;
  seconds: number;
  p50: number;
  p95: number;
}

/** Runs `op` from `CONCURRENCY` workers until `maxCount` operations or `SECONDS` have passed. */
async function measure(name: string, maxCount: number, op: (i: number, worker: number) => Promise<unknown>): Promise<Figure> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const worker = async (_: unknown, w: number) => {
    while (next < maxCount && performance.now() < deadline) {
      const i = next++;
      const t = performance.now();
      await op(i, w);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, count: latencies.length, seconds, p50: at(0.5), p95: at(0.95) };
}

function print(f: Figure) {
  const rate = (f.count / f.seconds).toFixed(f.count / f.seconds >= 100 ? 0 : 1);
  console.log(`  ${f.name.padEnd(44)} ${rate.padStart(8)} /s   (${f.count} in ${f.seconds.toFixed(1)} s; p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms)`);
}

async function main() {
  const env = await startCoreUnderTest();
  try {
    initSdk(env.core.url);
    const users = Array.from({ length: CONCURRENCY }, (_, i) => ({ email: `bench-${i}-${Date.now()}@example.com`, password: `bench-password-${i}` }));
    for (const u of users) {
      const res = await EmailPassword.signUp('public', u.email, u.password);
      if (res.status !== 'OK') throw new Error(`sign-up failed: ${res.status}`);
    }
    const sessions = await Promise.all(
      users.map(async (u) => {
        const res = await EmailPassword.signIn('public', u.email, u.password);
        if (res.status !== 'OK') throw new Error(res.status);
        return (await Session.createNewSessionWithoutRequestResponse('public', res.recipeUserId)).getAllSessionTokensDangerously();
      }),
    );
    // Warm the SDK's JWKS cache, as a running Lambda has it.
    await Session.getSessionWithoutRequestResponse(sessions[0]!.accessToken);

    console.log(`\nLocal auth core through supertokens-node (${CONCURRENCY} concurrent callers, ≤ ${SECONDS} s each, ${cpus().length} CPUs)`);
    console.log(`  password hashing: scrypt N=${DEFAULT_SCRYPT_COST.N}, r=${DEFAULT_SCRYPT_COST.r}, p=${DEFAULT_SCRYPT_COST.p}\n`);
    print(
      await measure('sign-ins (EmailPassword.signIn)', 2_000, async (i) => {
        const u = users[i % users.length]!;
        const res = await EmailPassword.signIn('public', u.email, u.password);
        if (res.status !== 'OK') throw new Error(res.status);
      }),
    );
    const coreKeys = createRemoteJWKSet(new URL(`${env.core.url}/.well-known/jwks.json`));
    await verifyAccessToken(sessions[0]!.accessToken, coreKeys);
    print(await measure('session verifies, product Lambdas (jose, JWKS)', 200_000, (i) => verifyAccessToken(sessions[i % sessions.length]!.accessToken, coreKeys)));
    print(await measure('session verifies, SDK local (getSession)', 200_000, (i) => Session.getSessionWithoutRequestResponse(sessions[i % sessions.length]!.accessToken)));
    print(
      await measure('session verifies, by the core (checkDatabase)', 20_000, (i) =>
        Session.getSessionWithoutRequestResponse(sessions[i % sessions.length]!.accessToken, undefined, { checkDatabase: true }),
      ),
    );
    const core = { connectionUri: env.core.url, apiKey: TEST_CORE_API_KEY };
    print(
      await measure('live checks, product Lambdas (core verify)', 20_000, (i) => verifyWithCore(core, sessions[i % sessions.length]!.accessToken, true)),
    );
    // Each worker refreshes its own session along its own token chain, as one client does.
    const chains = sessions.map((s) => s.refreshToken!);
    print(
      await measure('session refreshes (refreshSession)', 20_000, async (_, worker) => {
        const refreshed = await Session.refreshSessionWithoutRequestResponse(chains[worker]!);
        chains[worker] = refreshed.getAllSessionTokensDangerously().refreshToken!;
      }),
    );
    console.log('');
  } finally {
    await env.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
