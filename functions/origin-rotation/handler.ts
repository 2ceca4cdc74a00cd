/**
 * The origin secret's rotation function, invoked by Secrets Manager once per rotation step
 * (rotation.ts). The stack names the distribution and the header; the secret comes in the event.
 */
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { randomBytes } from 'node:crypto';
import { logger } from '../lib/logger';
import { cloudFrontOriginHeader } from './distribution';
import { DONE, ROTATION_STEPS, rotate, type RotationStep } from './rotation';
import { secretsManagerVersions } from './secret-versions';

export interface RotationEvent {
  Step: string;
  SecretId: string;
  ClientRequestToken: string;
}

const secrets = new SecretsManagerClient({});
// CloudFront's API has one endpoint, in us-east-1, whatever region the function runs in.
const cloudFront = new CloudFrontClient({ region: 'us-east-1' });

export async function handler(event: RotationEvent): Promise<void> {
  const distributionId = process.env.DISTRIBUTION_ID;
  const header = process.env.ORIGIN_HEADER;
  if (!distributionId || !header) throw new Error('DISTRIBUTION_ID and ORIGIN_HEADER must be set');
  if (!ROTATION_STEPS.includes(event.Step as RotationStep)) throw new Error(`Unknown rotation step ${event.Step}`);

  const outcome = await rotate(event.Step as RotationStep, event.ClientRequestToken, {
    secret: secretsManagerVersions(secrets, event.SecretId),
    origin: cloudFrontOriginHeader(cloudFront, distributionId, header),
    random: () => randomBytes(32).toString('base64url'),
  });
  // Ids and outcomes only: never a value of the secret.
  logger.info('origin secret rotation step', { step: event.Step, versionId: event.ClientRequestToken, outcome: outcome.status });
  // A thrown error is how Secrets Manager learns the step failed: it marks the rotation failed and retries it.
  if (!DONE.has(outcome.status)) throw new Error(`Rotation step ${event.Step} of version ${event.ClientRequestToken} failed: ${outcome.status}`);
}
