/**
 * TOTP, as the SuperTokens core keeps it (the TOTP recipe's core calls): a user's devices, each a
 * named secret with its period and skew, unverified until a code from it has been checked once; a
 * code checked against every verified device of the user. As the real core does, a code is refused a
 * second time for as long as it could still be valid (its whole window), and after
 * `totpMaxAttempts` wrong codes in a row the user's checks are refused for `totpCooldownMs` (the
 * core's `totp_max_attempts` and `totp_rate_limit_cooldown_sec`). The codes themselves are computed
 * by `otpauth` (RFC 6238, SHA-1, 6 digits: what authenticator apps expect).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { Secret, TOTP } from 'otpauth';
import { ifConditionHolds } from '../../../functions/lib/dynamo';
import type { CoreDeps } from './deps';
import { deleteItem, getItem, itemKey, ownerKey, putIfAbsent, queryOwner } from './store';

interface DeviceItem {
  pk: string;
  /** In the user's `byOwner` partition: listing, checking a code and deleting the user find every device. */
  ownerKey: string;
  ownerSort: string;
  userId: string;
  name: string;
  /** Base32, as the SDK hands it to the authenticator app. */
  secret: string;
  period: number;
  skew: number;
  verified: boolean;
  createdAt: number;
}

interface FailuresItem {
  pk: string;
  ownerKey: string;
  ownerSort: string;
  count: number;
  lastAt: number;
}

/** 160 bits, RFC 4226's recommended secret length. */
const SECRET_BYTES = 20;

export async function createDevice(deps: CoreDeps, input: { userId: string; deviceName?: string; skew: number; period: number }) {
  const devices = await devicesOf(deps, input.userId);
  // The core names an unnamed device after the count of the user's devices, as "TOTP Device <n>".
  const name = input.deviceName ?? `TOTP Device ${devices.length}`;
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  const written = await putIfAbsent<DeviceItem>(deps.store, {
    pk: itemKey.totpDevice(input.userId, name),
    ownerKey: ownerKey.totpDevicesOf(input.userId),
    ownerSort: name,
    userId: input.userId,
    name,
    secret,
    period: input.period,
    skew: input.skew,
    verified: false,
    createdAt: deps.clock(),
  });
  if (!written) return { status: 'DEVICE_ALREADY_EXISTS_ERROR' as const };
  return { status: 'OK' as const, deviceName: name, secret };
}

export async function listDevices(deps: CoreDeps, userId: string) {
  const devices = await devicesOf(deps, userId);
  return { status: 'OK' as const, devices: devices.map((d) => ({ name: d.name, period: d.period, skew: d.skew, verified: d.verified })) };
}

export async function renameDevice(deps: CoreDeps, input: { userId: string; existingDeviceName: string; newDeviceName: string }) {
  const device = await getItem<DeviceItem>(deps.store, itemKey.totpDevice(input.userId, input.existingDeviceName));
  if (!device) return { status: 'UNKNOWN_DEVICE_ERROR' as const };
  const moved = await putIfAbsent<DeviceItem>(deps.store, { ...device, pk: itemKey.totpDevice(input.userId, input.newDeviceName), name: input.newDeviceName, ownerSort: input.newDeviceName });
  if (!moved) return { status: 'DEVICE_ALREADY_EXISTS_ERROR' as const };
  await deleteItem(deps.store, device.pk);
  return { status: 'OK' as const };
}

export async function removeDevice(deps: CoreDeps, input: { userId: string; deviceName: string }) {
  const removed = await deleteItem<DeviceItem>(deps.store, itemKey.totpDevice(input.userId, input.deviceName));
  return { status: 'OK' as const, didDeviceExist: removed !== undefined };
}

/** Checks a code from one device and, when it is right, marks the device verified. */
export async function verifyDevice(deps: CoreDeps, input: { userId: string; deviceName: string; totp: string }) {
  const device = await getItem<DeviceItem>(deps.store, itemKey.totpDevice(input.userId, input.deviceName));
  if (!device) return { status: 'UNKNOWN_DEVICE_ERROR' as const };
  const outcome = await check(deps, input.userId, [device], input.totp);
  if (outcome.status !== 'OK') return outcome;
  if (!device.verified) await deps.store.db.send(new PutCommand({ TableName: deps.store.table, Item: { ...device, verified: true } }));
  return { status: 'OK' as const, wasAlreadyVerified: device.verified };
}

