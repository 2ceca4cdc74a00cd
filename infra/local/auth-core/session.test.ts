import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../../functions/lib/dynamo';
import { dynamoService } from '../dynamo';
import { holdPort } from '../ports';
import type { RunningService } from '../service';
import { DEFAULT_CORE_CONFIG } from './config';
import type { CoreDeps } from './deps';
import { createKeyStore } from './jwt-keys';
import { createSession, refreshSession, verifySession } from './session';
import { createStore } from './store';

let dynamo: RunningService;
let deps: CoreDeps;
let now = 1_800_000_000_000;

beforeAll(async () => {
  dynamo = await dynamoService({ port: await holdPort() }).start();
  const store = createStore(createDocumentClient(dynamo.url));
  const clock = () => now;
  deps = { store, clock, config: DEFAULT_CORE_CONFIG, keys: createKeyStore(store, DEFAULT_CORE_CONFIG, clock) };
});
afterAll(async () => {
  deps?.store.db.destroy();
  await dynamo?.stop();
});

const create = (input: Partial<Parameters<typeof createSession>[2]> = {}) =>
  createSession(deps, 'public', { userId: 'u1', userDataInJWT: {}, userDataInDatabase: {}, enableAntiCsrf: false, ...input });

describe('sessions', () => {
  it('checks the anti-CSRF token when the SDK asks for it', async () => {
    const created = await create({ enableAntiCsrf: true });
    const antiCsrfToken = created.antiCsrfToken!;
    expect(antiCsrfToken).toBeTruthy();
    const verify = (token?: string) => verifySession(deps, { accessToken: created.accessToken.token, antiCsrfToken: token, doAntiCsrfCheck: true, enableAntiCsrf: true });
    expect((await verify()).status).toBe('TRY_REFRESH_TOKEN');
    expect((await verify('wrong')).status).toBe('TRY_REFRESH_TOKEN');
    expect((await verify(antiCsrfToken)).status).toBe('OK');

    const refresh = (token?: string) => refreshSession(deps, { refreshToken: created.refreshToken.token, antiCsrfToken: token, enableAntiCsrf: true });
    expect((await refresh()).status).toBe('UNAUTHORISED');
    const refreshed = await refresh(antiCsrfToken);
    expect(refreshed.status).toBe('OK');
    expect('antiCsrfToken' in refreshed && refreshed.antiCsrfToken).not.toBe(antiCsrfToken);
  });

  it('asks for a refresh once the access token expires, and ends with the refresh token', async () => {
    const created = await create();
    const start = now;
    try {
      now = start + 3600 * 1000;
      expect((await verifySession(deps, { accessToken: created.accessToken.token, doAntiCsrfCheck: false, enableAntiCsrf: false })).status).toBe('TRY_REFRESH_TOKEN');
      expect((await refreshSession(deps, { refreshToken: created.refreshToken.token, enableAntiCsrf: false })).status).toBe('OK');
      now = start + DEFAULT_CORE_CONFIG.refreshTokenValidityMinutes * 60_000;
      expect((await refreshSession(deps, { refreshToken: created.refreshToken.token, enableAntiCsrf: false })).status).toBe('UNAUTHORISED');
    } finally {
      now = start;
    }
  });

  it('signs with the static key when the app turns dynamic keys off', async () => {
    const created = await create({ useDynamicSigningKey: false });
    const header = JSON.parse(Buffer.from(created.accessToken.token.split('.')[0]!, 'base64url').toString()) as { kid: string };
    expect(header.kid).toMatch(/^s-/);
  });

  it('refuses an app payload that sets a claim the core owns', async () => {
    await expect(create({ userDataInJWT: { sessionHandle: 'mine' } })).rejects.toThrow('protected field');
  });
});
