/**
 * The local transaction layer's undo journal, so a TransactWriteItems cut off by a kill (-9) lands
 * whole or not at all, as DynamoDB's do. Before a transaction's first write, the items it writes are
 * noted as they were, in a file of its own; the file goes once every item is written (or put back
 * after a refused condition). A file still there on the next start is a transaction that was never
 * acknowledged: its items are put back as they were before anything is answered
 * (./transactions.ts, undoCutOffTransactions).
 *
 * A note is written to a temporary name and renamed, so it is there whole or not at all; like
 * LevelDB's own writes it is handed to the operating system without a sync, which a killed process
 * cannot lose (a machine losing power can: the local data is not worth a sync per transaction).
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Item = Record<string, AttributeValue>;

/** An item a transaction writes, as it was before: `before` absent when there was none. */
export interface NotedItem {
  table: string;
  key: Item;
  before?: Item;
}

export interface TransactionJournal {
  /** Notes the items as they were; once it returns, the note survives the process being killed. */
  begin(items: NotedItem[]): string;
  /** The transaction wrote everything or put everything back: its note goes. */
  end(id: string): void;
  /** The notes of transactions cut off before their end. */
  cutOff(): { id: string; items: NotedItem[] }[];
}

export function fileJournal(dir: string): TransactionJournal {
  mkdirSync(dir, { recursive: true });
  let next = 0;
  const prefix = `${process.pid}-${Date.now()}`;
  return {
    begin(items) {
      const id = `${prefix}-${++next}`;
      writeFileSync(join(dir, `${id}.tmp`), JSON.stringify(items));
      renameSync(join(dir, `${id}.tmp`), join(dir, `${id}.json`));
      return id;
    },
    end(id) {
      rmSync(join(dir, `${id}.json`), { force: true });
    },
    cutOff() {
      const notes = [];
      for (const name of readdirSync(dir)) {
        // A note killed before its rename: that transaction had not written anything yet.
        if (name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
        else if (name.endsWith('.json')) notes.push({ id: name.slice(0, -'.json'.length), items: JSON.parse(readFileSync(join(dir, name), 'utf8')) as NotedItem[] });
      }
      return notes;
    },
  };
}
