/**
 * The product's two AWS calls outside DynamoDB, made as signed HTTPS requests (Signature Version 4)
 * instead of through their SDK clients: Secrets Manager's GetSecretValue (./secrets.ts) and SES's
 * SendEmail (./mail.ts). Each is one JSON request; their clients were ~14 KB (Secrets Manager, in
 * every Lambda) and ~84 KB (SES v2: its whole model, in the Lambdas that mail) of the bundles, all of
 * it run at cold start (docs/decisions.md#28). DynamoDB keeps its SDK, which the document client and
 * its many operations need.
 *
 * What the SDK clients did and these keep: the Lambda role's keys from the environment (the first
 * place the SDK looks, and where Lambda puts them), the region from AWS_REGION, the endpoint from
 * AWS_ENDPOINT_URL_<SERVICE> or AWS_ENDPOINT_URL when set (the SDK's own settings: tests point them at
 * stand-ins), a time limit per attempt, another attempt after a throttle, a 5xx or a broken
 * connection, and an error named by AWS's error type carrying `$metadata` and `$fault`, as the SDK's
 * errors do, so ./unavailable.ts tells a service that is down from our bug as before.
 * test: ./aws-request.test.ts signs as the SDK's signer does and sends what its clients send.
 */
import { createHash, createHmac } from 'node:crypto';
import { callLimitMs } from './deadline';
import { nodeRequest } from './node-request';

export interface AwsService {
  /** The name requests are signed for (the credential scope's service). */
  signingName: string;
  /** The SDK's service id, upper case with underscores: AWS_ENDPOINT_URL_<id> overrides the endpoint. */
  endpointId: string;
  /** Its regional host, e.g. `email.eu-west-1.amazonaws.com`. */
  host: (region: string) => string;
}

export interface AwsCall {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface AwsLimits {
  /** One attempt's time limit, cut to what is left of the request's budget (./deadline.ts). */
  attemptMs: number;
  maxAttempts: number;
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** An error answered by an AWS service, shaped as the SDK's are (name, `$metadata`, `$fault`). */
export class AwsServiceError extends Error {
  readonly $metadata: { httpStatusCode: number; requestId?: string };
  readonly $fault: 'client' | 'server';

  constructor(name: string, message: string, status: number, requestId: string | undefined) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status, ...(requestId ? { requestId } : {}) };
    this.$fault = status >= 500 ? 'server' : 'client';
  }
}

/** The SDK's "slow down" answers, which another attempt may get past. */
const THROTTLES = new Set(['ThrottlingException', 'Throttling', 'TooManyRequestsException', 'RequestLimitExceeded', 'LimitExceededException']);

export function credentialsFromEnv(env: NodeJS.ProcessEnv): Credentials {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are unset (Lambda sets them from the function role)');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * Signature Version 4 of a request without a query string: its headers with `x-amz-date` (and the
 * session token) added and `authorization` signing every header given.
 */
export function signV4(
  request: { method: string; host: string; path: string; headers: Record<string, string>; body: string },
  scope: { region: string; service: string },
  credentials: Credentials,
  now: Date,
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value])),
    host: request.host,
    'x-amz-date': amzDate,
    ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  // Each path segment URI-encoded (RFC 3986), as the SDK's signer does for every service but S3.
  const canonicalPath = request.path.split('/').map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');
  const canonicalRequest = [request.method, canonicalPath, '', canonicalHeaders, signedHeaders, sha256Hex(request.body)].join('\n');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), scope.region), scope.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

/** The service's endpoint: the SDK's AWS_ENDPOINT_URL_<id> or AWS_ENDPOINT_URL when set, else its regional host over https. */
function endpointOf(service: AwsService, region: string, env: NodeJS.ProcessEnv): URL {
  return new URL(env[`AWS_ENDPOINT_URL_${service.endpointId}`] ?? env.AWS_ENDPOINT_URL ?? `https://${service.host(region)}`);
}

/** The error an answer carries: its type from x-amzn-errortype or the body's __type/code, its message from the body. */
function serviceError(status: number, headers: Record<string, string | string[] | undefined>, body: string): AwsServiceError {
  let parsed: { __type?: string; code?: string; message?: string; Message?: string } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const typeHeader = headers['x-amzn-errortype'];
  const type = (typeof typeHeader === 'string' ? typeHeader : undefined) ?? parsed.__type ?? parsed.code ?? (status >= 500 ? 'ServiceUnavailable' : `Http${status}`);
  // "ResourceNotFoundException:http://internal.amazon.com/..." and "com.amazonaws.secretsmanager#ResourceNotFoundException": the name alone.
  const name = type.split(':')[0]!.split('#').pop()!;
  const requestId = headers['x-amzn-requestid'];
  return new AwsServiceError(name, parsed.message ?? parsed.Message ?? `${name} (HTTP ${status})`, status, typeof requestId === 'string' ? requestId : undefined);
}

function worthAnotherAttempt(error: unknown): boolean {
  if (error instanceof AwsServiceError) return error.$fault === 'server' || error.$metadata.httpStatusCode === 429 || THROTTLES.has(error.name);
  // No answer: refused, reset or timed out (the SDK's standard retry treats these as transient too).
  return true;
}

/** One POST to the service, signed, with up to `limits.maxAttempts` attempts; the answer's JSON, or the service's error thrown. */
export async function callAws<T>(service: AwsService, call: AwsCall, limits: AwsLimits, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('No AWS region: AWS_REGION is unset (Lambda sets it)');
  const endpoint = endpointOf(service, region, env);
  const url = new URL(call.path, endpoint);
  for (let attempt = 1; ; attempt++) {
    try {
      // Signed per attempt: the signature carries its time.
      const headers = signV4({ method: 'POST', host: url.host, path: url.pathname, headers: call.headers, body: call.body }, { region, service: service.signingName }, credentialsFromEnv(env), new Date());
      const res = await nodeRequest(url, { method: 'POST', headers, body: call.body, timeoutMs: callLimitMs(limits.attemptMs) });
      if (res.status >= 200 && res.status < 300) return (res.body ? JSON.parse(res.body) : {}) as T;
      throw serviceError(res.status, res.headers, res.body);
    } catch (error) {
      if (attempt >= limits.maxAttempts || !worthAnotherAttempt(error)) throw error;
      // The SDK's standard backoff: a random wait under 100 ms × 2^attempt.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
    }
  }
}
