/**
 * One item per address in the `rateLimits` table, holding what the sign-in guard (functions/auth/sign-in-guard.ts)
 * needs about that address's password checks:
 *
 * - `ws`: when its failure window started (its first failure since the last window ended), seconds;
 * - `failures`: its failed checks in that window, across emails;
 * - `f_<email hash>`: its failed checks on one email in that window (the pair);
 * - `q0`..`q7`: a ring of string sets, one per 10-second slot, of the checks started from it, each
 *   member `<email hash>.<started at ms>.<nonce>`.
 *
 * Why this shape (one write for a successful sign-in): a check must be counted before the
 * password is checked, or parallel guesses slip past the limits; a successful check must not stay
 * counted, or an office behind one address locks itself out. Counting first and taking back after
 * costs two writes per success. Here a check is counted as *in flight* (a set member) and stops
 * counting by itself once it can no longer be running: the function's timeout (a check refused before
 * it runs is taken out at once). So a success writes
 * once (its reservation), a failure twice (the reservation, then the failure), and a success after
 * failures on its pair twice (the pair forgotten). The price, written down: a successful check holds
 * its address's place for up to FUNCTION_TIMEOUT_SECONDS, so the 31st sign-in started from one address
 * within those seconds waits them out.
 *
 * Failures live in a window that starts at the first failure (as a fixed-window counter's does), kept
 * on the same item: a window that has ended is read as empty, and the next failure starts a new one,
 * dropping the old counts. Each reservation empties the ring's slots other than the current and the
 * one before, and a slot holds a bounded number of members (a flood past twice the address limit is
 * refused by the condition and writes nothing), so the item stays small; DynamoDB's TTL removes it
 * once the address has been quiet for a window. Emails and addresses are hashed, as in every
 * rate-limit key.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes } from 'node:crypto';
import { FUNCTION_TIMEOUT_SECONDS } from '../../shared/routes';
import { tableName } from '../../shared/tables';
import { isConditionFailure } from './dynamo';
import { rateLimitKey, type RateLimitRule } from './rate-limit';

// Its own scope: the counter the design before this one kept under `signin-address` had another shape.
export const SIGN_IN_ADDRESS_RULE: RateLimitRule = { scope: 'signin-checks', limit: 30, windowSeconds: 15 * 60 };
/** Kept on the address's item, so in the address's window: only its limit is its own. */
export const SIGN_IN_PAIR_RULE: RateLimitRule = { ...SIGN_IN_ADDRESS_RULE, limit: 10 };

/** How long a started check may still be running, so counts as in flight: the function's timeout. */
export const IN_FLIGHT_MS = FUNCTION_TIMEOUT_SECONDS * 1000;
const SLOT_MS = IN_FLIGHT_MS;
const NO_EMAIL = '-';
/**
 * Checks one slot may hold. Past the address limit a check is already refused (by the counts it
 * sees); past this a flood is refused without a write, so the item cannot grow with it.
 */
const FLOOD_MEMBERS = 2 * SIGN_IN_ADDRESS_RULE.limit;

/** The email's part of attribute names and set members: 72 bits of its hash, enough not to collide. */
export const emailTag = (email: string | undefined) => (email ? createHash('sha256').update(email).digest('base64url').slice(0, 12) : NO_EMAIL);
/** The attribute holding one email's failures from the address in its window. */
export const pairAttribute = (email: string) => `f_${emailTag(email)}`;

/**
 * Slots in the ring. A reservation reads its own slot and the ones either side (a check stamped
 * just before a slot's end may be written after checks stamped just after it), and empties the rest,
 * so the stamps of checks written at the same time must be less than a slot apart.
 */
const RING = 8;
const slotAttribute = (slot: number) => `q${((slot % RING) + RING) % RING}`;
const WINDOW_MS = SIGN_IN_ADDRESS_RULE.windowSeconds * 1000;
const addressKey = (address: string) => rateLimitKey(SIGN_IN_ADDRESS_RULE, address);
const table = () => tableName('rateLimits');

/** Counts of the address's checks, and of its pair with the email, at the time of a reservation. */
export interface CheckCounts {
  failures: number;
  inFlight: number;
  /** When the oldest of those checks in flight stops counting, epoch ms (a refusal for checks in flight lasts until then). */
  inFlightClearsAt: number;
}

