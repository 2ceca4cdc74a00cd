/**
 * The local SuperTokens core: an HTTP server answering the CDI calls supertokens-node makes, storing
 * in DynamoDB. `npm start` runs it on port 3567 (infra/local/stack.ts); tests and the benchmark start
 * it in-process on a free port. Deployed, supertokens-node talks to a real SuperTokens core instead:
 * only the `supertokens` secret differs.
 */
import { createServer } from 'node:http';
import { createDocumentClient } from '../../../functions/lib/dynamo';
import { close, listen } from '../http-server';
import type { LocalService, RunningService } from '../service';
import { cdiRoutes } from './cdi-routes';
import { DEFAULT_CORE_CONFIG, type Clock, type CoreConfig } from './config';
import type { CoreDeps } from './deps';
import { createKeyStore } from './jwt-keys';
import { createRouter, type LogEntry } from './router';
import { createStore } from './store';

/** The development api key: the local stack hands the same one to the handlers in their supertokens secret. */
export const LOCAL_AUTH_CORE_API_KEY = 'voxpen-local-auth-core-key';

export interface AuthCoreOptions {
  port: number;
  dynamoEndpoint: string;
  /** Required in the `api-key` header when set. */
  apiKey?: string;
  config?: Partial<Omit<CoreConfig, 'apiKeys'>>;
  clock?: Clock;
  /** Table name; default from shared/tables (`voxpen-authCore` locally). */
  table?: string;
  log?: (entry: LogEntry) => void;
}

export interface RunningAuthCore extends RunningService {
  deps: CoreDeps;
}

export async function startAuthCore(options: AuthCoreOptions): Promise<RunningAuthCore> {
  const clock = options.clock ?? Date.now;
  const config: CoreConfig = { ...DEFAULT_CORE_CONFIG, ...options.config, apiKeys: options.apiKey ? [options.apiKey] : [] };
  const db = createDocumentClient(options.dynamoEndpoint);
  const store = createStore(db, options.table);
  const deps: CoreDeps = { store, clock, config, keys: createKeyStore(store, config, clock) };
  // Loads (or on first start creates) the signing keys now, so a broken table fails the start, not a sign-in.
  await deps.keys.jwks(clock());
  const server = createServer(createRouter(cdiRoutes(deps), { apiKeys: config.apiKeys, log: options.log }));
  // Longer than the SDK's fetch keeps idle sockets (undici: 4 s), so the core never closes a socket
  // the SDK is about to reuse; the SDK would read that reset as "no core available".
  server.keepAliveTimeout = 65_000;
  await listen(server, options.port);
  return {
    url: `http://localhost:${options.port}`,
    deps,
    stop: async () => {
      await close(server);
      db.destroy();
    },
  };
}

/** For the supervisor: errors are printed (they carry no secrets); routine requests are not. */
export function authCoreService(options: Omit<AuthCoreOptions, 'log'>): LocalService {
  return {
    name: 'Auth core (SuperTokens)',
    port: options.port,
    start: () => startAuthCore({ ...options, log: (entry) => entry.level === 'error' && console.error(JSON.stringify(entry)) }),
  };
}
