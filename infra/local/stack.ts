/**
 * The whole product on one machine: the list of local services, in start order, and the environment
 * the handlers read. `npm start` runs it; integration tests start it in-process on ports the OS picks (ANY_PORTS).
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { localSecretEnvName } from '../../shared/secrets';
import { authCoreService, LOCAL_AUTH_CORE_API_KEY } from './auth-core/server';
import type { ScryptCost } from './auth-core/password-hash';
import { limitCoreRequests } from './core-fetch-limit';
import { dynamoService } from './dynamo';
import { startFaultGate, type FaultGate } from './fault-gate';
import { googleStandInService, LOCAL_GOOGLE_CLIENT } from './google/oidc-service';
import { gatewayService } from './gateway';
import { holdPort, isHeld, isPortFree, releasePort } from './ports';
import { seedSampleRelease } from './seed';
import { LOCAL_PRICES, LOCAL_PRO_PRODUCT, LOCAL_STRIPE_SECRET } from './stripe/catalog';
import { stripeStandInService } from './stripe/server';
import { PortTakenError, type LocalService, type RunningService } from './service';
import { webService } from './web';

export const DEFAULT_PORTS = { dynamodb: 8000, api: 4000, web: 5173, google: 4500, auth: 3567, stripe: 12111 } as const;
export type Ports = { -readonly [K in keyof typeof DEFAULT_PORTS]: number };

/** Every service on a port the OS picks (tests, benchmarks; `VOXPEN_*_PORT=0` for npm start): RunningStack.ports says which. */
export const ANY_PORTS: Readonly<Ports> = { dynamodb: 0, api: 0, web: 0, google: 0, auth: 0, stripe: 0 };

export function portEnvName(service: keyof Ports): string {
  return `VOXPEN_${service.toUpperCase()}_PORT`;
}

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): Ports {
  const ports = { ...DEFAULT_PORTS } as Ports;
  for (const key of Object.keys(ports) as (keyof Ports)[]) {
    const value = env[portEnvName(key)];
    if (value) ports[key] = Number(value);
  }
  return ports;
}

export interface LocalStackOptions {
  /** 0: a port the OS picks, held from that moment until its service listens (./ports.ts holdPort); RunningStack.ports says which. */
  ports: Ports;
  /** Where dynalite keeps its LevelDB; in memory when unset (tests). */
  dataDir?: string;
  /** Start the Vite dev server too (the supervisor does; API tests need not). */
  web?: boolean;
  /** Seed the sample release when the table has none. */
  seed?: boolean;
  /** Where mail is written locally; default `<dataDir>/outbox`, else a directory under the OS temp dir. */
  outboxDir?: string;
  root?: string;
  /**
   * Put a fault gate (./fault-gate.ts) on the auth core's port, the core itself listening on
   * `corePort` (0: any free one): a test holds or refuses the core's answers through `RunningStack.coreGate`.
   */
  coreGate?: { corePort: number };
  /**
   * The same in front of DynamoDB, dynalite itself on `dynamoPort` (0: any free one). Only the
   * product's handlers go through it; the auth core and the Stripe stand-in keep their own way to
   * their tables, so holding it holds the product's database and nothing else.
   */
  dynamoGate?: { dynamoPort: number };
  /** The same in front of the Stripe stand-in, itself on `stripePort` (0: any free one). */
  stripeGate?: { stripePort: number };
  /** false: the Stripe stand-in's webhooks go nowhere (a test of what works without them). */
  stripeWebhooks?: boolean;
  /** The auth core's scrypt cost; the real core's cost when unset (docs/testing.md: tests use a lighter one). */
  passwordCost?: ScryptCost;
}