export interface Reservation {
  key: string;
  at: number;
  /** The failure window the reservation saw, if one was running (epoch seconds it started). */
  windowStart: number | undefined;
  /** Pair attributes of a window that has ended: dropped when the next failure starts a new one. */
  stalePairs: string[];
  slot: string;
  member: string;
  pairAttribute: string | undefined;
  address: CheckCounts;
  pair: CheckCounts;
}

/** When a reservation's failure window ends, epoch ms: a refusal for failures lasts until then. */
export const windowEndsAt = (r: Reservation) => (r.windowStart ?? r.at / 1000) * 1000 + WINDOW_MS;

type ReserveOutcome = { reserved: true; reservation: Reservation } | { reserved: false; retryAfterSeconds: number };

/**
 * Counts one check about to start, in one conditional update, and returns the counts it now sees
 * (this check included). Refused without a write in a flood (FLOOD_MEMBERS).
 */
export async function reserveCheck(db: DynamoDBDocumentClient, attempt: { email: string | undefined; address: string; at: number }): Promise<ReserveOutcome> {
  const { at } = attempt;
  const slot = Math.floor(at / SLOT_MS);
  const tag = emailTag(attempt.email);
  const member = `${tag}.${at}.${randomBytes(6).toString('base64url')}`;
  const emptied = Array.from({ length: RING - 3 }, (_, i) => slotAttribute(slot + 2 + i));
  const names: Record<string, string> = { '#slot': slotAttribute(slot) };
  emptied.forEach((name, i) => (names[`#old${i}`] = name));
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { key: addressKey(attempt.address) },
        UpdateExpression: `ADD #slot :member SET expiresAt = :end REMOVE ${emptied.map((_, i) => `#old${i}`).join(', ')}`,
        ConditionExpression: 'attribute_not_exists(#slot) OR size(#slot) < :flood',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':member': new Set([member]), ':end': Math.ceil((at + WINDOW_MS + IN_FLIGHT_MS) / 1000), ':flood': FLOOD_MEMBERS },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const item = out.Attributes ?? {};
    const live = [slotAttribute(slot - 1), slotAttribute(slot), slotAttribute(slot + 1)]
      .flatMap((name) => [...((item[name] as Set<string> | undefined) ?? [])])
      .map((m) => ({ tag: m.split('.')[0], startedAt: Number(m.split('.')[1]) }))
      .filter((m) => m.startedAt > at - IN_FLIGHT_MS && m.startedAt <= at + IN_FLIGHT_MS);
    // A window runs from its start for WINDOW_MS (a start in the future, another clock's, runs from now).
    const windowStart = typeof item.ws === 'number' && item.ws * 1000 + WINDOW_MS > at ? Math.min(item.ws, Math.floor(at / 1000)) : undefined;
    const counted = (name: string | undefined) => (windowStart !== undefined && name ? Number(item[name] ?? 0) : 0);
    const pair = attempt.email ? pairAttribute(attempt.email) : undefined;
    const pairLive = pair ? live.filter((m) => m.tag === tag) : [];
    const clearsAt = (checks: { startedAt: number }[]) => Math.min(...checks.map((m) => m.startedAt)) + IN_FLIGHT_MS;
    return {
      reserved: true,
      reservation: {
        key: addressKey(attempt.address),
        at,
        windowStart,
        stalePairs: windowStart === undefined ? Object.keys(item).filter((name) => name.startsWith('f_')) : [],
        slot: slotAttribute(slot),
        member,
        pairAttribute: pair,
        address: { failures: counted('failures'), inFlight: live.length, inFlightClearsAt: clearsAt(live) },
        pair: { failures: counted(pair), inFlight: pairLive.length, inFlightClearsAt: clearsAt(pairLive) },
      },
    };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Its slot full: the slot's checks stop counting within two slots. Should the address also be past
    // its failures, the check after that is refused again, then until the window ends.
    return { reserved: false, retryAfterSeconds: 2 * FUNCTION_TIMEOUT_SECONDS };
  }
}

/**
 * A failed check: counted for the address and its pair, and no longer in flight. One write: into the
 * running window, or starting a new one when none runs (another failure may start it first: then
 * into that one).
 */
