import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '../../shared/tables';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { hashHandoffCode, HANDOFF_CODE_TTL_SECONDS, issueHandoffCode, redeemHandoffCode, s256Challenge } from './handoff-codes';

let dynamo: TestDynamo;
const owner = { userId: 'u-1', recipeUserId: 'u-1', sessionHandle: 'session-1' };
// RFC 7636 Appendix B: this verifier and its S256 challenge.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const grant = { ...owner, codeChallenge: CHALLENGE };
const t0 = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

describe('PKCE S256', () => {
  it("computes RFC 7636's own example", () => {
    expect(s256Challenge(VERIFIER)).toBe(CHALLENGE);
  });
});

describe('desktop handoff codes', () => {
  it('issues a 32-byte base64url code and stores only its hash, with the S256 challenge, expiring in a minute', async () => {
    const code = await issueHandoffCode(dynamo.db, grant, t0);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { Item } = await dynamo.db.send(new GetCommand({ TableName: localTableName('handoffCodes'), Key: { codeHash: hashHandoffCode(code) } }));
    expect(Item).toEqual({ codeHash: hashHandoffCode(code), ...owner, codeChallenge: CHALLENGE, codeChallengeMethod: 'S256', expiresAt: t0 / 1000 + HANDOFF_CODE_TTL_SECONDS });
    expect(JSON.stringify(Item)).not.toContain(code);
  });

  it('hands the owner over once, to the holder of the verifier', async () => {
    const code = await issueHandoffCode(dynamo.db, grant, t0);
    expect(await redeemHandoffCode(dynamo.db, code, VERIFIER, t0 + 1000)).toEqual({ ok: true, owner });
    expect(await redeemHandoffCode(dynamo.db, code, VERIFIER, t0 + 2000)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('spends a code tried with the wrong verifier, so the right one comes too late', async () => {
    const code = await issueHandoffCode(dynamo.db, grant, t0);
    expect(await redeemHandoffCode(dynamo.db, code, `${VERIFIER.slice(0, -1)}A`, t0)).toEqual({ ok: false, reason: 'verifierMismatch' });
    expect(await redeemHandoffCode(dynamo.db, code, VERIFIER, t0)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('refuses the challenge itself in place of the verifier (what plain would have accepted)', async () => {
    const code = await issueHandoffCode(dynamo.db, grant, t0);
    expect(await redeemHandoffCode(dynamo.db, code, CHALLENGE, t0)).toEqual({ ok: false, reason: 'verifierMismatch' });
  });

  it('lets only one of two simultaneous exchanges win', async () => {
    const code = await issueHandoffCode(dynamo.db, grant, t0);
    const results = await Promise.all([redeemHandoffCode(dynamo.db, code, VERIFIER, t0), redeemHandoffCode(dynamo.db, code, VERIFIER, t0)]);
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, owner }]);
  });

  it('refuses a code once its minute is over, and an unknown code', async () => {
    const code = await issueHandoffCode(dynamo.db, grant, t0);
    expect(await redeemHandoffCode(dynamo.db, code, VERIFIER, t0 + HANDOFF_CODE_TTL_SECONDS * 1000)).toEqual({ ok: false, reason: 'unknown' });
    expect(await redeemHandoffCode(dynamo.db, 'never-issued', VERIFIER, t0)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('gives every sign-in its own code', async () => {
    const codes = await Promise.all([1, 2, 3].map(() => issueHandoffCode(dynamo.db, grant, t0)));
    expect(new Set(codes).size).toBe(3);
  });
});