/** What the handlers read from their environment, locally; deployed, the CDK stack sets these. */
export function handlerEnvironment(ports: Ports, outboxDir = join(tmpdir(), 'voxpen-outbox')): Record<string, string> {
  return {
    AWS_REGION: 'local',
    DYNAMODB_ENDPOINT: `http://localhost:${ports.dynamodb}`,
    WEB_ORIGIN: `http://localhost:${ports.web}`,
    API_ORIGIN: `http://localhost:${ports.api}`,
    // A development pepper: local contact messages are test data (deployed, a generated secret).
    [localSecretEnvName('ipHash')]: JSON.stringify({ pepper: 'voxpen-local-ip-pepper' }),
    // No CDN runs locally, so no request carries this: every caller is known by its own address.
    [localSecretEnvName('originVerify')]: JSON.stringify({ value: randomBytes(24).toString('base64url') }),
    // Google sign-in goes to the local OpenID Connect stand-in; deployed, Google's own discovery document.
    [localSecretEnvName('google')]: JSON.stringify(LOCAL_GOOGLE_CLIENT),
    // supertokens-node talks to the local auth core; deployed, to a SuperTokens core.
    [localSecretEnvName('supertokens')]: JSON.stringify({ connectionUri: `http://localhost:${ports.auth}`, apiKey: LOCAL_AUTH_CORE_API_KEY }),
    GOOGLE_OIDC_ISSUER: `http://localhost:${ports.google}`,
    // Billing talks to the local Stripe stand-in with its development key; deployed, to api.stripe.com.
    [localSecretEnvName('stripe')]: JSON.stringify(LOCAL_STRIPE_SECRET),
    STRIPE_API_URL: `http://localhost:${ports.stripe}`,
    STRIPE_PRO_PRODUCT_ID: LOCAL_PRO_PRODUCT.id,
    STRIPE_PRICE_IDS: JSON.stringify(Object.fromEntries(Object.entries(LOCAL_PRICES).map(([key, price]) => [key, price.id]))),
    // Mail is written here and printed with its links instead of going through SES.
    MAIL_OUTBOX_DIR: outboxDir,
  };
}

/** Where Google may send the browser back to: the sign-in pages' callbacks and the desktop app's API callback. */
function googleRedirectUris(ports: Ports): string[] {
  const web = [`http://localhost:${ports.web}`, `http://127.0.0.1:${ports.web}`];
  return [...web.flatMap((o) => [`${o}/auth/callback`, `${o}/auth/callback/google`]), `http://localhost:${ports.api}/api/auth/callback/google/app`];
}

export function outboxDirOf(options: LocalStackOptions): string | undefined {
  return options.outboxDir ?? (options.dataDir ? resolve(options.root ?? process.cwd(), options.dataDir, 'outbox') : undefined);
}

export function localServices(options: LocalStackOptions): LocalService[] {
  const { ports } = options;
  const root = options.root ?? process.cwd();
  const env = handlerEnvironment(ports);
  const webOrigin = env.WEB_ORIGIN!;
  // Behind a gate, dynalite has a port of its own, which the stand-ins use directly.
  const dynamoPort = options.dynamoGate?.dynamoPort ?? ports.dynamodb;
  const standInsDynamo = `http://localhost:${dynamoPort}`;
  const services: LocalService[] = [
    dynamoService({ port: dynamoPort, dataDir: options.dataDir && resolve(root, options.dataDir, 'dynamodb') }),
    authCoreService({ port: options.coreGate?.corePort ?? ports.auth, dynamoEndpoint: standInsDynamo, apiKey: LOCAL_AUTH_CORE_API_KEY, ...(options.passwordCost && { config: { scrypt: options.passwordCost } }) }),
    stripeStandInService({ port: options.stripeGate?.stripePort ?? ports.stripe, dynamoEndpoint: standInsDynamo, webhookUrl: options.stripeWebhooks === false ? 'http://127.0.0.1:9/api/stripe-webhook' : `http://localhost:${ports.api}/api/stripe-webhook` }),
    googleStandInService({ port: ports.google, redirectUris: googleRedirectUris(ports) }),
    gatewayService({ port: ports.api, corsOrigins: [webOrigin, `http://127.0.0.1:${ports.web}`], root }),
  ];
  if (options.web) services.push(webService({ port: ports.web, apiOrigin: env.API_ORIGIN!, root }));
  return services;
}

