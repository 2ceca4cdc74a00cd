import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileJournal } from './transaction-journal';

const dir = mkdtempSync(join(tmpdir(), 'voxpen-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local transactions’ journal', () => {
  it('gives the next start the notes of transactions not ended, and drops a note killed half written', () => {
    const journal = fileJournal(dir);
    const cutOff = journal.begin([{ table: 't', key: { k: { S: 'a' } }, before: { k: { S: 'a' }, n: { N: '1' } } }, { table: 't', key: { k: { S: 'b' } } }]);
    journal.end(journal.begin([{ table: 't', key: { k: { S: 'c' } } }]));
    // A note the kill cut off before its rename: the transaction had written nothing.
    writeFileSync(join(dir, 'killed.tmp'), '[{"table":"t","ke');

    const next = fileJournal(dir);
    expect(next.cutOff()).toEqual([{ id: cutOff, items: [{ table: 't', key: { k: { S: 'a' } }, before: { k: { S: 'a' }, n: { N: '1' } } }, { table: 't', key: { k: { S: 'b' } } }] }]);
    expect(readdirSync(dir)).toEqual([`${cutOff}.json`]);
    next.end(cutOff);
    expect(next.cutOff()).toEqual([]);
  });
});
