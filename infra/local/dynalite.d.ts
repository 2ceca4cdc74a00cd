declare module 'dynalite' {
  import type { Server } from 'node:http';
  interface Options {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
  }
  export default function dynalite(options?: Options): Server;
}

declare module 'dynalite/db/index.js' {
  import type { AttributeValue } from '@aws-sdk/client-dynamodb';
  /** dynalite's own capacity figure for one item's read or write (the larger of the item before and after). */
  export function addConsumedCapacity(
    data: { ReturnConsumedCapacity?: string; TableName: string; ConsistentRead?: boolean },
    isRead: boolean,
    newItem: Record<string, AttributeValue> | undefined,
    oldItem: Record<string, AttributeValue> | undefined,
  ): { CapacityUnits: number; TableName: string } | undefined;

  export type Item = Record<string, AttributeValue>;
  interface KeySchemaElement {
    AttributeName: string;
    KeyType: 'HASH' | 'RANGE';
  }
  interface IndexDescription {
    IndexName: string;
    KeySchema: KeySchemaElement[];
  }
  /** A table as dynalite stores its description. */
  interface Table {
    TableName: string;
    KeySchema: KeySchemaElement[];
    LocalSecondaryIndexes?: IndexDescription[];
    GlobalSecondaryIndexes?: IndexDescription[];
  }
  export type Operation = { type: 'put'; key: string; value: Item } | { type: 'del'; key: string };
  /** The LevelDB all of dynalite's tables live in, through its callback wrapper. */
  export interface Level {
    put(key: string, value: Item, callback: (error?: Error | null) => void): void;
    del(key: string, callback: (error?: Error | null) => void): void;
    batch(operations: Operation[], callback: (error?: Error | null) => void): void;
  }
  interface Store {
    db: Level;
  }
  /** The module's exports object itself: the actions call its functions through it, so a replaced one is theirs too. */
  const db: {
    /** An item's key under its table's (or an index's) key schema, as dynalite stores it. */
    createKey(item: Item, table: Table, keySchema?: KeySchemaElement[]): string;
    /** The index entries an item's write puts and removes (keys within each index's own sub-database). */
    getIndexActions(
      indexes: IndexDescription[],
      existingItem: Item | undefined | null,
      item: Item | undefined | null,
      table: Table,
    ): { puts: { index: string; key: string; item: Item }[]; deletes: { index: string; key: string }[] };
    /** Writes an item's index entries, called by putItem, updateItem and deleteItem before the item's own write. */
    updateIndexes(store: Store, table: Table, existingItem: Item | undefined | null, item: Item | undefined | null, callback: (error?: Error | null) => void): void;
  };
  export default db;
}
