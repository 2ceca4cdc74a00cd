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
}
