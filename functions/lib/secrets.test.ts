/**
 * Secrets as a deployed Lambda reads them: from Secrets Manager (here a stand-in speaking its
 * GetSecretValue, reached by the SDK's own endpoint setting), once per cold start.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { secretIdEnvName } from '../../shared/secrets';

let server: Server;
const reads: string[] = [];
let inFlight = 0;
let mostAtOnce = 0;
/** Reads the stand-in waits for before answering any (1: each answered at once). */
let expectedAtOnce = 1;
const held: (() => void)[] = [];
let missing = new Set<string>();
const values: Record<string, unknown> = {
  'voxpen/supertokens': { connectionUri: 'https://core.test', apiKey: 'k' },
  'voxpen/originVerify': { value: 'v' },
  'voxpen/stripe': { secretKey: 'sk', webhookSecret: 'wh' },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const id = (JSON.parse(body) as { SecretId: string }).SecretId;
      reads.push(id);
      mostAtOnce = Math.max(mostAtOnce, ++inFlight);
      const answer = () => {
        inFlight--;
        if (missing.has(id)) res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'gone' }));
        else res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ Name: id, SecretString: JSON.stringify(values[id]) }));
      };
      // Every answer waits until `expectedAtOnce` reads are in flight (or a second has passed): reads
      // sent together all meet here however slow the machine, and reads sent one after another never
      // do. A fixed 30 ms hold let a loaded machine's reads miss each other.
      held.push(answer);
      if (inFlight >= expectedAtOnce) held.splice(0).forEach((release) => release());
      else
        setTimeout(() => {
          const waiting = held.indexOf(answer);
          if (waiting >= 0) held.splice(waiting, 1)[0]!();
        }, 1_000);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise((r) => server.close(r)));
afterEach(() => vi.unstubAllEnvs());

/** A fresh module (a new Lambda) whose environment names these secrets, as the stack sets it. */
async function lambdaWith(names: ('supertokens' | 'originVerify' | 'stripe')[]) {
  reads.length = 0;
  mostAtOnce = 0;
  expectedAtOnce = 1;
  missing = new Set();
  vi.resetModules();
  vi.stubEnv('AWS_ENDPOINT_URL_SECRETS_MANAGER', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
  for (const name of names) vi.stubEnv(secretIdEnvName(name), `voxpen/${name}`);
  return import('./secrets');
}

describe('prefetchSecrets', () => {
  it("reads every secret the function is given at once, and getSecret then reads none again", async () => {
    const { getSecret, prefetchSecrets } = await lambdaWith(['supertokens', 'originVerify', 'stripe']);
    expectedAtOnce = 3;
    prefetchSecrets();
    expect(await getSecret('originVerify')).toEqual({ value: 'v' });
    expect(await getSecret('supertokens')).toEqual(values['voxpen/supertokens']);
    expect(await getSecret('stripe')).toEqual(values['voxpen/stripe']);
    expect(reads.sort()).toEqual(['voxpen/originVerify', 'voxpen/stripe', 'voxpen/supertokens']);
    expect(mostAtOnce).toBe(3);
  });

  it('reads only the secrets named in its environment', async () => {
    const { getSecret, prefetchSecrets } = await lambdaWith(['originVerify']);
    prefetchSecrets();
    await getSecret('originVerify');
    expect(reads).toEqual(['voxpen/originVerify']);
  });

  it('leaves a failed read for the getSecret that needs it, which reads again and sees the error', async () => {
    const { getSecret, prefetchSecrets } = await lambdaWith(['originVerify', 'stripe']);
    missing.add('voxpen/stripe');
    prefetchSecrets();
    await getSecret('originVerify');
    await vi.waitFor(() => expect(reads).toContain('voxpen/stripe'));
    await new Promise((r) => setTimeout(r, 60));
    await expect(getSecret('stripe')).rejects.toThrow();
    expect(reads.filter((id) => id === 'voxpen/stripe')).toHaveLength(2);
  });

  it("starts with the first request a deployed function's origin check lets through, so the session's secret is on its way before the session asks", async () => {
    await lambdaWith(['supertokens', 'originVerify', 'stripe']);
    // The origin secret's read waits alone (its second's limit); the two it starts then meet.
    expectedAtOnce = 2;
    const { cameThroughCloudFront } = await import('./origin-check');
    expect(await cameThroughCloudFront({ headers: { 'x-origin-verify': 'v' } })).toBe(true);
    // Nothing but the check has run: the others were started by it.
    await vi.waitFor(() => expect(reads.sort()).toEqual(['voxpen/originVerify', 'voxpen/stripe', 'voxpen/supertokens']));
    expect(mostAtOnce).toBe(2);
    const { getSecret } = await import('./secrets');
    await getSecret('supertokens');
    await getSecret('stripe');
    expect(reads).toHaveLength(3);
  });

  it('starts nothing for a request without the origin header, or with a wrong one: a caller bypassing CloudFront reads only the origin secret', async () => {
    await lambdaWith(['supertokens', 'originVerify', 'stripe']);
    const { cameThroughCloudFront } = await import('./origin-check');
    expect(await cameThroughCloudFront({ headers: {} })).toBe(false);
    expect(await cameThroughCloudFront({ headers: { 'x-origin-verify': 'wrong' } })).toBe(false);
    await new Promise((r) => setTimeout(r, 60)); // a read started now would have arrived
    expect(reads.filter((id) => id !== 'voxpen/originVerify')).toEqual([]);
    // The first request through CloudFront then starts them.
    expect(await cameThroughCloudFront({ headers: { 'x-origin-verify': 'v' } })).toBe(true);
    await vi.waitFor(() => expect(reads.filter((id) => id !== 'voxpen/originVerify').sort()).toEqual(['voxpen/stripe', 'voxpen/supertokens']));
  });
});