export async function recordFailure(db: DynamoDBDocumentClient, r: Reservation): Promise<void> {
  const cutoff = Math.floor((r.at - WINDOW_MS) / 1000);
  const pair: Record<string, string> = r.pairAttribute ? { '#pair': r.pairAttribute } : {};
  const common = { TableName: table(), Key: { key: r.key } };
  const values = { ':one': 1, ':member': new Set([r.member]), ':cutoff': cutoff };
  const intoRunning = () =>
    db.send(
      new UpdateCommand({
        ...common,
        UpdateExpression: `ADD failures :one${r.pairAttribute ? ', #pair :one' : ''} DELETE #slot :member`,
        ConditionExpression: 'ws > :cutoff',
        ExpressionAttributeNames: { '#slot': r.slot, ...pair },
        ExpressionAttributeValues: values,
      }),
    );
  const stale = r.stalePairs.filter((name) => name !== r.pairAttribute);
  const startingNew = () =>
    db.send(
      new UpdateCommand({
        ...common,
        UpdateExpression: `SET ws = :now, failures = :one${r.pairAttribute ? ', #pair = :one' : ''}${stale.length ? ` REMOVE ${stale.map((_, i) => `#stale${i}`).join(', ')}` : ''} DELETE #slot :member`,
        ConditionExpression: 'attribute_not_exists(ws) OR ws <= :cutoff',
        ExpressionAttributeNames: { '#slot': r.slot, ...pair, ...Object.fromEntries(stale.map((name, i) => [`#stale${i}`, name])) },
        ExpressionAttributeValues: { ...values, ':now': Math.floor(r.at / 1000) },
      }),
    );
  const order = r.windowStart === undefined ? [startingNew, intoRunning] : [intoRunning, startingNew];
  for (let attempt = 0; attempt < 2; attempt++) {
    for (const write of order) {
      try {
        await write();
        return;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
  }
  throw new Error('sign-in failures: the window kept changing under us');
}

/** A check refused before it ran: no longer counted in flight. One write, on the refusal's path only. */
export async function releaseCheck(db: DynamoDBDocumentClient, r: Reservation): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: { key: r.key },
      UpdateExpression: 'DELETE #slot :member',
      ExpressionAttributeNames: { '#slot': r.slot },
      ExpressionAttributeValues: { ':member': new Set([r.member]) },
    }),
  );
}

/** A success after failures on its pair: those are forgotten, and the check is no longer in flight. One write. */
export async function forgetPairFailures(db: DynamoDBDocumentClient, r: Reservation): Promise<void> {
  if (!r.pairAttribute) return;
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: { key: r.key },
      UpdateExpression: 'REMOVE #pair DELETE #slot :member',
      ExpressionAttributeNames: { '#pair': r.pairAttribute, '#slot': r.slot },
      ExpressionAttributeValues: { ':member': new Set([r.member]) },
    }),
  );
}

/**
 * An email's traces on an address's item, forgotten (its account deleted): its failures from there,
 * and its checks still in the ring (hashed, but the email's); the address's own count stays.
 */
export async function forgetPairOf(db: DynamoDBDocumentClient, email: string, address: string): Promise<void> {
  const key = addressKey(address);
  const item = (await db.send(new GetCommand({ TableName: table(), Key: { key }, ConsistentRead: true }))).Item;
  if (!item) return;
  const tag = `${emailTag(email)}.`;
  const slots = Object.entries(item)
    .filter((entry): entry is [string, Set<string>] => entry[1] instanceof Set)
    .map(([name, members]) => ({ name, members: [...members].filter((m) => m.startsWith(tag)) }))
    .filter((slot) => slot.members.length > 0);
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { key },
        UpdateExpression: `REMOVE #pair${slots.length ? ` DELETE ${slots.map((_, i) => `#s${i} :s${i}`).join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(#key)',
        ExpressionAttributeNames: { '#pair': pairAttribute(email), '#key': 'key', ...Object.fromEntries(slots.map((slot, i) => [`#s${i}`, slot.name])) },
        ...(slots.length ? { ExpressionAttributeValues: Object.fromEntries(slots.map((slot, i) => [`:s${i}`, new Set(slot.members)])) } : {}),
      }),
    );
  } catch (error) {
    // Gone meanwhile (TTL): nothing to forget.
    if (!isConditionFailure(error)) throw error;
  }
}

/** The item holding an address's checks (for tests). */
export const addressChecksKey = addressKey;
