import { callAws, type AwsService } from './aws-request';
import { SECRETS_LIMITS } from './deadline';
import { localSecretEnvName, secretIdEnvName, secrets, type SecretName, type SecretValue } from '../../shared/secrets';

const cache = new Map<SecretName, Promise<Record<string, string>>>();

export const SECRETS_MANAGER: AwsService = { signingName: 'secretsmanager', endpointId: 'SECRETS_MANAGER', host: (region) => `secretsmanager.${region}.amazonaws.com` };

/** Secrets Manager's GetSecretValue (its JSON 1.1 protocol), as its SDK client sends it. */
function getSecretValue(secretId: string, env: NodeJS.ProcessEnv): Promise<{ SecretString?: string }> {
  const call = { path: '/', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' }, body: JSON.stringify({ SecretId: secretId }) };
  return callAws(SECRETS_MANAGER, call, SECRETS_LIMITS, env);
}

function parse(name: SecretName, text: string): Record<string, string> {
  const value = JSON.parse(text) as Record<string, unknown>;
  const missing = secrets[name].fields.filter((f) => typeof value[f] !== 'string');
  // Names the missing fields only: the value itself must never reach a log.
  if (missing.length) throw new Error(`Secret ${name} lacks the field(s): ${missing.join(', ')}`);
  return value as Record<string, string>;
}

async function load(name: SecretName, env: NodeJS.ProcessEnv): Promise<Record<string, string>> {
  const secretId = env[secretIdEnvName(name)];
  if (secretId) {
    const out = await getSecretValue(secretId, env);
    return parse(name, out.SecretString ?? '{}');
  }
  const local = env[localSecretEnvName(name)];
  if (local) return parse(name, local);
  throw new Error(`Secret ${name} is not configured (set ${secretIdEnvName(name)})`);
}

/**
 * Reads a secret again now, bypassing the cache, and keeps the new value for later `getSecret` calls;
 * a failed read leaves the cached value as it was (and throws). The origin check uses it so a warm
 * Lambda learns a rotated value (functions/lib/origin-check.ts).
 */
export async function refreshSecret<N extends SecretName>(name: N, env: NodeJS.ProcessEnv = process.env): Promise<SecretValue<N>> {
  const value = await load(name, env);
  cache.set(name, Promise.resolve(value));
  return value as SecretValue<N>;
}

/**
 * Starts reading every secret this function is configured with (each `SECRET_ID_<NAME>` the stack
 * gave it) and has not read yet, for later `getSecret` calls to find: they are read at once, not one
 * per secret in turn (the session's, then Stripe's). The origin check calls it once a request has
 * passed (functions/lib/origin-check.ts). A failed read is forgotten, so the `getSecret` that needs the
 * value reads it again and sees the error.
 */
export function prefetchSecrets(env: NodeJS.ProcessEnv = process.env): void {
  for (const name of Object.keys(secrets) as SecretName[]) {
    if (env[secretIdEnvName(name)] && !cache.has(name)) getSecret(name, env).catch(() => undefined);
  }
}

/** A secret's fields, read once per cold start and cached for the life of the Lambda. */
export async function getSecret<N extends SecretName>(name: N, env: NodeJS.ProcessEnv = process.env): Promise<SecretValue<N>> {
  if (!cache.has(name)) {
    const pending = load(name, env);
    pending.catch(() => cache.delete(name)); // a failed read is retried on the next request
    cache.set(name, pending);
  }
  return (await cache.get(name)!) as SecretValue<N>;
}