export interface RunningStack {
  ports: Ports;
  urls: Record<string, string>;
  env: Record<string, string>;
  /** The auth core's fault gate, when asked for (LocalStackOptions.coreGate). */
  coreGate?: FaultGate;
  /** DynamoDB's, for the product's handlers (LocalStackOptions.dynamoGate). */
  dynamoGate?: FaultGate;
  /** The Stripe stand-in's (LocalStackOptions.stripeGate). */
  stripeGate?: FaultGate;
  stop(): Promise<void>;
}

/** Every port asked as 0 bound now and held for its service, so the environment can name them all before any starts. */
async function holdAskedPorts(ports: Ports): Promise<Ports> {
  const held = { ...ports };
  for (const key of Object.keys(held) as (keyof Ports)[]) if (held[key] === 0) held[key] = await holdPort();
  return held;
}

async function checkPorts(services: LocalService[], ports: Ports): Promise<void> {
  const envNames = new Map(Object.entries(ports).map(([k, v]) => [v, portEnvName(k as keyof Ports)]));
  for (const service of services) {
    if (!isHeld(service.port) && !(await isPortFree(service.port))) throw new PortTakenError(service.name, service.port, envNames.get(service.port) ?? '');
  }
}

/**
 * Starts every service in order, each ready before the next starts; on any failure stops what did
 * start, so nothing is left listening.
 */
export async function startLocalStack(asked: LocalStackOptions, onReady: (name: string, url: string) => void = () => {}): Promise<RunningStack> {
  const ports = await holdAskedPorts(asked.ports);
  // A gate's dependency on port 0: a port of its own, held likewise.
  const options = {
    ...asked,
    ports,
    ...(asked.coreGate?.corePort === 0 && { coreGate: { corePort: await holdPort() } }),
    ...(asked.dynamoGate?.dynamoPort === 0 && { dynamoGate: { dynamoPort: await holdPort() } }),
    ...(asked.stripeGate?.stripePort === 0 && { stripeGate: { stripePort: await holdPort() } }),
  };
  const services = localServices(options);
  const release = async () => {
    // Ports held for a service that never listened (a stack's web port no site was served on, or a failed start).
    for (const port of [...Object.values(ports), options.coreGate?.corePort ?? 0, options.dynamoGate?.dynamoPort ?? 0, options.stripeGate?.stripePort ?? 0]) await releasePort(port);
  };
  try {
    await checkPorts(services, ports);
  } catch (error) {
    await release();
    throw error;
  }
  const env = handlerEnvironment(options.ports, outboxDirOf(options));
  Object.assign(process.env, env);
  // The in-process core client waits on the core as the deployed bundle's does (./core-fetch-limit.ts).
  limitCoreRequests(`http://localhost:${options.ports.auth}`);
  const running: { name: string; service: RunningService }[] = [];
  let coreGate: FaultGate | undefined;
  let dynamoGate: FaultGate | undefined;
  let stripeGate: FaultGate | undefined;
  const stop = async () => {
    for (const { service } of running.reverse()) await service.stop().catch((e) => console.error(e));
    running.length = 0;
    await release();
  };
  try {
    // DynamoDB's gate before anything that reaches DynamoDB through the product's endpoint (the seed, the handlers).
    if (options.dynamoGate) {
      dynamoGate = await startFaultGate({ port: options.ports.dynamodb, target: `http://localhost:${options.dynamoGate.dynamoPort}` });
      running.push({ name: 'DynamoDB gate', service: dynamoGate });
    }
    for (const service of services) {
      const started = await service.start();
      running.push({ name: service.name, service: started });
      onReady(service.name, started.url);
    }
    if (options.seed) await seedSampleRelease(env.DYNAMODB_ENDPOINT!, env.WEB_ORIGIN!);
    if (options.coreGate) {
      coreGate = await startFaultGate({ port: options.ports.auth, target: `http://localhost:${options.coreGate.corePort}` });
      running.push({ name: 'auth core gate', service: coreGate });
    }
    if (options.stripeGate) {
      stripeGate = await startFaultGate({ port: options.ports.stripe, target: `http://localhost:${options.stripeGate.stripePort}` });
      running.push({ name: 'Stripe gate', service: stripeGate });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports: options.ports, urls: Object.fromEntries(running.map((r) => [r.name, r.service.url])), env, coreGate, dynamoGate, stripeGate, stop };
}
