/**
 * A gate in front of a local dependency (the auth core, DynamoDB, the Stripe stand-in), so the local
 * runtime can hold or refuse its answers as a slow or dead one would: 'pass' forwards every request,
 * 'hold' keeps each request waiting (it goes on when the gate passes again, or never if its caller
 * gives up first), 'refuse' drops the connection as a dead host would. Tests use it to show the
 * product's 503 contract. It also notes what passed through it: DynamoDB's operation (its
 * `X-Amz-Target`) and table, so a test can count the product's Scans.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { close, listen } from './http-server';

export type GateMode = 'pass' | 'hold' | 'refuse';

export interface FaultGate {
  url: string;
  set(mode: GateMode): void;
  /** Requests that reached the gate while it held them. */
  held(): number;
  /** Every request so far: DynamoDB's operation ('Scan', 'Query', …) and table when it names them, else the method and path. */
  seen(): { operation: string; table?: string }[];
  stop(): Promise<void>;
}

function operationOf(req: IncomingMessage, body: Buffer): { operation: string; table?: string } {
  const target = req.headers['x-amz-target'];
  if (typeof target !== 'string') return { operation: `${req.method} ${req.url}` };
  let table: string | undefined;
  try {
    table = (JSON.parse(body.toString('utf8')) as { TableName?: string }).TableName;
  } catch {
    // Not JSON: the operation alone.
  }
  return { operation: target.split('.').pop()!, ...(table ? { table } : {}) };
}

export async function startFaultGate(options: { port: number; target: string }): Promise<FaultGate> {
  let mode: GateMode = 'pass';
  let heldCount = 0;
  const seen: { operation: string; table?: string }[] = [];
  const waiting = new Set<() => void>();
  const target = new URL(options.target);

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    seen.push(operationOf(req, body));
    if (mode === 'refuse') return void req.socket.destroy();
    if (mode === 'hold') {
      heldCount++;
      await new Promise<void>((resolve) => {
        waiting.add(resolve);
        res.once('close', () => waiting.delete(resolve));
      });
      if (res.destroyed) return;
      if ((mode as GateMode) === 'refuse') return void req.socket.destroy();
    }
    forward(req, res, body);
  });
  await listen(server, options.port);
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    set(next) {
      mode = next;
      if (next !== 'hold') {
        for (const go of waiting) go();
        waiting.clear();
      }
    },
    held: () => heldCount,
    seen: () => [...seen],
    stop: async () => {
      for (const go of waiting) go();
      server.closeAllConnections();
      await close(server);
    },
  };
}
