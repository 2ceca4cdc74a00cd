/**
 * One owner per table (shared/tables.ts `owner`): only the owner's folder writes the table or names
 * it, others read through the owner's exported functions; and no function folder imports a folder
 * that imports it back. Read from the source, so a file that reaches around an owner fails here
 * rather than in review.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tables, type TableKey } from '../../shared/tables';
import { cyclesOf, folderImports, foreignReaders, foreignWriters, sourceFiles, surfaceBypasses } from './table-owners';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = sourceFiles(root, ['functions', 'infra', 'shared', 'frontend/src']);

describe('table owners', () => {
  it('finds a write and a read that reach around an owner', () => {
    const reaching = [
      { path: 'functions/usage/plan.ts', text: "new UpdateCommand({ TableName: tableName('users') })" },
      { path: 'functions/auth/checks.ts', text: "const t = tableName('rateLimits'); await deleteKeys(db, t, keys);" },
      { path: 'functions/users/profile.ts', text: "new GetCommand({ TableName: tableName('usage') })" },
      { path: 'functions/user-record/record.ts', text: "new PutCommand({ TableName: tableName('users') })" },
    ];
    expect(foreignWriters(reaching)).toEqual([
      'functions/usage/plan.ts writes users (owner: functions/user-record)',
      'functions/auth/checks.ts writes rateLimits (owner: functions/lib)',
    ]);
    expect(foreignReaders(reaching)).toEqual([...foreignWriters(reaching).map((w) => w.replace(' writes ', ' names ')), 'functions/users/profile.ts names usage (owner: functions/usage)']);
  });

  it('names an owner for every table, a folder that exists', () => {
    const owners = (Object.keys(tables) as TableKey[]).map((key) => [key, tables[key].owner] as const);
    expect(owners.filter(([, owner]) => !existsSync(join(root, owner)))).toEqual([]);
  });

  it('lets only its owner write a table', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(foreignWriters(files), 'files that write a table another folder owns').toEqual([]);
  });

  it("lets only its owner name a table: others read through the owner's functions", () => {
    expect(foreignReaders(files), 'files that name a table another folder owns').toEqual([]);
  });
});

describe('function folders', () => {
  it('import no folder that imports them back', () => {
    expect(cyclesOf(new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])]]))).toEqual(['a → b → c → a']);
    expect(cyclesOf(folderImports(files)), 'import cycles between folders under functions/').toEqual([]);
  });

  it('leave the users record (functions/user-record) depending on no function folder but lib', () => {
    expect([...(folderImports(files).get('user-record') ?? [])].filter((folder) => folder !== 'lib')).toEqual([]);
  });

  it('reach a sibling only through its index.ts', () => {
    const reaching = [
      { path: 'functions/billing/checkout.ts', text: "import { getAccount } from '../user-record';\nimport { isDeleting } from '../user-record/deletion';" },
      { path: 'functions/account/core.ts', text: "import { ensureSupertokens } from '../auth/index';\nimport { logger } from '../lib/logger';\nimport { x } from './deps';" },
    ];
    expect(surfaceBypasses(reaching)).toEqual(['functions/billing/checkout.ts imports functions/user-record/deletion (not functions/user-record/index.ts)']);
    expect(folderImports(reaching)).toEqual(new Map([['billing', new Set(['user-record'])], ['account', new Set(['auth', 'lib'])]]));
    expect(surfaceBypasses(files)).toEqual([]);
  });
});
