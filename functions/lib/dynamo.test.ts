import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

let server: Server;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(String(req.headers['x-amz-target']));
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise((r) => server.close(r)));

describe('primeDocumentClient', () => {
  it("does the client's first-call work without sending anything, and the client then works", async () => {
    vi.resetModules();
    vi.stubEnv('DYNAMODB_ENDPOINT', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const { documentClient, primeDocumentClient } = await import('./dynamo');
    primeDocumentClient();
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual([]);
    await documentClient().send(new GetCommand({ TableName: 'voxpen-users', Key: { userId: 'u' } }));
    expect(received).toEqual(['DynamoDB_20120810.GetItem']);
    vi.unstubAllEnvs();
  });
});
