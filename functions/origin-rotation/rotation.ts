/**
 * The scheduled rotation of the origin secret CloudFront sends to the API (AWS's pattern
 * "Enhance CloudFront origin security with AWS WAF and Secrets Manager", with the product Lambdas as the
 * checkers): Secrets Manager calls the rotation function once per step, createSecret, setSecret,
 * testSecret, finishSecret, each with the new version's id (its ClientRequestToken), and retries a
 * failed rotation from the start, so every step is safe to run again.
 *
 * The value CloudFront is switched to is never news to a warm Lambda: each rotation makes CloudFront send
 * the `next` value the previous rotation already put in AWSCURRENT (a rotation period ago, and every
 * Lambda re-reads the secret within minutes, functions/lib/origin-check.ts), keeps the value CloudFront
 * sent until now as `previous` (edges still catching up with the distribution's change send it), and
 * draws a new `next`. A secret without `next` (the stack's first, or one rotated by hand) only gets a
 * `next` and keeps sending its value, so the rotation after that is the first that switches.
 */

import type { OriginSecret } from '../lib/origin-check';

export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';
export const ROTATION_STEPS: readonly RotationStep[] = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'];

/** The secret's versions, as the rotation needs them (Secrets Manager deployed, a map in tests). */
export interface SecretVersions {
  /** Whether rotation is on, and each version id with its staging labels. */
  describe(): Promise<{ rotationEnabled: boolean; stages: Record<string, readonly string[]> }>;
  /** A version's text by stage (and id): undefined when no version has it (AWSPENDING before createSecret). */
  read(stage: 'AWSCURRENT' | 'AWSPENDING', versionId?: string): Promise<string | undefined>;
  /** Stores the new version's text under AWSPENDING. */
  putPending(versionId: string, text: string): Promise<void>;
  /** Moves AWSCURRENT from one version to another (AWSPREVIOUS follows, as Secrets Manager does). */
  makeCurrent(versionId: string, fromVersionId: string): Promise<void>;
}

/** The origin header the distribution sends to the API (CloudFront deployed, a variable in tests). */
export interface OriginHeader {
  /** The value in the distribution's configuration now; undefined when no origin has the header. */
  read(): Promise<string | undefined>;
  /** Sets the header's value, changing nothing else of the distribution. */
  write(value: string): Promise<void>;
}

export interface RotationDeps {
  secret: SecretVersions;
  origin: OriginHeader;
  /** A new unguessable value (deployed: 32 random bytes, base64url). */
  random: () => string;
}

/** Outcomes after which the step has done its work; any other fails the invocation (and so the rotation). */
const DONE_STATUSES = ['CREATED', 'ALREADY_CREATED', 'ORIGIN_UPDATED', 'ORIGIN_ALREADY_SET', 'TESTED', 'PROMOTED', 'ALREADY_CURRENT'] as const;

export type RotationOutcome =
  | { status: (typeof DONE_STATUSES)[number] }
  | { status: 'ROTATION_DISABLED' | 'UNKNOWN_VERSION' | 'NOT_PENDING' | 'NO_PENDING_VALUE' | 'NO_ORIGIN_HEADER' | 'ORIGIN_NOT_SET' | 'NO_CURRENT_VERSION' };

export const DONE: ReadonlySet<RotationOutcome['status']> = new Set(DONE_STATUSES);

/** Reads the secret's JSON; the error names what is wrong, never the value. */
export function parseOriginSecret(text: string): OriginSecret {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (typeof parsed.value !== 'string' || parsed.value === '') throw new Error('The origin secret has no value');
  for (const key of ['previous', 'next'] as const) {
    if (parsed[key] !== undefined && typeof parsed[key] !== 'string') throw new Error(`The origin secret's ${key} is not a string`);
  }
  return parsed as unknown as OriginSecret;
}

/** The version a rotation creates from the current one (see the file's comment). */
export function nextOriginSecret(current: OriginSecret, random: () => string): OriginSecret {
  if (current.next) return { value: current.next, previous: current.value, next: random() };
  return { value: current.value, ...(current.previous ? { previous: current.previous } : {}), next: random() };
}

/** Runs one rotation step for the version `token`. */
export async function rotate(step: RotationStep, token: string, deps: RotationDeps): Promise<RotationOutcome> {
  // As AWS's rotation template: only a version Secrets Manager marked AWSPENDING is rotated to, and one
  // already AWSCURRENT means an earlier run finished.
  const { rotationEnabled, stages } = await deps.secret.describe();
  if (!rotationEnabled) return { status: 'ROTATION_DISABLED' };
  const labels = stages[token];
  if (!labels) return { status: 'UNKNOWN_VERSION' };
  if (labels.includes('AWSCURRENT')) return { status: 'ALREADY_CURRENT' };
  if (!labels.includes('AWSPENDING')) return { status: 'NOT_PENDING' };

  switch (step) {
    case 'createSecret':
      return createSecret(token, deps);
    case 'setSecret':
      return setSecret(token, deps);
    case 'testSecret':
      return testSecret(token, deps);
    case 'finishSecret':
      return finishSecret(token, stages, deps);
  }
}

async function createSecret(token: string, { secret, random }: RotationDeps): Promise<RotationOutcome> {
  const currentText = await secret.read('AWSCURRENT');
  if (currentText === undefined) return { status: 'NO_CURRENT_VERSION' };
  if ((await secret.read('AWSPENDING', token)) !== undefined) return { status: 'ALREADY_CREATED' };
  await secret.putPending(token, JSON.stringify(nextOriginSecret(parseOriginSecret(currentText), random)));
  return { status: 'CREATED' };
}

async function pendingValue(token: string, secret: SecretVersions): Promise<string | undefined> {
  const text = await secret.read('AWSPENDING', token);
  return text === undefined ? undefined : parseOriginSecret(text).value;
}

async function setSecret(token: string, { secret, origin }: RotationDeps): Promise<RotationOutcome> {
  const value = await pendingValue(token, secret);
  if (value === undefined) return { status: 'NO_PENDING_VALUE' };
  const sent = await origin.read();
  if (sent === undefined) return { status: 'NO_ORIGIN_HEADER' };
  if (sent === value) return { status: 'ORIGIN_ALREADY_SET' };
  await origin.write(value);
  return { status: 'ORIGIN_UPDATED' };
}

/**
 * The distribution must send the pending value before it becomes current: a deploy that wrote the
 * distribution in between (resolving the secret's AWSCURRENT) fails the test, and Secrets Manager's retry
 * sets it again.
 */
async function testSecret(token: string, { secret, origin }: RotationDeps): Promise<RotationOutcome> {
  const value = await pendingValue(token, secret);
  if (value === undefined) return { status: 'NO_PENDING_VALUE' };
  return (await origin.read()) === value ? { status: 'TESTED' } : { status: 'ORIGIN_NOT_SET' };
}

async function finishSecret(token: string, stages: Record<string, readonly string[]>, { secret }: RotationDeps): Promise<RotationOutcome> {
  const current = Object.entries(stages).find(([, labels]) => labels.includes('AWSCURRENT'))?.[0];
  if (!current) return { status: 'NO_CURRENT_VERSION' };
  await secret.makeCurrent(token, current);
  return { status: 'PROMOTED' };
}
