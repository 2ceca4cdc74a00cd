/**
 * An item and its index entries written to LevelDB in one batch, as DynamoDB writes them: never an
 * index entry without its item nor an item missing from an index, through a kill (-9) at any moment.
 *
 * dynalite (4.0.0) writes an item's index entries first, each as a LevelDB write of its own
 * (db/index.js's updateIndexes), and the item after them (the put or del of putItem, updateItem and
 * deleteItem), so a process killed in between leaves an index that disagrees with its table. Here
 * updateIndexes writes nothing: it holds the entries' operations, and the item's own put or del, which
 * its callback makes at once (before updateIndexes returns), takes them into one LevelDB batch with the item (a batch is one
 * record of LevelDB's log: after a crash it is there whole or not at all). Nothing else changes:
 * dynalite's lock per item still orders the writes to one item, and writes to different items still
 * run side by side (docs/architecture.md#the-local-runtime).
 *
 * A batch is acknowledged once LevelDB has handed it to the operating system, as a single put was:
 * it survives the process being killed, not the machine losing power (the local data is not that
 * precious, and a sync per write would slow every local write).
 */
import dynaliteDb, { type Level, type Operation } from 'dynalite/db/index.js';

type IndexType = 'Local' | 'Global';

/** The index entries' operations held for the item's own write, which follows before updateIndexes returns. */
let held: { level: Level; key: string; operations: Operation[] } | undefined;
const taking = new WeakSet<Level>();

/** dynalite's keys in its one LevelDB: `<sub-database>~<key>`, as its getItemDb and getIndexDb name them. */
const itemKey = (table: string, key: string) => `item-${table}~${key}`;
const indexKey = (type: IndexType, table: string, index: string, key: string) => `index-${type.toLowerCase()}~${table}~${index}~${key}`;

/** Makes the item's put or del on `level` take the operations held for it into one batch with it. */
function takeHeldOperations(level: Level): void {
  if (taking.has(level)) return;
  taking.add(level);
  const put = level.put.bind(level);
  const del = level.del.bind(level);
  const heldFor = (key: string) => {
    if (held?.level !== level || held.key !== key) return undefined;
    const { operations } = held;
    held = undefined;
    return operations;
  };
  level.put = (key, value, callback) => {
    const operations = heldFor(key);
    if (operations) level.batch([...operations, { type: 'put', key, value }], callback);
    else put(key, value, callback);
  };
  level.del = (key, callback) => {
    const operations = heldFor(key);
    if (operations) level.batch([...operations, { type: 'del', key }], callback);
    else del(key, callback);
  };
}

let installed = false;

/** Replaces dynalite's updateIndexes (once per process: every dynalite here shares its module). */
export function writeIndexesWithTheirItem(): void {
  if (installed) return;
  installed = true;
  dynaliteDb.updateIndexes = (store, table, existingItem, item, callback) => {
    if (!existingItem && !item) return callback();
    const operations: Operation[] = [];
    for (const type of ['Local', 'Global'] as const) {
      const { puts, deletes } = dynaliteDb.getIndexActions(table[`${type}SecondaryIndexes`] ?? [], existingItem, item, table);
      // Removals first, as dynalite orders them (an entry put and one removed never share a key).
      for (const d of deletes) operations.push({ type: 'del', key: indexKey(type, table.TableName, d.index, d.key) });
      for (const p of puts) operations.push({ type: 'put', key: indexKey(type, table.TableName, p.index, p.key), value: p.item });
    }
    if (operations.length === 0) return callback();
    takeHeldOperations(store.db);
    held = { level: store.db, key: itemKey(table.TableName, dynaliteDb.createKey((item ?? existingItem)!, table)), operations };
    let left: typeof held;
    try {
      // Each caller's callback writes the item at once, under dynalite's lock on it.
      callback();
    } finally {
      left = held;
      held = undefined;
    }
    if (left) throw new Error(`dynalite wrote no item after its index entries (${table.TableName}): its writes changed shape (infra/local/dynalite-atomic-writes.ts)`);
  };
}
