/**
 * The origin secret's scheduled rotation, its four steps against an in-memory Secrets Manager
 * (versions and staging labels, as the service keeps them) and an in-memory distribution header; and that
 * a warm Lambda, holding what it read before the rotation, accepts every value CloudFront sends during and
 * after it, so a rotation causes no 403.
 */
import { describe, expect, it } from 'vitest';
import { carriesOriginSecret } from '../lib/origin-check';
import { nextOriginSecret, parseOriginSecret, rotate, ROTATION_STEPS, type OriginHeader, type RotationDeps, type SecretVersions } from './rotation';

/** Secrets Manager as the rotation sees it: a rotation starts with the new version labelled AWSPENDING and no value yet. */
class MemorySecret implements SecretVersions {
  rotationEnabled = true;
  values = new Map<string, string | undefined>();
  stages = new Map<string, string[]>();
  constructor(initial: object) {
    this.values.set('v0', JSON.stringify(initial));
    this.stages.set('v0', ['AWSCURRENT']);
  }
  /** What RotateSecret does before it calls the function: a new version id, labelled AWSPENDING. */
  startRotation(token: string) {
    for (const labels of this.stages.values()) if (labels.includes('AWSPENDING')) labels.splice(labels.indexOf('AWSPENDING'), 1);
    this.stages.set(token, ['AWSPENDING']);
  }
  current(): Record<string, string> {
    const [id] = [...this.stages].find(([, labels]) => labels.includes('AWSCURRENT'))!;
    return JSON.parse(this.values.get(id)!);
  }
  async describe() {
    return { rotationEnabled: this.rotationEnabled, stages: Object.fromEntries(this.stages) };
  }
  async read(stage: 'AWSCURRENT' | 'AWSPENDING', versionId?: string) {
    const id = [...this.stages].find(([vid, labels]) => labels.includes(stage) && (versionId === undefined || vid === versionId))?.[0];
    return id === undefined ? undefined : this.values.get(id);
  }
  async putPending(versionId: string, text: string) {
    this.values.set(versionId, text);
    this.stages.set(versionId, [...new Set([...(this.stages.get(versionId) ?? []), 'AWSPENDING'])]);
  }
  async makeCurrent(versionId: string, fromVersionId: string) {
    for (const labels of this.stages.values()) if (labels.includes('AWSPREVIOUS')) labels.splice(labels.indexOf('AWSPREVIOUS'), 1);
    this.stages.set(fromVersionId, ['AWSPREVIOUS']);
    this.stages.set(versionId, [...this.stages.get(versionId)!.filter((l) => l !== 'AWSPENDING'), 'AWSCURRENT']);
  }
}

/** The distribution's origin header, and every value it was ever set to. */
class MemoryOrigin implements OriginHeader {
  writes: string[] = [];
  constructor(public value: string | undefined) {}
  async read() {
    return this.value;
  }
  async write(value: string) {
    this.value = value;
    this.writes.push(value);
  }
}

function setup(initial: object, sent: string | undefined) {
  const secret = new MemorySecret(initial);
  const origin = new MemoryOrigin(sent);
  let n = 0;
  const deps: RotationDeps = { secret, origin, random: () => `random-value-${++n}` };
  return { secret, origin, deps };
}

async function fullRotation(secret: MemorySecret, deps: RotationDeps, token: string) {
  secret.startRotation(token);
  const outcomes = [];
  for (const step of ROTATION_STEPS) outcomes.push((await rotate(step, token, deps)).status);
  return outcomes;
}

describe('nextOriginSecret', () => {
  it("switches to the value staged as next, keeps the one sent until now as previous, and stages a new next", () => {
    expect(nextOriginSecret({ value: 'a', previous: 'z', next: 'b' }, () => 'c')).toEqual({ value: 'b', previous: 'a', next: 'c' });
  });

  it('only stages a next when none was staged (the stack-made secret, or one put by hand): CloudFront keeps its value', () => {
    expect(nextOriginSecret({ value: 'a' }, () => 'b')).toEqual({ value: 'a', next: 'b' });
    expect(nextOriginSecret({ value: 'a', previous: 'z' }, () => 'b')).toEqual({ value: 'a', previous: 'z', next: 'b' });
  });
});

describe('parseOriginSecret', () => {
  it('refuses a secret without a value, naming the field and never the value', () => {
    expect(() => parseOriginSecret('{"next":"s3cr3t"}')).toThrow(/no value/);
    expect(() => parseOriginSecret('{"value":"a","next":7}')).toThrow(/next is not a string/);
    try {
      parseOriginSecret('{"value":"","previous":"s3cr3t"}');
    } catch (error) {
      expect(String(error)).not.toContain('s3cr3t');
    }
  });
});

