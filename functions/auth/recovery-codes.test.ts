import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '../../shared/tables';
import { startTestDynamo, type TestDynamo } from '../../test/support/dynamo';
import { deleteHandoffCodesOf } from './handoff-codes';
import { CODE_CHECK_ADDRESS_RULE, countCodeCheck } from './code-check-limits';
import { forgetRecoveryCodes, RECOVERY_CODE_COUNT, recoveryCodesLeft, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes';

let dynamo: TestDynamo;

beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo?.stop());

describe('recovery codes', () => {
  it('are ten distinct codes, stored only as hashes', async () => {
    const codes = await replaceRecoveryCodes(dynamo.db, 'u-1');
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const { Items = [] } = await dynamo.db.send(new ScanCommand({ TableName: localTableName('handoffCodes') }));
    const stored = JSON.stringify(Items);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(await recoveryCodesLeft(dynamo.db, 'u-1')).toBe(RECOVERY_CODE_COUNT);
  });

  it('each works once, typed in any case and without its dash; another account’s code does not work', async () => {
    const codes = await replaceRecoveryCodes(dynamo.db, 'u-2');
    const [first, second] = codes;
    const others = await replaceRecoveryCodes(dynamo.db, 'u-3');
    expect(await useRecoveryCode(dynamo.db, 'u-2', others[0]!)).toBe(false);
    expect(await useRecoveryCode(dynamo.db, 'u-2', ` ${first!.toUpperCase().replace('-', '')} `)).toBe(true);
    expect(await useRecoveryCode(dynamo.db, 'u-2', first!)).toBe(false);
    expect(await recoveryCodesLeft(dynamo.db, 'u-2')).toBe(RECOVERY_CODE_COUNT - 1);
    // Two uses of one code at the same time: one passes.
    const both = await Promise.all([useRecoveryCode(dynamo.db, 'u-2', second!), useRecoveryCode(dynamo.db, 'u-2', second!)]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });

  it('new codes replace the old ones; the last code used leaves none; turning off and deleting the account remove them', async () => {
    const old = await replaceRecoveryCodes(dynamo.db, 'u-4');
    const fresh = await replaceRecoveryCodes(dynamo.db, 'u-4');
    expect(await useRecoveryCode(dynamo.db, 'u-4', old[0]!)).toBe(false);
    for (const code of fresh) expect(await useRecoveryCode(dynamo.db, 'u-4', code)).toBe(true);
    expect(await recoveryCodesLeft(dynamo.db, 'u-4')).toBe(0);
    expect(await useRecoveryCode(dynamo.db, 'u-4', fresh[0]!)).toBe(false);

    const codes = await replaceRecoveryCodes(dynamo.db, 'u-5');
    await forgetRecoveryCodes(dynamo.db, 'u-5');
    expect(await useRecoveryCode(dynamo.db, 'u-5', codes[0]!)).toBe(false);

    await replaceRecoveryCodes(dynamo.db, 'u-6');
    await deleteHandoffCodesOf(dynamo.db, 'u-6');
    expect(await recoveryCodesLeft(dynamo.db, 'u-6')).toBe(0);
  });
});

describe('code checks from one address', () => {
  it('are limited across accounts: the address’s count fills though each account’s does not', async () => {
    const address = '203.0.113.9';
    const at = Date.parse('2026-05-01T10:00:00Z');
    for (let i = 0; i < CODE_CHECK_ADDRESS_RULE.limit; i++) await countCodeCheck(dynamo.db, `sprayed-${i}`, address, at);
    await expect(countCodeCheck(dynamo.db, 'sprayed-last', address, at)).rejects.toMatchObject({ statusCode: 429 });
    // Another address, and the same address once its window has passed, go on.
    await expect(countCodeCheck(dynamo.db, 'sprayed-last', '203.0.113.10', at)).resolves.toBeUndefined();
    await expect(countCodeCheck(dynamo.db, 'sprayed-last', address, at + CODE_CHECK_ADDRESS_RULE.windowSeconds * 1000 + 1000)).resolves.toBeUndefined();
  });
});
