import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../shared/texts';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { HttpError } from '../lib/http-error';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../shared/tables';
import { addressChecksKey, emailTag, IN_FLIGHT_MS, pairAttribute } from '../lib/password-checks';
import { guardSignIn, SIGN_IN_ADDRESS_RULE, SIGN_IN_EMAIL_RULE, SIGN_IN_PAIR_RULE } from './sign-in-guard';

let dynamo: TestDynamo;
let db: TestDynamo['db'];
beforeAll(async () => {
  dynamo = await startTestDynamo();
  db = dynamo.db;
});
afterAll(() => dynamo?.stop());

type Input = Parameters<ReturnType<typeof guardSignIn>>[0];
/** The SDK's request as the guard sees it; the address rides in `original`, read back by `address` below. */
const attempt = (email: string, password: string, from: string) =>
  ({ formFields: [{ id: 'email', value: email }, { id: 'password', value: password }], options: { req: { original: from } } }) as unknown as Input;

/** A stand-in for SuperTokens' own sign-in: one right password. */
/** A check that is still running: the stand-in holds the password 'held' until `gate.open()`. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
let held = gate();

function guarded(clock: { now: number }) {
  let calls = 0;
  const original = (async (input: Input) => {
    calls++;
    if (input.formFields[1]!.value === 'held') await held.opened;
    return input.formFields[1]!.value === 'right1' ? ({ status: 'OK' } as never) : { status: 'WRONG_CREDENTIALS_ERROR' as const };
  }) as Parameters<typeof guardSignIn>[0];
  const signIn = guardSignIn(original, { db: () => db, now: () => clock.now, address: async (req) => req.original as string });
  return { signIn, calls: () => calls };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

/** The checks in flight an address's item holds (of one email, when given). */
async function membersOf(address: string, email?: string): Promise<string[]> {
  const item = (await db.send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key: addressChecksKey(address) }, ConsistentRead: true }))).Item ?? {};
  const members = Object.values(item).flatMap((v) => (v instanceof Set ? [...(v as Set<string>)] : []));
  return email ? members.filter((m) => m.startsWith(`${emailTag(email)}.`)) : members;
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('sign-in guard', () => {
  it('refuses the 11th attempt on one email from one address in 15 minutes with a 429, until the window ends', async () => {
    const clock = { now: Date.parse('2026-05-01T10:00:00Z') };
    const { signIn, calls } = guarded(clock);
    for (let i = 0; i < SIGN_IN_PAIR_RULE.limit; i++) expect((await signIn(attempt('Eve@Example.com ', 'wrong1', '198.51.100.1'))).status).toBe('WRONG_CREDENTIALS_ERROR');
    clock.now += 60_000;
    const refused = await refusal(signIn(attempt('eve@example.com', 'right1', '198.51.100.1')));
    expect(refused).toMatchObject({ statusCode: 429, message: texts.auth.tooManyAttempts(14), headers: { 'retry-after': String(14 * 60) } });
    expect(calls()).toBe(10);
    clock.now += 14 * 60_000;
    expect((await signIn(attempt('eve@example.com', 'right1', '198.51.100.1'))).status).toBe('OK');
  });

  it("lets the owner in from another address while a stranger's address is refused", async () => {
    const clock = { now: Date.parse('2026-05-02T10:00:00Z') };
    const { signIn } = guarded(clock);
    for (let i = 0; i < 11; i++) await signIn(attempt('owner@example.com', 'wrong1', '198.51.100.2')).catch(() => undefined);
    expect((await refusal(signIn(attempt('owner@example.com', 'right1', '198.51.100.2')))).statusCode).toBe(429);
    expect((await signIn(attempt('owner@example.com', 'right1', '203.0.113.2'))).status).toBe('OK');
  });

  it('forgets the pair after a successful sign-in', async () => {
    const clock = { now: Date.parse('2026-05-03T10:00:00Z') };
    const { signIn } = guarded(clock);
    for (let i = 0; i < 9; i++) await signIn(attempt('fay@example.com', 'wrong1', '198.51.100.3'));
    expect((await signIn(attempt('fay@example.com', 'right1', '198.51.100.3'))).status).toBe('OK');
    for (let i = 0; i < 10; i++) expect((await signIn(attempt('fay@example.com', 'wrong1', '198.51.100.3'))).status).toBe('WRONG_CREDENTIALS_ERROR');
  });

  it('refuses an address past 30 failures across emails (spraying); its successes do not count once they are over', async () => {
    const clock = { now: Date.parse('2026-05-04T10:00:00Z') };
    const { signIn, calls } = guarded(clock);
    for (let i = 0; i < 5; i++) expect((await signIn(attempt(`member${i}@example.com`, 'right1', '198.51.100.4'))).status).toBe('OK');
    // A success holds its place among the address's checks in flight until it could no longer be running.
    clock.now += IN_FLIGHT_MS;
    for (let i = 0; i < SIGN_IN_ADDRESS_RULE.limit; i++) expect((await signIn(attempt(`victim${i}@example.com`, 'wrong1', '198.51.100.4'))).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect((await refusal(signIn(attempt('victim-next@example.com', 'wrong1', '198.51.100.4')))).headers).toEqual({ 'retry-after': String(15 * 60) });
    expect(calls()).toBe(35);
    expect((await signIn(attempt('victim-next@example.com', 'right1', '203.0.113.4'))).status).toBe('OK');
  });

  it('counts parallel guesses before checking them: of 20 at once on one email from one address, 10 are checked', async () => {
    const clock = { now: Date.parse('2026-05-07T10:00:00Z') };
    const { signIn, calls } = guarded(clock);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => signIn(attempt('ivy@example.com', 'wrong1', '198.51.100.7'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(SIGN_IN_PAIR_RULE.limit);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.statusCode)).toEqual(Array(10).fill(429));
    expect(calls()).toBe(SIGN_IN_PAIR_RULE.limit);
  });

  it('counts parallel checks across emails from one address too: of 40 at once, 30 are checked', async () => {
    const clock = { now: Date.parse('2026-05-08T10:00:00Z') };
    const { signIn, calls } = guarded(clock);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => signIn(attempt(`spray${i}@example.com`, 'wrong1', '198.51.100.8'))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(SIGN_IN_ADDRESS_RULE.limit);
    expect(calls()).toBe(SIGN_IN_ADDRESS_RULE.limit);
  });

  it('refuses a flood from one address without letting its item grow: of 100 checks at once, 30 run and at most 60 are kept', async () => {
    const clock = { now: Date.parse('2026-05-10T10:00:00Z') };
    const { signIn, calls } = guarded(clock);
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => signIn(attempt(`flood${i}@example.com`, 'wrong1', '198.51.100.99'))));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(70);
    expect(calls()).toBe(SIGN_IN_ADDRESS_RULE.limit);
    const item = (await db.send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key: addressChecksKey('198.51.100.99') } }))).Item!;
    const kept = Object.values(item).filter((v): v is Set<string> => v instanceof Set).reduce((n, set) => n + set.size, 0);
    expect(kept).toBeLessThanOrEqual(2 * SIGN_IN_ADDRESS_RULE.limit);
  });

  it("drops an ended window's counts when the next failure starts a new one", async () => {
    const clock = { now: Date.parse('2026-05-11T10:00:00Z') };
    const { signIn } = guarded(clock);
    for (const email of ['ann@example.com', 'bob@example.com']) for (let i = 0; i < 3; i++) await signIn(attempt(email, 'wrong1', '198.51.100.20'));
    clock.now += 20 * 60_000;
    await signIn(attempt('cy@example.com', 'wrong1', '198.51.100.20'));
    const item = (await db.send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key: addressChecksKey('198.51.100.20') } }))).Item!;
    expect(item).toMatchObject({ ws: clock.now / 1000, failures: 1, [pairAttribute('cy@example.com')]: 1 });
    expect(Object.keys(item).filter((name) => name.startsWith('f_'))).toEqual([pairAttribute('cy@example.com')]);
  });

  it('counts checks stamped either side of a slot boundary together, whichever is written first', async () => {
    const boundary = Date.parse('2026-05-12T10:00:00Z');
    const late = { now: boundary + 1 };
    const { signIn, calls } = guarded(late);
    // Ten guesses stamped just after the boundary, held in flight (their checks never end here)...
    held = gate();
    const running = Array.from({ length: SIGN_IN_PAIR_RULE.limit }, () => signIn(attempt('kim@example.com', 'held', '198.51.100.12')));
    await until(() => calls() === SIGN_IN_PAIR_RULE.limit);
    // ...then one stamped just before it, written after them: it must see all ten.
    const early = guarded({ now: boundary - 1 });
    const refused = await refusal(early.signIn(attempt('kim@example.com', 'wrong1', '198.51.100.12')));
    expect(refused.statusCode).toBe(429);
    expect(early.calls()).toBe(0);
    expect(calls()).toBe(SIGN_IN_PAIR_RULE.limit);
    held.open();
    await Promise.all(running);
  });

  it("answers a pair's refusal with the pair's own wait, not an older check's from the address", async () => {
    const clock = { now: Date.parse('2026-05-13T10:00:00Z') };
    const { signIn, calls } = guarded(clock);
    held = gate();
    const running = [signIn(attempt('other@example.com', 'held', '198.51.100.13'))];
    await until(() => calls() === 1);
    clock.now += 8_000;
    running.push(...Array.from({ length: SIGN_IN_PAIR_RULE.limit }, () => signIn(attempt('lou@example.com', 'held', '198.51.100.13'))));
    await until(() => calls() === 1 + SIGN_IN_PAIR_RULE.limit);
    const refused = await refusal(signIn(attempt('lou@example.com', 'wrong1', '198.51.100.13')));
    // The pair's checks started 8 s after the address's oldest: theirs is the wait (it was 2 s).
    expect(refused.headers).toEqual({ 'retry-after': String(IN_FLIGHT_MS / 1000) });
    held.open();
    await Promise.all(running);
  });

  it('answers a wrong password as wrong even when its failure cannot be recorded, and logs it', async () => {
    const clock = { now: Date.parse('2026-05-14T10:00:00Z') };
    const failing = {
      send: (command: { input: { UpdateExpression?: string } }) =>
        /^(ADD failures|SET ws)/.test(command.input.UpdateExpression ?? '') ? Promise.reject(new Error('ProvisionedThroughputExceededException')) : db.send(command as never),
    } as unknown as TestDynamo['db'];
    const original = (async () => ({ status: 'WRONG_CREDENTIALS_ERROR' })) as unknown as Parameters<typeof guardSignIn>[0];
    const signIn = guardSignIn(original, { db: () => failing, now: () => clock.now, address: async (req) => req.original as string });
    expect((await signIn(attempt('max@example.com', 'wrong1', '198.51.100.14'))).status).toBe('WRONG_CREDENTIALS_ERROR');
    // Not recorded, it still counts while it could be running.
    expect(await membersOf('198.51.100.14', 'max@example.com')).toHaveLength(1);
  });

  it('lets an office sign in: 30 successes at once from one address, the 31st waits only until they are over, its refusal not counted', async () => {
    const clock = { now: Date.parse('2026-05-09T10:00:00Z') };
    const { signIn } = guarded(clock);
    const office = await Promise.all(Array.from({ length: SIGN_IN_ADDRESS_RULE.limit }, (_, i) => signIn(attempt(`staff${i}@example.com`, 'right1', '198.51.100.9'))));
    expect(office.map((r) => r.status)).toEqual(Array(SIGN_IN_ADDRESS_RULE.limit).fill('OK'));
    const refused = await refusal(signIn(attempt('staff-late@example.com', 'right1', '198.51.100.9')));
    expect(refused.headers).toEqual({ 'retry-after': String(IN_FLIGHT_MS / 1000) });
    // The refused check never ran: it is not among the checks in flight.
    expect(await membersOf('198.51.100.9', 'staff-late@example.com')).toEqual([]);
    expect((await membersOf('198.51.100.9')).length).toBe(SIGN_IN_ADDRESS_RULE.limit);
    clock.now += IN_FLIGHT_MS;
    expect((await signIn(attempt('staff-late@example.com', 'right1', '198.51.100.9'))).status).toBe('OK');
    // Successes are no failures: a whole window of them leaves the address its 30 failures.
    for (let i = 0; i < 40; i++, clock.now += 1_000) expect((await signIn(attempt(`staff${i}@example.com`, 'right1', '198.51.100.9'))).status).toBe('OK');
  });

  it('past 30 failures on one email across addresses, refuses every new address for the window, and still checks the owner from an address it signed in from', async () => {
    const clock = { now: Date.parse('2026-05-05T10:00:00Z') };
    const { signIn, calls } = guarded(clock);
    // The owner signed in from home last week.
    const home = '203.0.113.5';
    expect((await signIn(attempt('target@example.com', 'right1', home))).status).toBe('OK');
    clock.now += 7 * 24 * 3_600_000;
    const attackers = ['198.51.100.10', '198.51.100.11', '198.51.100.12'];
    for (const from of attackers) for (let i = 0; i < 10; i++) await signIn(attempt('target@example.com', 'wrong1', from));
    // Ceiling reached (30): a fresh attacker address gets no guess at all, right or wrong...
    const checked = calls();
    for (const fresh of ['198.51.100.13', '198.51.100.14']) {
      const refused = await refusal(signIn(attempt('target@example.com', 'wrong1', fresh)));
      expect(refused.headers).toEqual({ 'retry-after': String(SIGN_IN_EMAIL_RULE.windowSeconds) });
    }
    await refusal(signIn(attempt('target@example.com', 'right1', '198.51.100.15')));
    expect(calls()).toBe(checked);
    // ...nor does one that failed on it...
    await refusal(signIn(attempt('target@example.com', 'right1', attackers[0]!)));
    // ...while the owner's own address gets its password checked: the owner gets in.
    expect((await signIn(attempt('target@example.com', 'right1', home))).status).toBe('OK');
    // Another email is not touched by this one's ceiling.
    expect((await signIn(attempt('other@example.com', 'right1', '198.51.100.16'))).status).toBe('OK');
    // The window over, a new address is checked again.
    clock.now += SIGN_IN_EMAIL_RULE.windowSeconds * 1000;
    expect((await signIn(attempt('target@example.com', 'right1', '198.51.100.17'))).status).toBe('OK');
  });

  it('books a successful sign-in from a known address in one write, and one from a new address or after failures in two', async () => {
    const clock = { now: Date.parse('2026-05-06T10:00:00Z') };
    const sent: string[] = [];
    const counting = { send: (command: object) => (sent.push(command.constructor.name), db.send(command as never)) } as unknown as TestDynamo['db'];
    const original = (async (input: Input) => ({ status: input.formFields[1]!.value === 'right1' ? 'OK' : 'WRONG_CREDENTIALS_ERROR' })) as unknown as Parameters<typeof guardSignIn>[0];
    const signIn = guardSignIn(original, { db: () => counting, now: () => clock.now, address: async (req) => req.original as string });
    // The first success from an address: reserved, and remembered for the email (beside two reads: its ceiling and known addresses).
    expect((await signIn(attempt('gus@example.com', 'right1', '198.51.100.6'))).status).toBe('OK');
    expect(sent.sort()).toEqual(['GetCommand', 'GetCommand', 'UpdateCommand', 'UpdateCommand']);
    clock.now += IN_FLIGHT_MS;
    sent.length = 0;
    // It was six writes at first, then four (each counter counted, then the take-back and the pair forgotten).
    expect((await signIn(attempt('gus@example.com', 'right1', '198.51.100.6'))).status).toBe('OK');
    expect(sent.sort()).toEqual(['GetCommand', 'GetCommand', 'UpdateCommand']);
    // A failure (once the success is over): counted before, recorded after, and on the email's ceiling.
    clock.now += IN_FLIGHT_MS;
    sent.length = 0;
    expect((await signIn(attempt('gus@example.com', 'wrong1', '198.51.100.6'))).status).toBe('WRONG_CREDENTIALS_ERROR');
    expect(sent.sort()).toEqual(['GetCommand', 'GetCommand', 'UpdateCommand', 'UpdateCommand', 'UpdateCommand']);
    sent.length = 0;
    expect((await signIn(attempt('gus@example.com', 'right1', '198.51.100.6'))).status).toBe('OK');
    // The pair had failed: its failures forgotten.
    expect(sent.sort()).toEqual(['GetCommand', 'GetCommand', 'UpdateCommand', 'UpdateCommand']);
  });
});
