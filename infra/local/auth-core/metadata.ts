/**
 * User metadata (the UserMetadata recipe's core calls): one JSON object per user. An update merges
 * top-level keys and a null value removes its key, as the core does; concurrent updates retry on a
 * version check so none is lost.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ifConditionHolds } from '../../../functions/lib/dynamo';
import type { JsonObject } from './access-token';
import type { CoreDeps } from './deps';
import { deleteItem, getItem, itemKey } from './store';

interface MetadataItem {
  pk: string;
  metadata: string;
  version: number;
}

export async function getMetadata(deps: CoreDeps, userId: string) {
  const item = await getItem<MetadataItem>(deps.store, itemKey.metadata(userId));
  return { status: 'OK' as const, metadata: item ? (JSON.parse(item.metadata) as JsonObject) : {} };
}

export async function updateMetadata(deps: CoreDeps, userId: string, update: JsonObject) {
  for (;;) {
    const item = await getItem<MetadataItem>(deps.store, itemKey.metadata(userId));
    const metadata: JsonObject = item ? (JSON.parse(item.metadata) as JsonObject) : {};
    for (const [key, value] of Object.entries(update)) {
      if (value === null) delete metadata[key];
      else metadata[key] = value;
    }
    const version = (item?.version ?? 0) + 1;
    const written = await ifConditionHolds(
      deps.store.db.send(
        new PutCommand({
          TableName: deps.store.table,
          Item: { pk: itemKey.metadata(userId), metadata: JSON.stringify(metadata), version },
          ConditionExpression: item ? 'version = :v' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: item ? { ':v': item.version } : undefined,
        }),
      ),
    );
    if (written) return { status: 'OK' as const, metadata };
  }
}

export async function removeMetadata(deps: CoreDeps, userId: string) {
  await deleteItem(deps.store, itemKey.metadata(userId));
  return { status: 'OK' as const };
}
