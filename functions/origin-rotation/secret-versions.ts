import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  UpdateSecretVersionStageCommand,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { SecretVersions } from './rotation';

/** The rotated secret's versions in Secrets Manager: the four calls AWS's rotation template makes. */
export function secretsManagerVersions(client: Pick<SecretsManagerClient, 'send'>, secretId: string): SecretVersions {
  return {
    async describe() {
      const out = await client.send(new DescribeSecretCommand({ SecretId: secretId }));
      return { rotationEnabled: out.RotationEnabled === true, stages: out.VersionIdsToStages ?? {} };
    },
    async read(stage, versionId) {
      try {
        const out = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage, VersionId: versionId }));
        return out.SecretString;
      } catch (error) {
        // A version Secrets Manager has labelled AWSPENDING but that has no value yet (before createSecret).
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
    },
    async putPending(versionId, text) {
      await client.send(new PutSecretValueCommand({ SecretId: secretId, ClientRequestToken: versionId, SecretString: text, VersionStages: ['AWSPENDING'] }));
    },
    async makeCurrent(versionId, fromVersionId) {
      await client.send(new UpdateSecretVersionStageCommand({ SecretId: secretId, VersionStage: 'AWSCURRENT', MoveToVersionId: versionId, RemoveFromVersionId: fromVersionId }));
    },
  };
}
