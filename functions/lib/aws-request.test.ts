/**
 * ./aws-request.ts against the AWS SDK itself: its signer signs a request as the SDK's does, and the
 * SES and Secrets Manager calls send what the SDK's clients send (method, path, headers that say
 * what the call is, body), each at a stand-in that records both and checks our signature with the
 * SDK's signer.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callAws, signV4, type AwsService } from './aws-request';
import { SES, sesSender } from './mail';
import { SECRETS_MANAGER } from './secrets';
import { unavailableDependency } from './unavailable';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token-example' };

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let answers: { status: number; headers?: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const answer = answers.shift() ?? { status: 200, body: JSON.stringify({ MessageId: 'm-1', Name: 'n', SecretString: '{"value":"v"}' }) };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  seen.length = 0;
  answers = [];
});

const env = () => ({ AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_SESSION_TOKEN: credentials.sessionToken, AWS_ENDPOINT_URL_SESV2: base, AWS_ENDPOINT_URL_SECRETS_MANAGER: base });

/** The Authorization the SDK's signer gives the request as received, signing the headers ours says it signed, at its time. */
async function sdkSignature(request: Seen, service: string): Promise<string> {
  const auth = String(request.headers.authorization);
  const signed = /SignedHeaders=([^,]+)/.exec(auth)![1]!.split(';');
  const headers = Object.fromEntries(signed.map((name) => [name, String(request.headers[name])]));
  const amzDate = String(request.headers['x-amz-date']);
  const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  const signer = new SignatureV4({ credentials, region: 'eu-west-1', service, sha256: Sha256, applyChecksum: false });
  const { 'x-amz-date': _date, 'x-amz-security-token': _token, ...rest } = headers;
  const out = (await signer.sign({ method: request.method, protocol: 'http:', hostname: '127.0.0.1', path: request.path, headers: rest, body: request.body, query: {} } as never, { signingDate })) as unknown as { headers: Record<string, string> };
  return out.headers.authorization!;
}