/** Checks a code against the user's verified devices; a user without one is unknown here, as in the core. */
export async function verifyCode(deps: CoreDeps, input: { userId: string; totp: string }) {
  const devices = (await devicesOf(deps, input.userId)).filter((d) => d.verified);
  if (devices.length === 0) return { status: 'UNKNOWN_USER_ID_ERROR' as const };
  const outcome = await check(deps, input.userId, devices, input.totp);
  return outcome.status === 'OK' ? { status: 'OK' as const } : outcome;
}

/** Removes every device and mark of the user (the user's deletion). */
export async function forgetTotp(deps: CoreDeps, userId: string): Promise<void> {
  for (const item of await queryOwner<{ pk: string }>(deps.store, ownerKey.totpDevicesOf(userId))) await deleteItem(deps.store, item.pk);
  for (const item of await queryOwner<{ pk: string }>(deps.store, ownerKey.totpMarksOf(userId))) await deleteItem(deps.store, item.pk);
}

async function devicesOf(deps: CoreDeps, userId: string): Promise<DeviceItem[]> {
  return queryOwner<DeviceItem>(deps.store, ownerKey.totpDevicesOf(userId));
}

type CheckOutcome =
  | { status: 'OK' }
  | { status: 'INVALID_TOTP_ERROR'; currentNumberOfFailedAttempts: number; maxNumberOfFailedAttempts: number }
  | { status: 'LIMIT_REACHED_ERROR'; retryAfterMs: number };

async function check(deps: CoreDeps, userId: string, devices: DeviceItem[], code: string): Promise<CheckOutcome> {
  const now = deps.clock();
  const { totpMaxAttempts: max, totpCooldownMs: cooldown } = deps.config;
  const failures = await getItem<FailuresItem>(deps.store, itemKey.totpFailures(userId));
  if (failures && failures.count >= max && now - failures.lastAt < cooldown) return { status: 'LIMIT_REACHED_ERROR', retryAfterMs: failures.lastAt + cooldown - now };
  const matching = devices.find((d) => TOTP.validate({ token: code, secret: Secret.fromBase32(d.secret), digits: 6, period: d.period, timestamp: now, window: d.skew }) !== null);
  // A right code is spent for as long as any device could still accept it: its period on each side of the skew.
  if (matching && (await spendCode(deps, userId, code, now + (2 * matching.skew + 1) * matching.period * 1000))) {
    await deleteItem(deps.store, itemKey.totpFailures(userId));
    return { status: 'OK' };
  }
  const count = failures && now - failures.lastAt < cooldown ? failures.count + 1 : 1;
  await deps.store.db.send(
    new PutCommand({
      TableName: deps.store.table,
      Item: { pk: itemKey.totpFailures(userId), ownerKey: ownerKey.totpMarksOf(userId), ownerSort: 'failures', count, lastAt: now } satisfies FailuresItem,
    }),
  );
  if (count >= max) return { status: 'LIMIT_REACHED_ERROR', retryAfterMs: cooldown };
  return { status: 'INVALID_TOTP_ERROR', currentNumberOfFailedAttempts: count, maxNumberOfFailedAttempts: max };
}

/** Records a used code; false when it was used already and is still within its window. */
async function spendCode(deps: CoreDeps, userId: string, code: string, expiresAtMs: number): Promise<boolean> {
  const pk = itemKey.totpUsedCode(userId, code);
  const now = deps.clock();
  const written = await ifConditionHolds(
    deps.store.db.send(
      new PutCommand({
        TableName: deps.store.table,
        Item: { pk, ownerKey: ownerKey.totpMarksOf(userId), ownerSort: `used#${code}`, expiresAt: Math.ceil(expiresAtMs / 1000) },
        // An expired mark that TTL has not removed yet no longer counts (readers treat a past expiresAt as absent).
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
        ExpressionAttributeValues: { ':now': Math.floor(now / 1000) },
      }),
    ),
  );
  return written !== undefined;
}
