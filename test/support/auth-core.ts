/**
 * The local auth core on its own, for its integration tests and benchmark: dynalite (in memory, or
 * LevelDB in `dataDir`) and the core, each on a free port, plus the supertokens-node configuration
 * that points at it (EmailPassword, ThirdParty with Google, Session; tenant public).
 */
import supertokens from 'supertokens-node';
import EmailPassword from 'supertokens-node/recipe/emailpassword';
import Session from 'supertokens-node/recipe/session';
import ThirdParty from 'supertokens-node/recipe/thirdparty';
import type { TypeInput } from 'supertokens-node/types';
import { dynamoService } from '../../infra/local/dynamo';
import { startAuthCore, type AuthCoreOptions, type RunningAuthCore } from '../../infra/local/auth-core/server';
import { holdPort } from '../../infra/local/ports';
import type { RunningService } from '../../infra/local/service';

export const TEST_CORE_API_KEY = 'test-core-api-key-7f3a';

export interface CoreUnderTest {
  core: RunningAuthCore;
  dynamo: RunningService;
  corePort: number;
  /** Stops the core and starts it again on the same port and data (DynamoDB keeps running unless `dynamoToo`). */
  restart(options?: { dynamoToo?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export async function startCoreUnderTest(options: { dataDir?: string } & Partial<Omit<AuthCoreOptions, 'port' | 'dynamoEndpoint'>> = {}): Promise<CoreUnderTest> {
  const { dataDir, ...coreOptions } = options;
  const dynamoPort = await holdPort();
  const corePort = await holdPort();
  const dynamo = () => dynamoService({ port: dynamoPort, dataDir }).start();
  const core = (endpoint: string) => startAuthCore({ apiKey: TEST_CORE_API_KEY, ...coreOptions, port: corePort, dynamoEndpoint: endpoint });
  const running: CoreUnderTest = {
    dynamo: await dynamo(),
    core: undefined as unknown as RunningAuthCore,
    corePort,
    async restart({ dynamoToo = false } = {}) {
      await running.core.stop();
      if (dynamoToo) {
        await running.dynamo.stop();
        running.dynamo = await dynamo();
      }
      running.core = await core(running.dynamo.url);
    },
    async stop() {
      await running.core.stop();
      await running.dynamo.stop();
    },
  };
  running.core = await core(running.dynamo.url);
  return running;
}

export function sdkConfig(coreUrl: string, apiKey = TEST_CORE_API_KEY): TypeInput {
  return {
    framework: 'awsLambda',
    supertokens: { connectionURI: coreUrl, apiKey },
    appInfo: { appName: 'Voxpen', apiDomain: 'http://localhost:4000', websiteDomain: 'http://localhost:5173', apiBasePath: '/api/auth', websiteBasePath: '/auth' },
    telemetry: false,
    recipeList: [
      EmailPassword.init(),
      ThirdParty.init({
        signInAndUpFeature: { providers: [{ config: { thirdPartyId: 'google', clients: [{ clientId: 'test-client', clientSecret: 'test-secret' }] } }] },
      }),
      Session.init(),
    ],
  };
}

/** supertokens.init once per test file (the SDK keeps global state; vitest isolates files). */
export function initSdk(coreUrl: string, apiKey?: string): void {
  supertokens.init(sdkConfig(coreUrl, apiKey));
}