describe('a scheduled rotation', () => {
  it('first stages a next value and leaves CloudFront alone; the rotation after switches CloudFront to it', async () => {
    const { secret, origin, deps } = setup({ value: 'stack-made' }, 'stack-made');
    expect(await fullRotation(secret, deps, 'r1')).toEqual(['CREATED', 'ORIGIN_ALREADY_SET', 'TESTED', 'PROMOTED']);
    expect(secret.current()).toEqual({ value: 'stack-made', next: 'random-value-1' });
    expect(origin.writes).toEqual([]);

    expect(await fullRotation(secret, deps, 'r2')).toEqual(['CREATED', 'ORIGIN_UPDATED', 'TESTED', 'PROMOTED']);
    expect(secret.current()).toEqual({ value: 'random-value-1', previous: 'stack-made', next: 'random-value-2' });
    expect(origin.writes).toEqual(['random-value-1']);
    expect(secret.stages.get('r2')).toEqual(['AWSCURRENT']);
    expect(secret.stages.get('r1')).toEqual(['AWSPREVIOUS']);

    // The value before that is retired: the distribution sent it two rotations ago.
    await fullRotation(secret, deps, 'r3');
    expect(secret.current()).toEqual({ value: 'random-value-2', previous: 'random-value-1', next: 'random-value-3' });
    expect(origin.value).toBe('random-value-2');
  });

  it('causes no 403: a warm Lambda holding the secret as it was before the rotation accepts every value CloudFront sends', async () => {
    const { secret, origin, deps } = setup({ value: 'v-a' }, 'v-a');
    await fullRotation(secret, deps, 'r1');
    // Within minutes of that rotation every warm Lambda holds this (MAX_AGE_MS in functions/lib/origin-check.ts).
    const heldByLambda = secret.current() as { value: string; next?: string };
    const sentDuringRotation: string[] = [origin.value!];
    secret.startRotation('r2');
    for (const step of ROTATION_STEPS) {
      await rotate(step, 'r2', deps);
      sentDuringRotation.push(origin.value!);
    }
    expect(new Set(sentDuringRotation)).toEqual(new Set(['v-a', 'random-value-1']));
    for (const sent of sentDuringRotation) expect(carriesOriginSecret(sent, heldByLambda), sent).toBe(true);
    // And a Lambda that reads the secret after the rotation accepts both what edges not yet updated send and the new value.
    for (const sent of sentDuringRotation) expect(carriesOriginSecret(sent, secret.current() as { value: string }), sent).toBe(true);
  });

  it('is safe to run again: each step repeated (as Secrets Manager retries) changes nothing more', async () => {
    const { secret, origin, deps } = setup({ value: 'a', next: 'b' }, 'a');
    secret.startRotation('r1');
    expect((await rotate('createSecret', 'r1', deps)).status).toBe('CREATED');
    const pending = secret.values.get('r1');
    expect((await rotate('createSecret', 'r1', deps)).status).toBe('ALREADY_CREATED');
    expect(secret.values.get('r1')).toBe(pending);
    expect((await rotate('setSecret', 'r1', deps)).status).toBe('ORIGIN_UPDATED');
    expect((await rotate('setSecret', 'r1', deps)).status).toBe('ORIGIN_ALREADY_SET');
    expect(origin.writes).toEqual(['b']);
    expect((await rotate('finishSecret', 'r1', deps)).status).toBe('PROMOTED');
    for (const step of ROTATION_STEPS) expect((await rotate(step, 'r1', deps)).status, step).toBe('ALREADY_CURRENT');
  });

  it('fails the test step when the distribution does not send the pending value (a deploy wrote it back), so the rotation is retried', async () => {
    const { secret, origin, deps } = setup({ value: 'a', next: 'b' }, 'a');
    secret.startRotation('r1');
    await rotate('createSecret', 'r1', deps);
    await rotate('setSecret', 'r1', deps);
    origin.value = 'a';
    expect((await rotate('testSecret', 'r1', deps)).status).toBe('ORIGIN_NOT_SET');
    // The retry sets it again, and then the test passes.
    expect((await rotate('setSecret', 'r1', deps)).status).toBe('ORIGIN_UPDATED');
    expect((await rotate('testSecret', 'r1', deps)).status).toBe('TESTED');
  });

  it('refuses to rotate with rotation off, to a version not pending or unknown, or with no origin header to set', async () => {
    const off = setup({ value: 'a' }, 'a');
    off.secret.startRotation('r1');
    off.secret.rotationEnabled = false;
    expect((await rotate('createSecret', 'r1', off.deps)).status).toBe('ROTATION_DISABLED');

    const { secret, deps } = setup({ value: 'a' }, 'a');
    expect((await rotate('createSecret', 'nope', deps)).status).toBe('UNKNOWN_VERSION');
    secret.stages.set('stale', ['AWSPREVIOUS']);
    expect((await rotate('createSecret', 'stale', deps)).status).toBe('NOT_PENDING');
    secret.startRotation('r1');
    expect((await rotate('setSecret', 'r1', deps)).status).toBe('NO_PENDING_VALUE');

    const headerless = setup({ value: 'a', next: 'b' }, undefined);
    headerless.secret.startRotation('r1');
    await rotate('createSecret', 'r1', headerless.deps);
    expect((await rotate('setSecret', 'r1', headerless.deps)).status).toBe('NO_ORIGIN_HEADER');
    expect(headerless.origin.writes).toEqual([]);
  });
});
