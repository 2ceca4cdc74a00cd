/**
 * Where an operator command reads or writes: the deployed table when `--stack` is given (its name from
 * the stack's outputs, with the caller's AWS credentials), else the local DynamoDB. When `npm start`
 * is not running, the local data directory is opened directly, so the command works either way.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../functions/lib/dynamo';
import { tableEnvName, tableOutputKey, type TableKey } from '../../shared/tables';
import { dynamoService } from '../local/dynamo';
import { holdPort } from '../local/ports';
import { portsFromEnv } from '../local/stack';

export interface Target {
  db: DynamoDBDocumentClient;
  description: string;
  close(): Promise<void>;
}

async function reachable(endpoint: string): Promise<boolean> {
  try {
    await fetch(endpoint, { method: 'POST', signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

export async function openTarget(table: TableKey, options: { stack?: string; region?: string }): Promise<Target> {
  if (options.stack) {
    const cfn = new CloudFormationClient({ region: options.region });
    const out = await cfn.send(new DescribeStacksCommand({ StackName: options.stack }));
    const name = out.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === tableOutputKey(table))?.OutputValue;
    if (!name) throw new Error(`Stack ${options.stack} has no output ${tableOutputKey(table)}`);
    process.env[tableEnvName(table)] = name;
    // The table lives where the stack does: --region must reach DynamoDB too, not only CloudFormation.
    if (options.region) process.env.AWS_REGION = options.region;
    const db = createDocumentClient();
    return { db, description: `table ${name} of stack ${options.stack}`, close: async () => db.destroy() };
  }
  const endpoint = process.env.DYNAMODB_ENDPOINT ?? `http://localhost:${portsFromEnv().dynamodb}`;
  if (await reachable(endpoint)) {
    const db = createDocumentClient(endpoint);
    return { db, description: `the local DynamoDB at ${endpoint}`, close: async () => db.destroy() };
  }
  const dataDir = process.env.VOXPEN_DATA_DIR ?? '.data';
  const running = await dynamoService({ port: await holdPort(), dataDir: `${dataDir}/dynamodb` }).start();
  const db = createDocumentClient(running.url);
  return {
    db,
    description: `the local data in ${dataDir}/`,
    close: async () => {
      db.destroy();
      await running.stop();
    },
  };
}
