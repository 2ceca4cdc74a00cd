/** The rotation's Secrets Manager side: the calls AWS's rotation template makes, and a pending version without a value read as none. */
import { GetSecretValueCommand, PutSecretValueCommand, ResourceNotFoundException, UpdateSecretVersionStageCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import { secretsManagerVersions } from './secret-versions';

function fakeClient(answer: (command: unknown) => unknown) {
  const sent: unknown[] = [];
  const client = {
    send: async (command: unknown) => {
      sent.push(command);
      return answer(command);
    },
  } as unknown as Pick<SecretsManagerClient, 'send'>;
  return { client, sent };
}

describe('secretsManagerVersions', () => {
  it('reads a version labelled AWSPENDING without a value (before createSecret) as none, and other errors as errors', async () => {
    const missing = fakeClient(() => {
      throw new ResourceNotFoundException({ message: 'no value', $metadata: {} });
    });
    expect(await secretsManagerVersions(missing.client, 'arn:secret').read('AWSPENDING', 'r1')).toBeUndefined();
    expect((missing.sent[0] as GetSecretValueCommand).input).toEqual({ SecretId: 'arn:secret', VersionStage: 'AWSPENDING', VersionId: 'r1' });
    const denied = fakeClient(() => {
      throw new Error('AccessDenied');
    });
    await expect(secretsManagerVersions(denied.client, 'arn:secret').read('AWSCURRENT')).rejects.toThrow('AccessDenied');
  });

  it('puts the new version under AWSPENDING with its token, and moves AWSCURRENT from the old version to it', async () => {
    const { client, sent } = fakeClient(() => ({}));
    const versions = secretsManagerVersions(client, 'arn:secret');
    await versions.putPending('r1', '{"value":"a"}');
    await versions.makeCurrent('r1', 'r0');
    expect((sent[0] as PutSecretValueCommand).input).toEqual({ SecretId: 'arn:secret', ClientRequestToken: 'r1', SecretString: '{"value":"a"}', VersionStages: ['AWSPENDING'] });
    expect((sent[1] as UpdateSecretVersionStageCommand).input).toEqual({ SecretId: 'arn:secret', VersionStage: 'AWSCURRENT', MoveToVersionId: 'r1', RemoveFromVersionId: 'r0' });
  });
});
