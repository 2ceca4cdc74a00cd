import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../../functions/lib/dynamo';
import { dynamoService } from '../dynamo';
import { holdPort } from '../ports';
import type { RunningService } from '../service';
import { createKeyStore } from './jwt-keys';
import { createStore, type Store } from './store';

let dynamo: RunningService;
let store: Store;
beforeAll(async () => {
  dynamo = await dynamoService({ port: await holdPort() }).start();
  store = createStore(createDocumentClient(dynamo.url));
});
afterAll(async () => {
  store?.db.destroy();
  await dynamo?.stop();
});

const HOUR = 3_600_000;
const config = { dynamicSigningKeyIntervalHours: 1, accessTokenValiditySeconds: 60 };
const kids = (jwks: { kid: string }[]) => jwks.map((k) => k.kid);

describe('signing keys', () => {
  it('are made once and shared by every core on the table, and rotate on schedule', async () => {
    let now = 1_800_000_000_000;
    const clock = () => now;
    const a = createKeyStore(store, config, clock);
    const b = createKeyStore(store, config, clock);
    const [first, second] = await Promise.all([a.jwks(now), b.jwks(now)]);
    expect(kids(first!)).toEqual(kids(second!));
    expect(kids(first!).map((k) => k.slice(0, 2))).toEqual(['s-', 'd-']);
    const d1 = (await a.signingKey('dynamic', now)).kid;
    expect((await a.signingKey('static', now)).kid).toMatch(/^s-/);

    now += HOUR;
    const d2 = (await a.signingKey('dynamic', now)).kid;
    expect(d2).not.toBe(d1);
    expect(kids(await a.jwks(now))).toEqual([kids(first!)[0], d1, d2]);
    // The other core learns of the new key when a token names it.
    expect(await b.publicKey(d2)).toBeDefined();

    // d1 stopped signing an hour in; a minute later (the access-token lifetime) nothing it signed is valid.
    now += 61_000;
    const latest = await a.jwks(now);
    expect(kids(latest)).not.toContain(d1);
    expect(kids(latest)).toContain(d2);
    expect(await a.refreshTokenKey()).toEqual(await b.refreshTokenKey());
  });
});
