import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { getAccount as getUserRecord } from './account';
import { trackLogin } from './login-tracking';
import { ensureUserRecord, saveUserRecord } from './user-record';

let dynamo: TestDynamo;
let db: TestDynamo['db'];
const day1 = new Date('2026-03-01T09:00:00Z');
const day2 = new Date('2026-03-02T09:00:00Z');

beforeAll(async () => {
  dynamo = await startTestDynamo();
  db = dynamo.db;
});
afterAll(() => dynamo?.stop());

describe('user records', () => {
  it('saves once; a repeat changes nothing but the name', async () => {
    const first = await saveUserRecord(db, { userId: 'u1', email: 'ada@example.com', name: 'Ada' }, day1);
    expect(first).toEqual({ created: true, user: { userId: 'u1', email: 'ada@example.com', name: 'Ada', createdAt: day1.toISOString(), loginCount: 0 } });
    const again = await saveUserRecord(db, { userId: 'u1', email: 'other@example.com', name: 'Ada L.' }, day2);
    expect(again.created).toBe(false);
    expect(await getUserRecord(db, 'u1')).toEqual({ userId: 'u1', email: 'ada@example.com', name: 'Ada L.', createdAt: day1.toISOString(), loginCount: 0 });
  });

  it('ensures a record exists without touching an existing one', async () => {
    expect((await ensureUserRecord(db, { userId: 'u2', email: 'bo@example.com' }, day1)).created).toBe(true);
    const again = await ensureUserRecord(db, { userId: 'u2', email: 'changed@example.com', name: 'Bo' }, day2);
    expect(again).toEqual({ created: false, user: { userId: 'u2', email: 'bo@example.com', createdAt: day1.toISOString(), loginCount: 0 } });
  });

  it('counts concurrent logins exactly and keeps the last time; no record, no tracking', async () => {
    await ensureUserRecord(db, { userId: 'u3', email: 'cy@example.com' }, day1);
    await Promise.all(Array.from({ length: 8 }, () => trackLogin(db, 'u3', day2)));
    expect(await getUserRecord(db, 'u3')).toMatchObject({ loginCount: 8, lastLoginAt: day2.toISOString() });
    expect(await trackLogin(db, 'nobody', day2)).toBeUndefined();
    expect(await getUserRecord(db, 'nobody')).toBeUndefined();
  });
});