describe('Signature Version 4', () => {
  it("signs as the SDK's signer does, the session token and every given header included", async () => {
    const now = new Date('2026-11-28T08:30:00Z');
    const body = JSON.stringify({ SecretId: 'voxpen/stripe' });
    const ours = signV4({ method: 'POST', host: 'secretsmanager.eu-west-1.amazonaws.com', path: '/', headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'secretsmanager.GetSecretValue' }, body }, { region: 'eu-west-1', service: 'secretsmanager' }, credentials, now);
    const signer = new SignatureV4({ credentials, region: 'eu-west-1', service: 'secretsmanager', sha256: Sha256, applyChecksum: false });
    const request = { method: 'POST', protocol: 'https:', hostname: 'secretsmanager.eu-west-1.amazonaws.com', path: '/', headers: { host: 'secretsmanager.eu-west-1.amazonaws.com', 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' }, body, query: {} };
    const sdk = (await signer.sign(request as never, { signingDate: now })) as unknown as { headers: Record<string, string> };
    expect(ours.authorization).toBe(sdk.headers.authorization);
    expect(ours['x-amz-security-token']).toBe(credentials.sessionToken);
    expect(ours['x-amz-date']).toBe('20261128T083000Z');
  });
});

describe('the SES and Secrets Manager calls', () => {
  it("go to the regional endpoints the SDK's clients resolve", async () => {
    for (const [service, client] of [[SES, new SESv2Client({ region: 'eu-west-1', credentials })], [SECRETS_MANAGER, new SecretsManagerClient({ region: 'eu-west-1', credentials })]] as const) {
      const resolved = client.config.endpointProvider({ Region: 'eu-west-1', UseFIPS: false, UseDualStack: false });
      expect(`https://${service.host('eu-west-1')}/`).toBe(resolved.url.href);
    }
  });

  it("send a mail as SES's SDK client sends it: same path, headers that name the call, same body, a signature the SDK's signer agrees with", async () => {
    const mail = { to: 'ada@example.com', subject: 'Reset your Voxpen password', text: 'Open http://localhost/reset?token=t1', html: '<p>Open</p>', kind: 'password-reset' };
    const sdk = new SESv2Client({ region: 'eu-west-1', endpoint: base, credentials, maxAttempts: 1 });
    await sdk.send(new SendEmailCommand({ FromEmailAddress: 'Voxpen <no-reply@voxpen.app>', Destination: { ToAddresses: [mail.to] }, Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } } } } }));
    await sesSender('Voxpen <no-reply@voxpen.app>', env()).send(mail);
    const [theirs, ours] = seen as [Seen, Seen];
    expect({ method: ours.method, path: ours.path, type: ours.headers['content-type'], body: JSON.parse(ours.body) }).toEqual({ method: theirs.method, path: theirs.path, type: theirs.headers['content-type'], body: JSON.parse(theirs.body) });
    expect(ours.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token, /);
    expect(String(theirs.headers.authorization)).toContain('/eu-west-1/ses/aws4_request');
    expect(ours.headers.authorization).toBe(await sdkSignature(ours, 'ses'));
  });

  it("read a secret as Secrets Manager's SDK client reads it", async () => {
    const sdk = new SecretsManagerClient({ region: 'eu-west-1', endpoint: base, credentials, maxAttempts: 1 });
    await sdk.send(new GetSecretValueCommand({ SecretId: 'voxpen/stripe' }));
    const call = { path: '/', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' }, body: JSON.stringify({ SecretId: 'voxpen/stripe' }) };
    const service: AwsService = { signingName: 'secretsmanager', endpointId: 'SECRETS_MANAGER', host: () => 'unused' };
    expect(await callAws(service, call, { attemptMs: 1_000, maxAttempts: 1 }, env())).toMatchObject({ SecretString: '{"value":"v"}' });
    const [theirs, ours] = seen as [Seen, Seen];
    const shape = (s: Seen) => ({ method: s.method, path: s.path, type: s.headers['content-type'], target: s.headers['x-amz-target'], body: JSON.parse(s.body) });
    expect(shape(ours)).toEqual(shape(theirs));
    expect(String(theirs.headers.authorization)).toContain('/eu-west-1/secretsmanager/aws4_request');
    expect(ours.headers.authorization).toBe(await sdkSignature(ours, 'secretsmanager'));
  });

  it("throw the service's refusal by its name at once, and try a service that is down again before saying so, as a dependency and not our bug", async () => {
    const service: AwsService = { signingName: 'secretsmanager', endpointId: 'SECRETS_MANAGER', host: () => 'unused' };
    const call = { path: '/', headers: { 'content-type': 'application/x-amz-json-1.1' }, body: '{}' };
    answers = [{ status: 400, body: JSON.stringify({ __type: 'com.amazonaws.secretsmanager#ResourceNotFoundException', message: 'Secrets Manager can not find the specified secret.' }) }];
    const refused = await callAws(service, call, { attemptMs: 1_000, maxAttempts: 3 }, env()).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'ResourceNotFoundException', message: 'Secrets Manager can not find the specified secret.', $fault: 'client', $metadata: { httpStatusCode: 400 } });
    expect(seen).toHaveLength(1);
    expect(unavailableDependency(refused)).toBeUndefined();

    seen.length = 0;
    answers = [0, 1, 2].map(() => ({ status: 503, headers: { 'x-amzn-errortype': 'ServiceUnavailableException:http://internal.amazon.com/' }, body: '{"message":"Service unavailable"}' }));
    const down = await callAws(service, call, { attemptMs: 1_000, maxAttempts: 2 }, env()).catch((e: unknown) => e);
    expect(down).toMatchObject({ name: 'ServiceUnavailableException', $fault: 'server' });
    expect(seen).toHaveLength(2);
    expect(unavailableDependency(down)).not.toBeUndefined();
  });
});
