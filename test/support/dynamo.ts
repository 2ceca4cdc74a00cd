/** An in-memory local DynamoDB with every shared table, for unit tests of functions that store things. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../functions/lib/dynamo';
import { dynamoService } from '../../infra/local/dynamo';
import { holdPort } from '../../infra/local/ports';

export interface TestDynamo {
  db: DynamoDBDocumentClient;
  url: string;
  stop(): Promise<void>;
}

export async function startTestDynamo(): Promise<TestDynamo> {
  const running = await dynamoService({ port: await holdPort() }).start();
  const db = createDocumentClient(running.url);
  return {
    db,
    url: running.url,
    stop: async () => {
      db.destroy();
      await running.stop();
    },
  };
}
